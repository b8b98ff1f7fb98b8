/**
 * The segment editor's forms (docs/segment-editor.md): split at a minute into two codes, change code or
 * modifier, respite handling, notes. Each sends the segment's `updatedAt` as `expectedUpdatedAt` (read
 * at submit time, so after a 409 the refetched version is used and what was typed stays); contract
 * messages and the API's field errors land on their inputs (UX.md "Forms").
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  segmentSplit,
  segmentUpdate,
  type FieldError,
  type SegmentDetail,
  type SegmentUpdateInput,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { labelMessage } from '../../../lib/form-errors.ts';
import { useSplitSegment, useUpdateSegment } from '../api/segment-editor.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import { displayTimeZone, formatZonedInstant } from '../../../lib/format/index.ts';

type Values = Record<string, string | boolean>;

/**
 * Puts contract or API field errors (`path` like `first.billingCode`) on the inputs named by `fields`
 * (contract path → form field), labelled; returns the ones that match no input.
 */
function setFieldErrors(
  form: UseFormReturnType<Values>,
  issues: { path: string; message: string }[],
  fields: Record<string, string>,
  labels: Record<string, string>,
): FieldError[] {
  const errors: Record<string, string> = {};
  const unmatched: FieldError[] = [];
  for (const issue of issues) {
    const field = fields[issue.path.replace(/^body\./, '')];
    if (!field) unmatched.push(issue);
    else errors[field] ??= labelMessage(issue.message, labels[field]);
  }
  form.setErrors(errors);
  return unmatched;
}

const apiIssues = (error: unknown) => (error instanceof ApiError ? error.fieldErrors : []);
const zodIssues = (issues: { path: PropertyKey[]; message: string }[]) =>
  issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));

/** The shift's own zone, else the agency's (never the browser's once the agency's is known). */
const timeZoneOf = (segment: SegmentDetail) => segment.shift.timeZone ?? displayTimeZone();

/** The middle of the segment, rounded to 15 minutes, as a suggested split time (ISO), or null. */
export function suggestedSplit(segment: Pick<SegmentDetail, 'evvStart' | 'evvEnd'>): string | null {
  if (!segment.evvStart || !segment.evvEnd) return null;
  const start = Date.parse(segment.evvStart);
  const end = Date.parse(segment.evvEnd);
  const quarter = 15 * 60_000;
  const middle = Math.round((start + end) / 2 / quarter) * quarter;
  if (middle > start && middle < end) return new Date(middle).toISOString();
  const minute = Math.ceil((start + 1) / 60_000) * 60_000;
  return minute < end ? new Date(minute).toISOString() : null;
}

interface FormProps {
  segment: SegmentDetail;
  onDone: () => void;
}

const splitLabels = {
  at: 'Split at',
  firstCode: 'First part: procedure code',
  firstModifier: 'First part: modifier',
  secondCode: 'Second part: procedure code',
  secondModifier: 'Second part: modifier',
  reason: 'Reason',
};
const splitFields: Record<string, string> = {
  at: 'at',
  'first.billingCode': 'firstCode',
  'first.modifier': 'firstModifier',
  'second.billingCode': 'secondCode',
  'second.modifier': 'secondModifier',
  reason: 'reason',
};

/**
 * The split form's state: the split minute (suggested, in the visit's zone), both parts' codes and
 * the reason; submit checks them with contracts `segmentSplit`, then splits (errors on their inputs).
 */
function useSplitForm({ segment, onDone }: FormProps) {
  const split = useSplitSegment();
  const zone = timeZoneOf(segment);
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      at: toZonedInput(suggestedSplit(segment), zone),
      firstCode: segment.billingCode ?? '',
      firstModifier: segment.modifier ?? '',
      secondCode: '',
      secondModifier: '',
      reason: '',
    },
  });
  const submit = form.onSubmit((values) => {
    const at = fromZonedInput(String(values.at), zone);
    if (!at) {
      form.setErrors({ at: labelMessage('must be a date and time', splitLabels.at) });
      return;
    }
    const parsed = segmentSplit.safeParse({
      expectedUpdatedAt: segment.updatedAt,
      at,
      first: { billingCode: values.firstCode, modifier: values.firstModifier },
      second: { billingCode: values.secondCode, modifier: values.secondModifier },
      reason: values.reason,
    });
    if (!parsed.success) {
      setFieldErrors(form, zodIssues(parsed.error.issues), splitFields, splitLabels);
      return;
    }
    split.mutate(
      { id: segment.id, input: parsed.data },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Segment split',
            message: 'Both parts are re-validated and the split is in their history.',
          });
          onDone();
        },
        onError: (error) => setUnmatched(setFieldErrors(form, apiIssues(error), splitFields, splitLabels)),
      },
    );
  });
  return { form, submit, split, zone, unmatched };
}

/** Split into two parts with their own codes; the first keeps the clock-in point, the second the clock-out. */
export function SplitForm({ segment, onDone }: FormProps) {
  const { form, submit, split, zone, unmatched } = useSplitForm({ segment, onDone });
  if (!segment.evvStart || !segment.evvEnd)
    return (
      <Alert color="yellow" variant="light">
        This segment has no start or no end time, so it cannot be split. Correct the shift’s times first.
      </Alert>
    );
  return (
    <form onSubmit={submit} noValidate aria-label="Split segment">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Pick the minute where the work changes, between {formatZonedInstant(segment.evvStart, zone)} and{' '}
          {formatZonedInstant(segment.evvEnd, zone)} ({zone}). The first part keeps the clock-in location, the
          second the clock-out location. Both parts stop following later changes of the shift.
        </Text>
        {split.error ? (
          <ApiErrorAlert title="The segment was not split" error={split.error} fieldErrors={unmatched} />
        ) : null}
        <TextInput
          type="datetime-local"
          step={60}
          required
          label={`${splitLabels.at} (${zone})`}
          {...form.getInputProps('at')}
        />
        <SplitCodeFields form={form} />
        <Textarea
          label={splitLabels.reason}
          description="Why the visit is billed as two services (kept in the history)."
          required
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={split.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={split.isPending}>
            Split segment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The procedure code and modifier of each part. */
function SplitCodeFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label={splitLabels.firstCode} required maxLength={20} {...form.getInputProps('firstCode')} />
      <TextInput label={splitLabels.firstModifier} maxLength={10} {...form.getInputProps('firstModifier')} />
      <TextInput
        label={splitLabels.secondCode}
        description="e.g. OR507 for relief care"
        required
        maxLength={20}
        {...form.getInputProps('secondCode')}
      />
      <TextInput
        label={splitLabels.secondModifier}
        maxLength={10}
        {...form.getInputProps('secondModifier')}
      />
    </SimpleGrid>
  );
}

const updateFields: Record<string, string> = {
  billingCode: 'billingCode',
  modifier: 'modifier',
  respiteHandled: 'respiteHandled',
  notes: 'notes',
  reason: 'reason',
};
const updateLabels = {
  billingCode: 'Procedure code',
  modifier: 'Modifier',
  respiteHandled: 'Respite handled',
  notes: 'Notes',
  reason: 'Reason',
};

/**
 * One PATCH form: `fields(values)` gives the changed fields (empty object: nothing changed, shown as a
 * notice instead of a request).
 */
function useUpdateForm(
  segment: SegmentDetail,
  initialValues: Values,
  fields: (values: Values) => Partial<SegmentUpdateInput>,
  success: string,
  onDone: () => void,
) {
  const update = useUpdateSegment();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const [nothingChanged, setNothingChanged] = useState(false);
  const form = useForm<Values>({ mode: 'controlled', initialValues });
  const submit = form.onSubmit((values) => {
    setNothingChanged(false);
    const changed = fields(values);
    if (!Object.keys(changed).length) {
      setNothingChanged(true);
      return;
    }
    const parsed = segmentUpdate.safeParse({
      expectedUpdatedAt: segment.updatedAt,
      ...changed,
      reason: typeof values.reason === 'string' ? values.reason : undefined,
    });
    if (!parsed.success) {
      setFieldErrors(form, zodIssues(parsed.error.issues), updateFields, updateLabels);
      return;
    }
    update.mutate(
      { id: segment.id, input: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: success, message: 'The change is in its history.' });
          onDone();
        },
        onError: (error) => setUnmatched(setFieldErrors(form, apiIssues(error), updateFields, updateLabels)),
      },
    );
  });
  return { form, submit, update, unmatched, nothingChanged };
}

function FormFooter({ pending, label, onCancel }: { pending: boolean; label: string; onCancel: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {label}
      </Button>
    </Group>
  );
}

function NothingChanged({ shown }: { shown: boolean }) {
  return shown ? (
    <Alert color="yellow" variant="light" role="alert">
      Nothing was changed. Edit a value before saving.
    </Alert>
  ) : null;
}

function ReasonInput({ form, description }: { form: UseFormReturnType<Values>; description: string }) {
  return (
    <Textarea
      label={updateLabels.reason}
      description={description}
      required
      autosize
      minRows={2}
      maxLength={500}
      {...form.getInputProps('reason')}
    />
  );
}

/** Change the procedure code and/or modifier, with a reason; a mirrored segment stops following its shift. */
export function CodeForm({ segment, onDone }: FormProps) {
  const initialCode = segment.billingCode ?? '';
  const initialModifier = segment.modifier ?? '';
  const { form, submit, update, unmatched, nothingChanged } = useUpdateForm(
    segment,
    { billingCode: initialCode, modifier: initialModifier, reason: '' },
    (values) => ({
      ...(String(values.billingCode).trim().toUpperCase() !== initialCode.toUpperCase()
        ? { billingCode: String(values.billingCode) }
        : {}),
      ...(String(values.modifier).trim().toUpperCase() !== initialModifier.toUpperCase()
        ? { modifier: String(values.modifier) }
        : {}),
    }),
    'Code changed',
    onDone,
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Change code">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The segment is billed with this code and modifier. An imported segment stops following later changes
          of the shift’s code once you change it here.
        </Text>
        {update.error ? (
          <ApiErrorAlert title="The code was not changed" error={update.error} fieldErrors={unmatched} />
        ) : null}
        <NothingChanged shown={nothingChanged} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={updateLabels.billingCode}
            required
            maxLength={20}
            {...form.getInputProps('billingCode')}
          />
          <TextInput label={updateLabels.modifier} maxLength={10} {...form.getInputProps('modifier')} />
        </SimpleGrid>
        <ReasonInput form={form} description="Why the code changes (kept in the history)." />
        <FormFooter pending={update.isPending} label="Save code" onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Mark respite handled (or not), with a reason. */
export function RespiteForm({ segment, onDone }: FormProps) {
  const { form, submit, update, unmatched, nothingChanged } = useUpdateForm(
    segment,
    { respiteHandled: segment.respiteHandled, reason: '' },
    (values) =>
      values.respiteHandled !== segment.respiteHandled
        ? { respiteHandled: Boolean(values.respiteHandled) }
        : {},
    'Respite handling saved',
    onDone,
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Respite handling">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Mark the segment’s respite as handled once the relief arrangement for it is settled.
        </Text>
        {update.error ? (
          <ApiErrorAlert
            title="Respite handling was not saved"
            error={update.error}
            fieldErrors={unmatched}
          />
        ) : null}
        <NothingChanged shown={nothingChanged} />
        <Checkbox
          label={updateLabels.respiteHandled}
          {...form.getInputProps('respiteHandled', { type: 'checkbox' })}
        />
        <ReasonInput form={form} description="How the respite was handled (kept in the history)." />
        <FormFooter pending={update.isPending} label="Save respite handling" onCancel={onDone} />
      </Stack>
    </form>
  );
}

/** Edit the segment's notes (no reason needed; the old text stays in the history). */
export function NotesForm({ segment, onDone }: FormProps) {
  const initial = segment.notes ?? '';
  const { form, submit, update, unmatched, nothingChanged } = useUpdateForm(
    segment,
    { notes: initial },
    (values) => (String(values.notes).trim() !== initial.trim() ? { notes: String(values.notes) } : {}),
    'Notes saved',
    onDone,
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Segment notes">
      <Stack gap="sm">
        {update.error ? (
          <ApiErrorAlert title="The notes were not saved" error={update.error} fieldErrors={unmatched} />
        ) : null}
        <NothingChanged shown={nothingChanged} />
        <Textarea
          label={updateLabels.notes}
          description="For billing staff; the previous text stays in the history."
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('notes')}
        />
        <FormFooter pending={update.isPending} label="Save notes" onCancel={onDone} />
      </Stack>
    </form>
  );
}
