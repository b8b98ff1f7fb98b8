/**
 * Edit-user modal: role, job title (functional role), names, phone and active flag, validated with
 * contracts `userUpdateInput`. The API's field errors (an admin demoting or deactivating themself,
 * for one) land on their inputs. The email is shown, not edited.
 */
import { Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { userUpdateInput, type FieldError, type UserAccount, type UserUpdateInput } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { roleDescriptions, roleOptions } from './role-badge.tsx';

const labels = {
  role: 'Role',
  functionalRole: 'Job title',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  isActive: 'Active',
};

const toFormValues = (user: UserAccount): UserUpdateInput => ({
  role: user.role,
  functionalRole: user.functionalRole ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phone: user.phone ?? '',
  isActive: user.isActive,
});

function EditUserForm({ user, isSelf, onDone }: { user: UserAccount; isSelf: boolean; onDone: () => void }) {
  const updateUser = useUpdateUser();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<UserUpdateInput>({
    mode: 'controlled',
    initialValues: toFormValues(user),
    validate: contractValidator(userUpdateInput, labels),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    updateUser.mutate(
      { id: user.id, input: values },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            title: 'User saved',
            message: `${saved.fullName ?? saved.email} is up to date.`,
          });
          onDone();
        },
        onError: (error) => setUnmatched(applyApiFieldErrors(form, error, labels)),
      },
    );
  });

  const role = form.values.role;
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${user.email}`}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {user.email}
          {isSelf && ' (you)'}
        </Text>
        {updateUser.error && (
          <ApiErrorAlert
            title="The changes were not saved"
            error={updateUser.error}
            fieldErrors={unmatched}
          />
        )}
        <Group grow align="flex-start">
          <TextInput label={labels.firstName} required data-autofocus {...form.getInputProps('firstName')} />
          <TextInput label={labels.lastName} required {...form.getInputProps('lastName')} />
        </Group>
        <Select
          label={labels.role}
          description={isSelf ? 'You cannot remove your own admin role.' : roleDescriptions[role]}
          data={roleOptions}
          required
          allowDeselect={false}
          disabled={isSelf}
          {...form.getInputProps('role')}
        />
        <Group grow align="flex-start">
          <TextInput
            label={labels.functionalRole}
            placeholder="e.g. Scheduler"
            {...form.getInputProps('functionalRole')}
          />
          <TextInput label={labels.phone} type="tel" {...form.getInputProps('phone')} />
        </Group>
        <Switch
          label="Active"
          description={
            isSelf
              ? 'You cannot deactivate your own account.'
              : 'An inactive account cannot sign in; its history is kept.'
          }
          disabled={isSelf}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={updateUser.isPending} disabled={!form.isDirty()}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EditUserModal({
  user,
  isSelf,
  onClose,
}: {
  user: UserAccount | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Edit ${user.fullName ?? user.email}` : 'Edit user'}
      size="lg"
    >
      {user && <EditUserForm key={user.id} user={user} isSelf={isSelf} onDone={onClose} />}
    </Modal>
  );
}
