/**
 * The "Access" tab of a user's detail on `/admin/users` (issue 20 "One person can hold several scoped relationships
 * that expire"; docs/accounts.md "Access grants"): the account's grants (live, scheduled, expired, revoked) with
 * what each covers and until when; add one (kind, client or case manager, dates, reason); revoke one after a
 * confirmation. Admin accounts need none (they see every record): the panel says so.
 */
import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { accessGrantKinds, type AccessGrant, type AccessGrantKind, type UserAccount } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';
import { useAccountGrants, useCreateGrant, useGrantTargets, useRevokeGrant } from '../api/access-grants.ts';

export const grantKindLabels: Record<AccessGrantKind, string> = {
  GUARDIAN: 'Guardian of a client',
  REPRESENTATIVE: 'Representative of a client',
  CASE_MANAGER: "Case manager's caseload",
  AUDITOR: 'Auditor of a client (read-only, must end)',
};

const statusColors: Record<AccessGrant['status'], string> = {
  live: 'green',
  scheduled: 'blue',
  expired: 'gray',
  revoked: 'red',
};

/** `YYYY-MM-DD` (a date input's value) → the instant it starts in the browser's zone, ISO 8601. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00`).toISOString();

function GrantRows({ grants, onRevoke }: { grants: AccessGrant[]; onRevoke: (grant: AccessGrant) => void }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Covers</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Until</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grants.map((grant) => (
            <Table.Tr key={grant.id}>
              <Table.Td>{grant.kind.replace('_', ' ').toLowerCase()}</Table.Td>
              <Table.Td>{grant.targetName ?? '—'}</Table.Td>
              <Table.Td>{formatExactTime(grant.startsAt)}</Table.Td>
              <Table.Td>{grant.expiresAt ? formatExactTime(grant.expiresAt) : 'Until revoked'}</Table.Td>
              <Table.Td>
                <Badge color={statusColors[grant.status]} variant="light">
                  {grant.status}
                </Badge>
              </Table.Td>
              <Table.Td>{grant.reason ?? '—'}</Table.Td>
              <Table.Td>
                {(grant.status === 'live' || grant.status === 'scheduled') && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Revoke the ${grant.kind.toLowerCase()} grant on ${grant.targetName ?? 'this record'}`}
                    onClick={() => onRevoke(grant)}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The field errors of a failed save, by field. */
function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fieldErrors.map((field) => [field.path, field.message]));
}

/** The add-grant form's state, its record search and its submit (clears the form once the grant is added). */
function useAddGrant(user: UserAccount) {
  const [kind, setKind] = useState<AccessGrantKind>('GUARDIAN');
  const [targetId, setTargetId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [reason, setReason] = useState('');
  const target = kind === 'CASE_MANAGER' ? 'case_manager' : 'client';
  const targets = useGrantTargets(target, debounced);
  const create = useCreateGrant();
  const errors = fieldErrorsOf(create.error);
  const targetLabel = target === 'client' ? 'Client' : 'Case manager';
  const submit = () =>
    create.mutate(
      {
        userAccountId: user.id,
        kind,
        clientId: target === 'client' ? targetId : null,
        caseManagerId: target === 'case_manager' ? targetId : null,
        startsAt: startsOn ? startOfDay(startsOn) : null,
        expiresAt: endsOn ? startOfDay(endsOn) : null,
        reason,
      },
      {
        onSuccess: (grant) => {
          notifications.show({
            color: 'green',
            title: 'Access granted',
            message: `${user.fullName ?? user.email} now has ${grant.kind.toLowerCase()} access to ${grant.targetName ?? 'the record'}.`,
          });
          setTargetId(null);
          setSearch('');
          setEndsOn('');
          setStartsOn('');
          setReason('');
        },
      },
    );
  const changeKind = (value: string | null) => {
    setKind((value as AccessGrantKind | null) ?? 'GUARDIAN');
    setTargetId(null);
    setSearch('');
  };
  return {
    ...{
      kind,
      changeKind,
      targetId,
      setTargetId,
      search,
      setSearch,
      startsOn,
      setStartsOn,
      endsOn,
      setEndsOn,
    },
    ...{ reason, setReason, targets, create, errors, targetLabel, submit },
  };
}

/** Start and end dates of a grant (an AUDITOR grant must end). */
function GrantDates({ form }: { form: ReturnType<typeof useAddGrant> }) {
  return (
    <Group grow align="flex-start">
      <TextInput
        type="date"
        label="Starts"
        description="Empty: now"
        value={form.startsOn}
        onChange={(event) => form.setStartsOn(event.currentTarget.value)}
        error={form.errors.startsAt}
      />
      <TextInput
        type="date"
        label="Ends"
        description={form.kind === 'AUDITOR' ? 'Required, at most a year ahead' : 'Empty: until revoked'}
        required={form.kind === 'AUDITOR'}
        value={form.endsOn}
        onChange={(event) => form.setEndsOn(event.currentTarget.value)}
        error={form.errors.expiresAt}
      />
    </Group>
  );
}

function AddGrantForm({ user }: { user: UserAccount }) {
  const form = useAddGrant(user);
  const { kind, targetId, search, reason, targets, create, errors, targetLabel } = form;
  return (
    <Stack gap="sm" component="section" aria-label="Add a grant">
      <Title order={3} fz="h5">
        Add a grant
      </Title>
      {create.error && Object.keys(errors).length === 0 && (
        <ApiErrorAlert title="The grant was not added" error={create.error} />
      )}
      <Select
        label="Kind"
        data={accessGrantKinds.map((value) => ({ value, label: grantKindLabels[value] }))}
        value={kind}
        allowDeselect={false}
        onChange={form.changeKind}
        error={errors.userAccountId}
      />
      <Select
        label={targetLabel}
        placeholder="Type a name"
        searchable
        searchValue={search}
        onSearchChange={form.setSearch}
        filter={({ options }) => options}
        data={targets.data ?? []}
        value={targetId}
        onChange={form.setTargetId}
        nothingFoundMessage={targets.isFetching ? 'Searching…' : 'No record matches'}
        error={errors.clientId ?? errors.caseManagerId}
        required
      />
      <GrantDates form={form} />
      <Textarea
        label="Reason"
        description="Why this access exists, e.g. a court order or a state audit (no health details)."
        value={reason}
        onChange={(event) => form.setReason(event.currentTarget.value)}
        autosize
        minRows={1}
        error={errors.reason}
      />
      <Group justify="flex-end">
        <Button onClick={form.submit} loading={create.isPending} disabled={!targetId}>
          Add grant
        </Button>
      </Group>
    </Stack>
  );
}

function RevokeModal({ grant, onClose }: { grant: AccessGrant | null; onClose: () => void }) {
  const revoke = useRevokeGrant();
  return (
    <Modal opened={grant !== null} onClose={onClose} title="Revoke this grant?" zIndex={400}>
      {grant && (
        <Stack gap="sm">
          <Text>
            The account loses {grant.kind.toLowerCase().replace('_', ' ')} access to{' '}
            {grant.targetName ?? 'this record'} at once. This cannot be undone; add a new grant to give access
            again.
          </Text>
          {revoke.error && <ApiErrorAlert title="The grant was not revoked" error={revoke.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep it
            </Button>
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(grant.id, {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      title: 'Grant revoked',
                      message: 'The access ended now.',
                    });
                    onClose();
                  },
                })
              }
            >
              Revoke
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function AccessGrantPanel({ user }: { user: UserAccount }) {
  const grants = useAccountGrants(user.id);
  const [revoking, setRevoking] = useState<AccessGrant | null>(null);
  if (user.role === 'ADMIN')
    return (
      <Alert color="blue" variant="light" title="Admins see every record">
        Admin accounts need no grants. To give someone limited access, use a non-admin account.
      </Alert>
    );
  const items = grants.data?.items ?? [];
  return (
    <Stack gap="lg">
      {grants.error && <ApiErrorAlert title="The grants could not be loaded" error={grants.error} />}
      {grants.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          No grants yet. Add one below to let this account see a client (guardian, representative, auditor) or
          a case manager&apos;s caseload.
        </Text>
      )}
      {items.length > 0 && <GrantRows grants={items} onRevoke={setRevoking} />}
      <AddGrantForm user={user} />
      <RevokeModal grant={revoking} onClose={() => setRevoking(null)} />
    </Stack>
  );
}
