/**
 * Create-user modal: contracts `userCreateInput` validates the form; the API's field errors (an email
 * already in use, for one) land on their inputs. Values stay on a failed submit.
 */
import { Button, Group, Modal, PasswordInput, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { userCreateInput, type FieldError, type UserCreateInput } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useCreateUser } from '../api/create-user.ts';
import { roleDescriptions, roleOptions } from './role-badge.tsx';

const labels = {
  email: 'Email',
  password: 'Initial password',
  role: 'Role',
  functionalRole: 'Job title',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
};

const emptyUser: UserCreateInput = {
  email: '',
  password: '',
  role: 'USER',
  functionalRole: '',
  firstName: '',
  lastName: '',
  phone: '',
};

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const createUser = useCreateUser();
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const form = useForm<UserCreateInput>({
    mode: 'controlled',
    initialValues: emptyUser,
    validate: contractValidator(userCreateInput, labels),
    validateInputOnBlur: true,
  });

  const close = () => {
    createUser.reset();
    setUnmatched([]);
    form.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setUnmatched([]);
    createUser.mutate(values, {
      onSuccess: (user) => {
        notifications.show({
          color: 'green',
          title: 'User created',
          message: `${user.fullName ?? user.email} can now sign in.`,
        });
        close();
      },
      onError: (error) => setUnmatched(applyApiFieldErrors(form, error, labels)),
    });
  });

  const role = form.values.role;
  return (
    <Modal opened={opened} onClose={close} title="Create a user" size="lg">
      <form onSubmit={submit} noValidate aria-label="Create a user">
        <Stack gap="sm">
          {createUser.error && (
            <ApiErrorAlert
              title="The user was not created"
              error={createUser.error}
              fieldErrors={unmatched}
            />
          )}
          <Group grow align="flex-start">
            <TextInput
              label={labels.firstName}
              required
              autoComplete="off"
              data-autofocus
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label={labels.lastName}
              required
              autoComplete="off"
              {...form.getInputProps('lastName')}
            />
          </Group>
          <TextInput
            label={labels.email}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={labels.password}
            description="8 to 128 characters. Give it to the person privately; they can change it later."
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <Select
            label={labels.role}
            description={roleDescriptions[role]}
            data={roleOptions}
            required
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <Group grow align="flex-start">
            <TextInput
              label={labels.functionalRole}
              placeholder="e.g. Scheduler"
              {...form.getInputProps('functionalRole')}
            />
            <TextInput label={labels.phone} type="tel" autoComplete="off" {...form.getInputProps('phone')} />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createUser.isPending}>
              Create user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
