/**
 * One client's learned baseline in a drawer (issue 5): the map (geofence circle of the radius,
 * clock-ins, clock-outs, outliers in another colour and shape, approved locations), the figures
 * (radius, samples, cluster sizes, outliers, confidences, last learned), the approved locations with
 * "Edit" and "Remove", and "Add approved location": click the map (or type the coordinates), give a label,
 * kind and radius. Adding or removing re-screens the client's shifts on the server at once.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  approvedLocationInput,
  approvedLocationKindLabels,
  approvedLocationKinds,
  type ApprovedLocation,
  type ApprovedLocationKind,
  type BaselineLocation,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import {
  useBaselineDetail,
  useCreateApprovedLocation,
  useDeleteApprovedLocation,
  useUpdateApprovedLocation,
} from '../api/screening-locations.ts';
import { LocationMap } from './location-map.tsx';
import { formatCoordinate, formatDistance, formatExactTime, formatShare } from '../../../lib/format/index.ts';

const kindOptions = approvedLocationKinds.map((value) => ({
  value,
  label: approvedLocationKindLabels[value],
}));
const labels = { label: 'Label', kind: 'Kind', lat: 'Latitude', long: 'Longitude', radiusMeters: 'Radius' };

/** One figure of the baseline: its label above its value, named as a group. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div role="group" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

/** "Learned" (blue) or "Not enough shifts (n of 5)" (gray): colour plus words. */
export function BaselineStatusBadge({ baseline }: { baseline: BaselineLocation }) {
  return baseline.learned ? (
    <Badge color="blue" variant="light">
      Learned
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Not enough shifts ({baseline.sampleSize} of {baseline.requiredSamples})
    </Badge>
  );
}

interface ApprovedFormValues {
  label: string;
  kind: ApprovedLocationKind;
  lat: number | string;
  long: number | string;
  radiusMeters: number | string;
}

/** The "Add approved location" form, validated with the contract (`approvedLocationInput`). */
function useApprovedLocationForm(clientId: string | undefined) {
  return useForm<ApprovedFormValues>({
    initialValues: { label: '', kind: 'DAY_PROGRAM', lat: '', long: '', radiusMeters: 100 },
    validate: (values) =>
      contractValidator(
        approvedLocationInput,
        labels,
      )({
        clientId: clientId ?? '',
        label: values.label,
        kind: values.kind,
        lat: values.lat === '' ? undefined : Number(values.lat),
        long: values.long === '' ? undefined : Number(values.long),
        radiusMeters: values.radiusMeters === '' ? undefined : Number(values.radiusMeters),
      }),
  });
}

type ApprovedLocationFormState = ReturnType<typeof useApprovedLocationForm>;

/** Submits the form: adds a location for `clientId`, or saves the one being edited. */
function useSaveApprovedLocation(
  clientId: string,
  form: ApprovedLocationFormState,
  editing: string | null,
  onDone: () => void,
) {
  const create = useCreateApprovedLocation();
  const update = useUpdateApprovedLocation();
  const submit = form.onSubmit((values) => {
    const input = {
      label: values.label,
      kind: values.kind,
      lat: Number(values.lat),
      long: Number(values.long),
      radiusMeters: Number(values.radiusMeters),
    };
    const handlers = {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: `Approved location ${editing ? 'saved' : 'added'}; the shifts were screened again`,
        });
        form.reset();
        onDone();
      },
      onError: (error: Error) => applyApiFieldErrors(form, error, labels),
    };
    if (editing) update.mutate({ id: editing, ...input }, handlers);
    else create.mutate({ clientId, ...input }, handlers);
  });
  return { submit, mutation: editing ? update : create };
}

/**
 * The approved-location form: adds one, or (with `editing`, the id of the location loaded into the
 * form) saves the changes to it.
 */
function ApprovedLocationForm({
  clientId,
  form,
  editing,
  onDone,
}: {
  clientId: string;
  form: ApprovedLocationFormState;
  editing: string | null;
  onDone: () => void;
}) {
  const { submit, mutation } = useSaveApprovedLocation(clientId, form, editing, onDone);
  const title = editing ? 'Edit approved location' : 'Add approved location';
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="sm">
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            Click the map to place it, or type the coordinates. Punches within its radius count as home.
          </Text>
          <ApprovedLocationFields form={form} />
          {mutation.error ? (
            <ApiErrorAlert
              error={mutation.error}
              title={editing ? 'The location was not saved' : 'The location was not added'}
              fieldErrors={[]}
            />
          ) : null}
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              {editing ? 'Save approved location' : 'Add approved location'}
            </Button>
            {editing ? (
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Label, kind, latitude, longitude (degrees) and radius (metres) of an approved location. */
function ApprovedLocationFields({ form }: { form: ApprovedLocationFormState }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Label"
        placeholder="e.g. Day programme — Main St"
        required
        maxLength={200}
        {...form.getInputProps('label')}
      />
      <Select label="Kind" data={kindOptions} allowDeselect={false} {...form.getInputProps('kind')} />
      <NumberInput
        label="Latitude"
        required
        decimalScale={6}
        min={-90}
        max={90}
        hideControls
        {...form.getInputProps('lat')}
      />
      <NumberInput
        label="Longitude"
        required
        decimalScale={6}
        min={-180}
        max={180}
        hideControls
        {...form.getInputProps('long')}
      />
      <NumberInput
        label="Radius (metres)"
        required
        min={25}
        max={1609}
        step={25}
        {...form.getInputProps('radiusMeters')}
      />
    </SimpleGrid>
  );
}

/**
 * The approved-location form's state in the drawer: which location is being edited, the place picked
 * on the map (a coordinate in the form, drawn with its radius) and the map's click filling it in.
 */
function useApprovedLocationEditing(clientId: string | undefined) {
  const [, setTick] = useState(0);
  const form = useApprovedLocationForm(clientId);
  const [editing, setEditing] = useState<string | null>(null);
  const stopEditing = () => {
    setEditing(null);
    form.reset();
  };
  const startEditing = (a: ApprovedLocation) => {
    setEditing(a.id);
    form.setValues({ label: a.label, kind: a.kind, lat: a.lat, long: a.long, radiusMeters: a.radiusMeters });
  };
  const pick = (lat: number, long: number) => {
    form.setFieldValue('lat', Number(lat.toFixed(6)));
    form.setFieldValue('long', Number(long.toFixed(6)));
    setTick((t) => t + 1);
  };
  const picked =
    typeof form.values.lat === 'number' && typeof form.values.long === 'number'
      ? {
          lat: form.values.lat,
          long: form.values.long,
          radiusMeters: Number(form.values.radiusMeters) || 100,
        }
      : null;
  return { form, editing, startEditing, stopEditing, picked, pick };
}

/** See the module comment. */
export function BaselineDrawer({ clientId, onClose }: { clientId: string | undefined; onClose: () => void }) {
  const detail = useBaselineDetail(clientId);
  const editing = useApprovedLocationEditing(clientId);
  const data = detail.data;
  const b = data?.baseline;
  return (
    <Drawer
      opened={Boolean(clientId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={b ? `Baseline — ${b.clientName}` : 'Baseline'}
    >
      {detail.isPending ? (
        <PageLoader />
      ) : detail.error ? (
        <ApiErrorAlert error={detail.error} title="The baseline could not be loaded" />
      ) : data && b ? (
        <Stack gap="md">
          <BaselineState baseline={b} />
          <LocationMap
            label={`Map of ${b.clientName}'s clock-ins, clock-outs and approved locations`}
            fence={b.learned ? b : null}
            inPoints={data.inPoints}
            outPoints={data.outPoints}
            approved={data.approvedLocations}
            picked={editing.picked}
            onPick={editing.pick}
            height={380}
          />
          {data.sampled ? (
            <Text size="xs" c="dimmed">
              The map shows an even sample of {data.inPoints.length + data.outPoints.length} of{' '}
              {data.totalPoints} punches.
            </Text>
          ) : null}
          <BaselineFigures baseline={b} />
          <ApprovedLocationList
            locations={data.approvedLocations}
            onEdit={editing.startEditing}
            onRemoved={(id) => {
              if (editing.editing === id) editing.stopEditing();
            }}
          />
          {clientId ? (
            <ApprovedLocationForm
              clientId={clientId}
              form={editing.form}
              editing={editing.editing}
              onDone={editing.stopEditing}
            />
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}

/** Whether the baseline is learned, how many findings await review, and why it is not learned yet. */
function BaselineState({ baseline: b }: { baseline: BaselineLocation }) {
  return (
    <>
      <Group gap="xs">
        <BaselineStatusBadge baseline={b} />
        {b.openFindingCount ? (
          <Badge color="orange" variant="light">
            {b.openFindingCount} to review
          </Badge>
        ) : null}
      </Group>
      {!b.learned ? (
        <Alert
          color="gray"
          title={`Not enough shifts with coordinates yet (${b.sampleSize} of ${b.requiredSamples})`}
        >
          A baseline is learned once {b.requiredSamples} shifts have clock-in or clock-out coordinates. Until
          then only missing coordinates, clock-ins far from clock-outs, and punches shared by many clients are
          flagged.
        </Alert>
      ) : null}
    </>
  );
}

/** The baseline's figures: radius, samples, homes, clusters, outliers, confidences, last learned. */
function BaselineFigures({ baseline: b }: { baseline: BaselineLocation }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Figure label="Radius" value={b.radiusMeters ? formatDistance(b.radiusMeters) : '—'} />
      <Figure label="Shifts with coordinates" value={String(b.sampleSize)} />
      <Figure label="Clock-in home" value={formatCoordinate(b.inLat, b.inLong)} />
      <Figure label="Clock-out home" value={formatCoordinate(b.outLat, b.outLong)} />
      <Figure label="Clock-in clusters" value={b.inClusterSizes.length ? b.inClusterSizes.join(', ') : '—'} />
      <Figure
        label="Clock-out clusters"
        value={b.outClusterSizes.length ? b.outClusterSizes.join(', ') : '—'}
      />
      <Figure label="Outliers (in / out)" value={`${b.inOutlierCount} / ${b.outOutlierCount}`} />
      <Figure
        label="Confidence (in / out)"
        value={`${formatShare(b.inConfidence)} / ${formatShare(b.outConfidence)}`}
      />
      <Figure label="Last learned" value={b.lastUpdated ? formatExactTime(b.lastUpdated) : 'Not yet'} />
    </SimpleGrid>
  );
}

/** The client's approved locations, each with "Edit" and "Remove". */
function ApprovedLocationList({
  locations,
  onEdit,
  onRemoved,
}: {
  locations: ApprovedLocation[];
  onEdit: (location: ApprovedLocation) => void;
  /** Called as a location's removal starts (the form stops editing it). */
  onRemoved: (id: string) => void;
}) {
  const remove = useDeleteApprovedLocation();
  return (
    <Stack gap="xs">
      <Title order={4}>Approved locations</Title>
      {locations.length ? (
        locations.map((a) => (
          <Group key={a.id} justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" fw={500}>
                {a.label}
              </Text>
              <Text size="xs" c="dimmed">
                {approvedLocationKindLabels[a.kind]} · {formatCoordinate(a.lat, a.long)} ·{' '}
                {formatDistance(a.radiusMeters)}
              </Text>
            </div>
            <Group gap={4} wrap="nowrap">
              <Button
                variant="subtle"
                size="xs"
                aria-label={`Edit approved location ${a.label}`}
                onClick={() => onEdit(a)}
              >
                Edit
              </Button>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                aria-label={`Remove approved location ${a.label}`}
                loading={remove.isPending && remove.variables === a.id}
                onClick={() => {
                  onRemoved(a.id);
                  remove.mutate(a.id);
                }}
              >
                Remove
              </Button>
            </Group>
          </Group>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          None yet. Add the day programme, a family home or other places where visits really happen.
        </Text>
      )}
      {remove.error ? <ApiErrorAlert error={remove.error} title="The location was not removed" /> : null}
    </Stack>
  );
}
