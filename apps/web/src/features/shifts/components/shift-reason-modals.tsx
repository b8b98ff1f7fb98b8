/**
 * Deleting and restoring a shift (admin): each asks for a reason (contracts `shiftDeletion`) in a
 * confirm dialog; the API's field errors land on the reason, and a toast says what happened.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { shiftDeletion } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useDeleteShift, useRestoreShift } from '../api/shift-detail.ts';

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

interface ShiftReasonModalProps {
  shiftId: string;
  opened: boolean;
  onClose: () => void;
}

/** "Delete shift": soft-deletes the shift with a reason; it can be restored. */
export function DeleteShiftModal({ shiftId, opened, onClose }: ShiftReasonModalProps) {
  const deleteShift = useDeleteShift();
  return (
    <ReasonModal
      opened={opened}
      onClose={onClose}
      title="Delete shift"
      description="The shift leaves lists, billing and payroll. It is kept and can be restored."
      confirmLabel="Delete shift"
      color="red"
      pending={deleteShift.isPending}
      error={deleteShift.error}
      onConfirm={(reason, form) =>
        deleteShift.mutate(
          { id: shiftId, input: { reason } },
          {
            onSuccess: () => {
              onClose();
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
  );
}

/** "Restore shift": brings a deleted shift back with a reason. */
export function RestoreShiftModal({ shiftId, opened, onClose }: ShiftReasonModalProps) {
  const restoreShift = useRestoreShift();
  return (
    <ReasonModal
      opened={opened}
      onClose={onClose}
      title="Restore shift"
      description="The shift returns to lists, billing and payroll, with its segments."
      confirmLabel="Restore shift"
      color="green"
      pending={restoreShift.isPending}
      error={restoreShift.error}
      onConfirm={(reason, form) =>
        restoreShift.mutate(
          { id: shiftId, input: { reason } },
          {
            onSuccess: () => {
              onClose();
              notifications.show({ color: 'green', title: 'Shift restored', message: 'It is live again.' });
            },
            onError: (error) => applyApiFieldErrors(form, error, { reason: 'Reason' }),
          },
        )
      }
    />
  );
}
