/**
 * A user's detail on `/admin/users`, in tabs: "Profile" (role, job title, names, phone and active flag,
 * validated with contracts `userUpdateInput`; the API's field errors, an admin demoting or deactivating themself
 * for one, land on their inputs; the email is shown, not edited), "Person" (the record the account is linked to;
 * issue 20) and the tabs the app adds from other features (`accountTabs`: access grants, what the account read).
 */
import { Modal, Stack, Switch, Tabs, Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { userUpdateInput, type UserAccount, type UserUpdateInput } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useUpdateUser } from '../api/update-user.ts';
import { roleDescriptions } from './role-badge.tsx';
import { NameInputs, profileLabels, RoleAndJobInputs, UserFormButtons, useUserForm } from './user-form.tsx';
import { PersonLinkForm } from './person-link-form.tsx';

/** A tab another feature adds to a user's detail (composed in src/app). */
export interface AccountTab {
  value: string;
  label: string;
  Panel: ComponentType<{ user: UserAccount }>;
}

const labels = { ...profileLabels, isActive: 'Active' };

const toFormValues = (user: UserAccount): UserUpdateInput => ({
  role: user.role,
  functionalRole: user.functionalRole ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  // As shown elsewhere ("(503) 555-0100"); the server reads it back to the same stored number.
  phone: user.phoneDisplay ?? user.phone ?? '',
  isActive: user.isActive,
});

function EditUserForm({ user, isSelf, onDone }: { user: UserAccount; isSelf: boolean; onDone: () => void }) {
  const updateUser = useUpdateUser();
  const { form, unmatched, submit } = useUserForm({
    schema: userUpdateInput,
    labels,
    initialValues: toFormValues(user),
    save: (values, callbacks) => updateUser.mutate({ id: user.id, input: values }, callbacks),
    notice: (saved) => ({ title: 'User saved', message: `${saved.fullName ?? saved.email} is up to date.` }),
    onDone,
  });

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
        <NameInputs labels={labels} getInputProps={form.getInputProps} />
        <RoleAndJobInputs
          labels={labels}
          getInputProps={form.getInputProps}
          roleDescription={
            isSelf ? 'You cannot remove your own admin role.' : roleDescriptions[form.values.role]
          }
          roleDisabled={isSelf}
        />
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
        <UserFormButtons
          onCancel={onDone}
          submitLabel="Save changes"
          saving={updateUser.isPending}
          disabled={!form.isDirty()}
        />
      </Stack>
    </form>
  );
}

export function EditUserModal({
  user,
  isSelf,
  onClose,
  accountTabs = [],
}: {
  user: UserAccount | null;
  isSelf: boolean;
  onClose: () => void;
  accountTabs?: readonly AccountTab[];
}) {
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Edit ${user.fullName ?? user.email}` : 'Edit user'}
      size="xl"
    >
      {user && (
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="person">Person</Tabs.Tab>
            {accountTabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <EditUserForm key={user.id} user={user} isSelf={isSelf} onDone={onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="person">
            <PersonLinkForm key={user.id} user={user} onDone={onClose} />
          </Tabs.Panel>
          {accountTabs.map(({ value, Panel }) => (
            <Tabs.Panel key={value} value={value}>
              <Panel user={user} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Modal>
  );
}
