/**
 * Marks a caregiver's week handled (spec s.3 ViolationHandling) with a note, or takes the mark back.
 * Shows who handled it and when. Errors stay in the dialog; the note is kept on a failed save.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CaregiverWeek } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSetViolationHandling } from '../api/caregiver-hours.ts';
import { formatDay, formatExactIn, formatWorkedHours } from '../../../lib/format/index.ts';

export interface HandlingModalProps {
  week: CaregiverWeek;
  timeZone: string;
  onClose: () => void;
}

/** See the module comment. Mounted only while open, so the note starts from the saved one. */
export function HandlingModal({ week, timeZone, onClose }: HandlingModalProps) {
  const [note, setNote] = useState(week.handling?.note ?? '');
  const save = useSetViolationHandling();
  const handled = Boolean(week.handling?.handled);
  const noteError =
    save.error instanceof ApiError
      ? save.error.fieldErrors.find((e) => e.path === 'note')?.message
      : undefined;

  const submit = (markHandled: boolean) =>
    save.mutate(
      { caregiverId: week.caregiverId, weekName: week.weekName, handled: markHandled, note },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: markHandled ? 'Week marked handled' : 'Handled mark removed',
            message: `${week.caregiverName}, week of ${formatDay(week.weekName)}`,
          });
          onClose();
        },
      },
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Week of ${formatDay(week.weekName)} — ${week.caregiverName}`}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm">
          {formatWorkedHours(week.hours)} worked
          {week.overtimeHours > 0 ? `, ${formatWorkedHours(week.overtimeHours)} overtime` : ''}
          {week.overlaps.length ? `, ${week.overlaps.length} overlapping shift pair(s)` : ''}.
        </Text>
        {handled && week.handling?.handledAt ? (
          <Text size="sm" c="dimmed" data-testid="handled-by">
            Handled by {week.handling.handledByName ?? 'a former user'} on{' '}
            {formatExactIn(week.handling.handledAt, timeZone)}
          </Text>
        ) : null}
        <Textarea
          label="Note"
          description="What was decided (approved overtime, corrected shift, talked to the caregiver…)."
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={2000}
          autosize
          minRows={3}
          error={noteError ? `Note ${noteError}` : undefined}
          data-autofocus
        />
        {save.error && !noteError ? (
          <ApiErrorAlert error={save.error} title="The handling was not saved" />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {handled ? (
            <>
              <Button variant="light" color="orange" loading={save.isPending} onClick={() => submit(false)}>
                Mark not handled
              </Button>
              <Button loading={save.isPending} onClick={() => submit(true)}>
                Save note
              </Button>
            </>
          ) : (
            <Button loading={save.isPending} onClick={() => submit(true)}>
              Mark handled
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
