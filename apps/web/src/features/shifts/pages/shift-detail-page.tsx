/**
 * `/admin/shifts/:id`: one shift in full (issue "shift records with EVV"): every EVV fact with times
 * in the visit's own zone (named), raw coordinates as recorded, clock-in and clock-out on a map, the
 * change history (who, when, why, old → new), its segments, the import it came from and the raw
 * source record. Admins correct it (with a reason), delete it (soft, with a reason) and restore it,
 * and edit each segment (split, change code, respite, notes, history) in the segment editor drawer.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Collapse,
  Group,
  Loader,
  Menu,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDots, IconEdit, IconRestore, IconTrash } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isValidCoordinate, shiftDeletion, type ShiftDetail } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useDeleteShift, useRestoreShift, useShift } from '../api/shift-detail.ts';
import { EvvBadge } from '../components/evv-badge.tsx';
import { ShiftCorrectionModal } from '../components/shift-correction-form.tsx';
import {
  SegmentEditorDrawer,
  segmentEditorTabLabels,
  segmentEditorTabs,
  type SegmentEditorTab,
} from '../components/segment-editor.tsx';
import { ChangeTimeline, whoChanged } from '../components/segment-editor-history.tsx';
import { ShiftMap } from '../components/shift-map.tsx';
import {
  formatDurationBetween,
  formatExactTime,
  formatFullDay,
  formatRecordedCoordinate,
  formatZonedInstant,
} from '../../../lib/format/index.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** Coordinates exactly as recorded, flagged when impossible or missing. */
function Location({ lat, long }: { lat: number | null; long: number | null }) {
  const present = lat !== null && long !== null;
  return (
    <Group gap={6} component="span">
      <span>{formatRecordedCoordinate(lat, long)}</span>
      {present && !isValidCoordinate(lat, long) ? (
        <Badge color="orange" variant="light" size="sm">
          Invalid location
        </Badge>
      ) : null}
      {!present ? (
        <Badge color="yellow" variant="light" size="sm">
          No location
        </Badge>
      ) : null}
    </Group>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

interface ReasonDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  description: string;
  confirmLabel: string;
  color: string;
  pending: boolean;
  error: unknown;
  /** Sends the reason; API field errors go back on the input through `form`. */
  onConfirm: (reason: string, form: { setErrors: (errors: FormErrors) => void }) => void;
}

/** The form inside the dialog: mounted on open, so each opening starts empty. */
function ReasonForm({
  title,
  description,
  confirmLabel,
  color,
  pending,
  error,
  onClose,
  onConfirm,
}: ReasonDialogProps) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: contractValidator(shiftDeletion, { reason: 'Reason' }),
  });
  return (
    <form noValidate aria-label={title} onSubmit={form.onSubmit((values) => onConfirm(values.reason, form))}>
      <Stack gap="sm">
        <Text size="sm">{description}</Text>
        {error ? <ApiErrorAlert title={`${confirmLabel} failed`} error={error} /> : null}
        <Textarea
          label="Reason"
          required
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" color={color} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A confirm dialog that asks for a reason (delete and restore both need one). */
function ReasonModal(props: ReasonDialogProps) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title}>
      {props.opened ? <ReasonForm {...props} /> : null}
    </Modal>
  );
}

function ShiftDetailView({ shift }: { shift: ShiftDetail }) {
  const [correcting, setCorrecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [showRaw, setShowRaw] = useState(false);
  const [segmentEditor, setSegmentEditor] = useState<{ id: string; tab: SegmentEditorTab } | null>(null);
  const deleteShift = useDeleteShift();
  const restoreShift = useRestoreShift();
  const deletion = shift.deletedAt
    ? [...shift.changeHistory].reverse().find((change) => change.action === 'delete')
    : undefined;
  const zone = shift.timeZone;

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/shifts" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> All shifts
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>Shift on {formatFullDay(shift.date)}</Title>
          <Text size="lg">
            {shift.caregiverName} <span aria-label="for">→</span> {shift.clientName}
          </Text>
          <Group gap="xs">
            <EvvBadge status={shift.evvStatus} reason={shift.evvStatusReason} />
            {shift.evvStatusReason ? (
              <Text size="sm" c="dimmed" data-testid="evv-reason">
                {shift.evvStatusReason}
              </Text>
            ) : null}
          </Group>
        </Stack>
        {!shift.deletedAt ? (
          <Group gap="sm">
            <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setCorrecting(true)}>
              Correct shift
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              Delete
            </Button>
          </Group>
        ) : null}
      </Group>

      {shift.deletedAt ? (
        <Alert color="red" variant="light" title="This shift is deleted" role="status">
          <Stack gap="xs">
            <Text size="sm">
              Deleted {formatExactTime(shift.deletedAt)}
              {deletion ? ` by ${whoChanged(deletion)}` : ''}.
              {deletion?.reason ? (
                <>
                  {' '}
                  Reason:{' '}
                  <Text span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {deletion.reason}
                  </Text>
                </>
              ) : null}
            </Text>
            <Text size="sm">It is left out of lists, billing and payroll until it is restored.</Text>
            <Group>
              <Button
                color="green"
                leftSection={<IconRestore size={16} aria-hidden />}
                onClick={() => setRestoring(true)}
              >
                Restore
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      <Section title="Visit">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="dl" m={0}>
          <Fact label="Service date">{shift.date}</Fact>
          <Fact label="Procedure code">
            {shift.billingCode ?? '—'}
            {shift.mod1 ? ` + ${shift.mod1}` : ''}
          </Fact>
          <Fact label="Provider Medicaid id">{shift.providerMedicaidId ?? '—'}</Fact>
          <Fact label="Client Medicaid id (pid)">{shift.pid ?? '—'}</Fact>
          <Fact label="Clock-in">{formatZonedInstant(shift.evvInTime, zone)}</Fact>
          <Fact label="Clock-out">{formatZonedInstant(shift.evvOutTime, zone)}</Fact>
          <Fact label="Duration">{formatDurationBetween(shift.evvInTime, shift.evvOutTime)}</Fact>
          <Fact label="Visit time zone">{zone ?? '—'}</Fact>
          <Fact label="Clock-in location">
            <Location lat={shift.evvInLat} long={shift.evvInLong} />
          </Fact>
          <Fact label="Clock-out location">
            <Location lat={shift.evvOutLat} long={shift.evvOutLong} />
          </Fact>
          <Fact label="External visit id">{shift.givShiftId ?? '—'}</Fact>
          <Fact label="Sequence">{shift.externalSequence ?? '—'}</Fact>
          <Fact label="Caregiver">
            <Anchor component={Link} to={`/admin/shifts?caregiverId=${shift.caregiverId}`} size="sm">
              {shift.caregiverName}
            </Anchor>
          </Fact>
          <Fact label="Client">
            <Anchor component={Link} to={`/admin/shifts?clientId=${shift.clientId}`} size="sm">
              {shift.clientName}
            </Anchor>
          </Fact>
          <Fact label="Created">{formatExactTime(shift.createdAt)}</Fact>
          <Fact label="Last changed">{formatExactTime(shift.updatedAt)}</Fact>
        </SimpleGrid>
      </Section>

      <Section title="Screening">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="dl" m={0}>
          <Fact label="Incident screening">
            {shift.incident.screenedAt
              ? `Screened ${formatExactTime(shift.incident.screenedAt)}`
              : 'Not screened yet'}
          </Fact>
          <Fact label="Incident severity">{shift.incident.severity ?? '—'}</Fact>
          <Fact label="Incident reason">{shift.incident.reason ?? '—'}</Fact>
          <Fact label="Incident handled">{shift.incident.handled ? 'Yes' : 'No'}</Fact>
          <Fact label="Location screening">
            {shift.screenedForSuspiciousLocationAt
              ? `Screened ${formatExactTime(shift.screenedForSuspiciousLocationAt)}`
              : 'Not screened yet'}
          </Fact>
        </SimpleGrid>
        {shift.incident.analyzedNotes ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {shift.incident.analyzedNotes}
          </Text>
        ) : null}
      </Section>

      <Section title="Locations">
        <ShiftMap
          evvInLat={shift.evvInLat}
          evvInLong={shift.evvInLong}
          evvOutLat={shift.evvOutLat}
          evvOutLong={shift.evvOutLong}
        />
      </Section>

      <Section title="Segments">
        {shift.segments.length ? (
          <Table.ScrollContainer minWidth={640}>
            <Table withTableBorder striped fz="sm" aria-label="Segments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Start</Table.Th>
                  <Table.Th>End</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Validation</Table.Th>
                  <Table.Th>Changes</Table.Th>
                  <Table.Th>Notes</Table.Th>
                  {!shift.deletedAt ? (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shift.segments.map((segment) => (
                  <Table.Tr key={segment.id}>
                    <Table.Td>{formatZonedInstant(segment.evvStart, zone)}</Table.Td>
                    <Table.Td>{formatZonedInstant(segment.evvEnd, zone)}</Table.Td>
                    <Table.Td>
                      {segment.billingCode ?? '—'}
                      {segment.modifier ? ` + ${segment.modifier}` : ''}
                    </Table.Td>
                    <Table.Td>{segment.creationSource ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge
                        variant="light"
                        color={segment.validationStatus === 'READY' ? 'green' : 'gray'}
                        size="sm"
                      >
                        {segment.validationStatus === 'READY' ? 'Ready' : 'Not ready'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{segment.changeHistory.length}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{segment.notes ?? '—'}</Table.Td>
                    {!shift.deletedAt ? (
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button
                              variant="default"
                              size="compact-sm"
                              rightSection={<IconDots size={14} aria-hidden />}
                              aria-label={`Edit segment ${formatZonedInstant(segment.evvStart, zone)} to ${formatZonedInstant(segment.evvEnd, zone)}`}
                            >
                              Edit
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {segmentEditorTabs.map((tab) => (
                              <Menu.Item key={tab} onClick={() => setSegmentEditor({ id: segment.id, tab })}>
                                {segmentEditorTabLabels[tab]}
                              </Menu.Item>
                            ))}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed">
            No segments: this shift has no billable slice yet.
          </Text>
        )}
      </Section>

      <Section title={`Change history (${shift.changeHistory.length})`}>
        <ChangeTimeline history={shift.changeHistory} timeZone={zone} />
      </Section>

      <Section title="Source">
        <Stack gap="sm">
          {shift.csvFile ? (
            <Text size="sm">
              Imported from <strong>{shift.csvFile.originalName}</strong>, uploaded{' '}
              {formatExactTime(shift.csvFile.uploadDate)}.{' '}
              <Anchor component={Link} to={`/admin/shifts?csvFileId=${shift.csvFile.id}`}>
                Shifts from this import
              </Anchor>
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Not linked to an uploaded file.
            </Text>
          )}
          {shift.rawData ? (
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setShowRaw((open) => !open)}
                aria-expanded={showRaw}
                aria-controls="shift-raw-record"
              >
                {showRaw ? 'Hide source record' : 'Show source record'}
              </Button>
              <Collapse expanded={showRaw} id="shift-raw-record">
                <Code block mt="xs" style={{ maxHeight: 480, overflow: 'auto' }}>
                  {JSON.stringify(shift.rawData, null, 2)}
                </Code>
              </Collapse>
            </div>
          ) : null}
        </Stack>
      </Section>

      <ShiftCorrectionModal shift={shift} opened={correcting} onClose={() => setCorrecting(false)} />
      <SegmentEditorDrawer
        segmentId={segmentEditor?.id ?? null}
        tab={segmentEditor?.tab ?? 'history'}
        onTabChange={(tab) => setSegmentEditor((open) => (open ? { ...open, tab } : open))}
        onClose={() => setSegmentEditor(null)}
      />
      <ReasonModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title="Delete shift"
        description="The shift leaves lists, billing and payroll. It is kept and can be restored."
        confirmLabel="Delete shift"
        color="red"
        pending={deleteShift.isPending}
        error={deleteShift.error}
        onConfirm={(reason, form) =>
          deleteShift.mutate(
            { id: shift.id, input: { reason } },
            {
              onSuccess: () => {
                setDeleting(false);
                notifications.show({
                  color: 'green',
                  title: 'Shift deleted',
                  message: 'You can restore it here.',
                });
              },
              onError: (error) => applyApiFieldErrors(form, error, { reason: 'Reason' }),
            },
          )
        }
      />
      <ReasonModal
        opened={restoring}
        onClose={() => setRestoring(false)}
        title="Restore shift"
        description="The shift returns to lists, billing and payroll, with its segments."
        confirmLabel="Restore shift"
        color="green"
        pending={restoreShift.isPending}
        error={restoreShift.error}
        onConfirm={(reason, form) =>
          restoreShift.mutate(
            { id: shift.id, input: { reason } },
            {
              onSuccess: () => {
                setRestoring(false);
                notifications.show({ color: 'green', title: 'Shift restored', message: 'It is live again.' });
              },
              onError: (error) => applyApiFieldErrors(form, error, { reason: 'Reason' }),
            },
          )
        }
      />
    </Stack>
  );
}

export function ShiftDetailPage() {
  const { id = '' } = useParams();
  const shift = useShift(id);
  if (shift.isPending) return <Loader aria-label="Loading shift" />;
  if (shift.error)
    return (
      <Stack gap="md">
        <Anchor component={Link} to="/admin/shifts" size="sm">
          All shifts
        </Anchor>
        <ApiErrorAlert
          title="The shift could not be shown"
          error={shift.error}
          hint="Check the link, or find the shift in the list."
        />
      </Stack>
    );
  return <ShiftDetailView shift={shift.data} />;
}
