/**
 * Invite-user modal (spec issue 4; docs/accounts.md): names, email, role and job title (functional role),
 * validated with contracts `invitationInput`. Tend emails the person a link (valid 7 days, shown in the outbox)
 * to choose their own password; the account shows as "Invited" until they do. "Person" links the account to a
 * caregiver, case manager or guardian record and sets the role that kind needs (issue 20). API field errors (an
 * email in use, a record already linked) land on their inputs.
 */
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { INVITATION_TTL_DAYS, invitationInput, type InvitationInput } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useInviteUser } from '../api/invite-user.ts';
import { roleDescriptions } from './role-badge.tsx';
import { PersonPicker, personKindRoles } from './person-picker.tsx';
import { NameInputs, profileLabels, RoleAndJobInputs, UserFormButtons, useUserForm } from './user-form.tsx';

const labels = { email: 'Email', ...profileLabels, person: 'Person' };

const emptyInvitation: InvitationInput = {
  email: '',
  role: 'USER',
  functionalRole: '',
  firstName: '',
  lastName: '',
  phone: '',
  person: null,
};

export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  const { form, unmatched, clearUnmatched, submit } = useUserForm({
    schema: invitationInput,
    labels,
    initialValues: emptyInvitation,
    save: (values, callbacks) => invite.mutate(values, callbacks),
    notice: (user) => ({
      title: 'Invitation sent',
      message: `${user.fullName ?? user.email} got an email with a link to choose a password (valid ${INVITATION_TTL_DAYS} days).`,
    }),
    onDone: () => close(),
  });
  const close = () => {
    invite.reset();
    clearUnmatched();
    form.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Invite a user" size="lg">
      <form onSubmit={submit} noValidate aria-label="Invite a user">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Tend emails a link to choose a password. It works once, for {INVITATION_TTL_DAYS} days; you can
            send a new one from the list.
          </Text>
          {invite.error && (
            <ApiErrorAlert title="The invitation was not sent" error={invite.error} fieldErrors={unmatched} />
          )}
          <NameInputs labels={labels} getInputProps={form.getInputProps} autoComplete="off" />
          <TextInput
            label={labels.email}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <RoleAndJobInputs
            labels={labels}
            getInputProps={form.getInputProps}
            roleDescription={roleDescriptions[form.values.role]}
            phoneAutoComplete="off"
          />
          <PersonPicker
            key={opened ? 'open' : 'closed'}
            value={form.values.person ?? null}
            onChange={(person) => form.setFieldValue('person', person)}
            onKindChange={(kind) => {
              if (kind) form.setFieldValue('role', personKindRoles[kind]);
            }}
            error={form.errors.person}
          />
          <UserFormButtons onCancel={close} submitLabel="Send invitation" saving={invite.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
