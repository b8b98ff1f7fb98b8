/**
 * "Correct shift" (admin): a modal form for the correctable fields of contracts `shiftCorrection`
 * (clock-in/out in the visit's own time zone, coordinates, procedure code and modifier) and the
 * required reason. Only the fields the admin changed are sent; contract messages and the API's field
 * errors land on their inputs (lib/form-errors.ts); the submit button shows progress and a failed
 * submit keeps what was typed (UX.md "Forms").
 */
import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { shiftCorrection, shiftFieldLabels, type FieldError, type ShiftDetail } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, labelMessage } from '../../../lib/form-errors.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import { useCorrectShift } from '../api/shift-detail.ts';

const { evvInTime, evvOutTime, evvInLat, evvInLong, evvOutLat, evvOutLong, billingCode, mod1 } =
  shiftFieldLabels;
const labels = {
  evvInTime,
  evvOutTime,
  evvInLat,
  evvInLong,
  evvOutLat,
  evvOutLong,
  billingCode,
  mod1,
  reason: 'Reason',
} as const;
type FormField = keyof typeof labels;
type FormValues = Record<FormField, string>;
const coordinateFields = ['evvInLat', 'evvInLong', 'evvOutLat', 'evvOutLong'] as const;

function initialValues(shift: ShiftDetail): FormValues {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    evvInTime: toZonedInput(shift.evvInTime, shift.timeZone),
    evvOutTime: toZonedInput(shift.evvOutTime, shift.timeZone),
    evvInLat: text(shift.evvInLat),
    evvInLong: text(shift.evvInLong),
    evvOutLat: text(shift.evvOutLat),
    evvOutLong: text(shift.evvOutLong),
    billingCode: text(shift.billingCode),
    mod1: text(shift.mod1),
    reason: '',
  };
}

/**
 * The request body from the form: only the inputs that differ from the shift, typed for the
 * contract (times to UTC instants, coordinates to numbers, empty to null). Unreadable input gives a
 * field error instead.
 */
function toCorrection(
  values: FormValues,
  initial: FormValues,
  timeZone: string | null,
): { body: Record<string, unknown>; errors: Record<string, string>; changed: number } {
  const body: Record<string, unknown> = { reason: values.reason };
  const errors: Record<string, string> = {};
  let changed = 0;
  for (const field of ['evvInTime', 'evvOutTime'] as const) {
    if (values[field] === initial[field]) continue;
    changed += 1;
    if (!values[field].trim()) body[field] = null;
    else {
      const instant = fromZonedInput(values[field], timeZone);
      if (instant) body[field] = instant;
      else errors[field] = labelMessage('must be a date and time', labels[field]);
    }
  }
  for (const field of coordinateFields) {
    if (values[field].trim() === initial[field].trim()) continue;
    changed += 1;
    const text = values[field].trim();
    const number = Number(text);
    if (!text) body[field] = null;
    else if (Number.isFinite(number)) body[field] = number;
    else errors[field] = labelMessage('must be a number', labels[field]);
  }
  for (const field of ['billingCode', 'mod1'] as const) {
    if (values[field].trim() === initial[field].trim()) continue;
    changed += 1;
    body[field] = values[field];
  }
  return { body, errors, changed };
}

/**
 * The correction form's state: starts from the shift's values; submit sends only what changed
 * (checked with contracts `shiftCorrection`), or says nothing changed; errors land on their inputs.
 */
function useCorrectionForm(shift: ShiftDetail, onDone: () => void) {
  const correct = useCorrectShift();
  const [initial] = useState(() => initialValues(shift));
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const [nothingChanged, setNothingChanged] = useState(false);
  const form = useForm<FormValues>({ mode: 'controlled', initialValues: initial });

  const submit = form.onSubmit((values) => {
    setNothingChanged(false);
    const { body, errors, changed } = toCorrection(values, initial, shift.timeZone);
    if (!changed) {
      setNothingChanged(true);
      return;
    }
    const parsed = shiftCorrection.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'reason') as FormField;
        errors[field] ??= labelMessage(issue.message, labels[field]);
      }
    }
    if (Object.keys(errors).length || !parsed.success) {
      form.setErrors(errors);
      return;
    }
    correct.mutate(
      { id: shift.id, input: parsed.data },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Shift corrected',
            message: 'The change is in its history.',
          });
          onDone();
        },
        onError: (error) => setUnmatched(applyApiFieldErrors(form, error, labels)),
      },
    );
  });
  return { form, submit, correct, unmatched, nothingChanged };
}

function CorrectionForm({ shift, onDone }: { shift: ShiftDetail; onDone: () => void }) {
  const { form, submit, correct, unmatched, nothingChanged } = useCorrectionForm(shift, onDone);
  const zone = shift.timeZone ?? 'your browser’s time zone';

  return (
    <form onSubmit={submit} noValidate aria-label="Correct shift">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Change only what is wrong. Times are in the visit’s time zone ({zone}); coordinates in degrees
          (latitude −90 to 90, longitude −180 to 180). Every change is kept in the shift’s history with your
          reason.
        </Text>
        {correct.error ? (
          <ApiErrorAlert title="The correction was not saved" error={correct.error} fieldErrors={unmatched} />
        ) : null}
        {nothingChanged ? (
          <Alert color="yellow" variant="light" role="alert">
            Nothing was changed. Edit at least one value before saving.
          </Alert>
        ) : null}
        <CorrectionFields form={form} zone={zone} />
        <Textarea
          label={labels.reason}
          description="Why the recorded values are wrong (kept in the history)."
          required
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={correct.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={correct.isPending}>
            Save correction
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The correctable fields: clock-in and clock-out in the visit's zone, coordinates, code and modifier. */
function CorrectionFields({ form, zone }: { form: UseFormReturnType<FormValues>; zone: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        type="datetime-local"
        step={1}
        label={`${labels.evvInTime} (${zone})`}
        {...form.getInputProps('evvInTime')}
      />
      <TextInput
        type="datetime-local"
        step={1}
        label={`${labels.evvOutTime} (${zone})`}
        {...form.getInputProps('evvOutTime')}
      />
      {coordinateFields.map((field) => (
        <TextInput key={field} label={labels[field]} inputMode="decimal" {...form.getInputProps(field)} />
      ))}
      <TextInput label={labels.billingCode} maxLength={20} {...form.getInputProps('billingCode')} />
      <TextInput label={labels.mod1} maxLength={10} {...form.getInputProps('mod1')} />
    </SimpleGrid>
  );
}

/** The "Correct shift" modal; the form starts from the shift's current values each time it opens. */
export function ShiftCorrectionModal({
  shift,
  opened,
  onClose,
}: {
  shift: ShiftDetail;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Correct shift" size="lg">
      {opened ? <CorrectionForm key={shift.updatedAt} shift={shift} onDone={onClose} /> : null}
    </Modal>
  );
}
