/**
 * Create-user modal: contracts `userCreateInput` validates the form; the API's field errors (an email
 * already in use, each reason a password is refused) land on their inputs. Values stay on a failed submit.
 */
import { Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { passwordHint, userCreateInput, type UserCreateInput } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useCreateUser } from '../api/create-user.ts';
import { roleDescriptions } from './role-badge.tsx';
import { NameInputs, profileLabels, RoleAndJobInputs, UserFormButtons, useUserForm } from './user-form.tsx';

const labels = { email: 'Email', password: 'Initial password', ...profileLabels };

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
  const { form, unmatched, clearUnmatched, submit } = useUserForm({
    schema: userCreateInput,
    labels,
    initialValues: emptyUser,
    save: (values, callbacks) => createUser.mutate(values, callbacks),
    notice: (user) => ({ title: 'User created', message: `${user.fullName ?? user.email} can now sign in.` }),
    onDone: () => close(),
  });
  const close = () => {
    createUser.reset();
    clearUnmatched();
    form.reset();
    onClose();
  };

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
          <NameInputs labels={labels} getInputProps={form.getInputProps} autoComplete="off" />
          <TextInput
            label={labels.email}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label={labels.password}
            description={`${passwordHint} Give it to the person privately; they can change it later.`}
            required
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <RoleAndJobInputs
            labels={labels}
            getInputProps={form.getInputProps}
            roleDescription={roleDescriptions[form.values.role]}
            phoneAutoComplete="off"
          />
          <UserFormButtons onCancel={close} submitLabel="Create user" saving={createUser.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
