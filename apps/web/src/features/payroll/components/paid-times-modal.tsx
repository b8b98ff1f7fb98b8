/**
 * Edit a segment's paid times (spec s.3 PayrollVersion): pay e.g. the time actually worked while
 * billing the authorized time. Times are in the agency zone; a reason is required and kept in the
 * segment's history. "Pay the EVV times" removes the version. Errors land on their inputs.
 */
import { useState } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PayrollSegment } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { labelMessage } from '../../../lib/form-errors.ts';
import { useDeletePayrollVersion, useSetPayrollVersion } from '../api/payroll.ts';
import { fromZonedInput, toZonedInput } from '../../../lib/zoned-input.ts';
import { formatDay, formatTimeRange } from '../../../lib/format/index.ts';

export interface PaidTimesModalProps {
  segment: PayrollSegment;
  timeZone: string;
  onClose: () => void;
}

const labels = { evvStart: 'Paid start', evvEnd: 'Paid end', reason: 'Reason' } as const;
type Field = keyof typeof labels;

/**
 * The paid-times form: values, errors on their inputs (the browser's checks, then the API's), `save`
 * (sets the version) and `revert` (removes it, paying the EVV times); each closes with a toast.
 */
function usePaidTimesForm({ segment, timeZone, onClose }: PaidTimesModalProps) {
  const [values, setValues] = useState<Record<Field, string>>({
    evvStart: toZonedInput(segment.paidStart, timeZone),
    evvEnd: toZonedInput(segment.paidEnd, timeZone),
    reason: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const setVersion = useSetPayrollVersion();
  const deleteVersion = useDeletePayrollVersion();
  const fieldErrorsOf = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    const next: Partial<Record<Field, string>> = {};
    for (const fieldError of error.fieldErrors) {
      const field = fieldError.path.replace(/^body\./, '') as Field;
      if (Object.hasOwn(labels, field)) next[field] = labelMessage(fieldError.message, labels[field]);
    }
    setErrors(next);
  };

  const done = (title: string) => {
    notifications.show({
      color: 'green',
      title,
      message: `${segment.clientName}, ${formatDay(segment.date)}`,
    });
    onClose();
  };

  const save = () => {
    const next: Partial<Record<Field, string>> = {};
    const evvStart = fromZonedInput(values.evvStart, timeZone);
    const evvEnd = fromZonedInput(values.evvEnd, timeZone);
    if (!evvStart) next.evvStart = labelMessage('must be a date and time', labels.evvStart);
    if (!evvEnd) next.evvEnd = labelMessage('must be a date and time', labels.evvEnd);
    if (!values.reason.trim()) next.reason = labelMessage('is required', labels.reason);
    setErrors(next);
    if (Object.keys(next).length || !evvStart || !evvEnd) return;
    setVersion.mutate(
      { segmentId: segment.segmentId, input: { evvStart, evvEnd, reason: values.reason } },
      { onSuccess: () => done('Paid times saved'), onError: fieldErrorsOf },
    );
  };

  const revert = () => {
    if (!values.reason.trim()) {
      setErrors({ reason: labelMessage('is required', labels.reason) });
      return;
    }
    deleteVersion.mutate(
      { segmentId: segment.segmentId, reason: values.reason },
      { onSuccess: () => done('EVV times paid again'), onError: fieldErrorsOf },
    );
  };

  const input = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  return { input, save, revert, setVersion, deleteVersion };
}

/** See the module comment. Mounted only while open. */
export function PaidTimesModal(props: PaidTimesModalProps) {
  const { segment, timeZone, onClose } = props;
  const { input, save, revert, setVersion, deleteVersion } = usePaidTimesForm(props);
  const failed = setVersion.error ?? deleteVersion.error;
  const unmatched =
    failed instanceof ApiError ? failed.fieldErrors.filter((e) => !Object.hasOwn(labels, e.path)) : [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Paid times — ${segment.clientName}, ${formatDay(segment.date)}`}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        noValidate
        aria-label="Edit paid times"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            EVV (billed) times:{' '}
            {segment.evvStart && segment.evvEnd
              ? formatTimeRange(segment.evvStart, segment.evvEnd, timeZone)
              : 'incomplete'}
            . Set the times to pay when they differ (e.g. the time actually worked); billing keeps the EVV
            times. Times are in {timeZone}.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              type="datetime-local"
              label={`${labels.evvStart} (${timeZone})`}
              {...input('evvStart')}
            />
            <TextInput type="datetime-local" label={`${labels.evvEnd} (${timeZone})`} {...input('evvEnd')} />
          </SimpleGrid>
          <Textarea
            label={labels.reason}
            description="Why the paid times differ (kept in the segment's history)."
            autosize
            minRows={2}
            maxLength={500}
            required
            {...input('reason')}
          />
          {failed && (unmatched.length || !(failed instanceof ApiError) || !failed.fieldErrors.length) ? (
            <ApiErrorAlert error={failed} title="The paid times were not saved" fieldErrors={unmatched} />
          ) : null}
          <Group justify="space-between">
            {segment.hasPayrollVersion ? (
              <Button variant="light" color="orange" loading={deleteVersion.isPending} onClick={revert}>
                Pay the EVV times
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={setVersion.isPending}>
                Save paid times
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
