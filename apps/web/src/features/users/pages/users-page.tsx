/**
 * `/admin/users` (admin): the user accounts. Search, role and status filters, page and sort live in
 * the URL (contracts `userListQuery`); paging and sorting are server-side. "Invite user" emails a link to choose
 * a password (the account shows "Invited" until it is used; a row's send button sends a new link); "Create with
 * password" sets an initial password instead. A row (or its Edit button) opens the user's detail (profile, the
 * person record the account is linked to, and the tabs the app adds: access grants, what the account read). The
 * "Person" column shows each account's link; caregiver accounts whose first sign-in found several records wait
 * under "Needs confirmation" above the list (issue 20).
 */
import {
  ActionIcon,
  Button,
  Group,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey, IconPencil, IconSend, IconUserPlus } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { roles, userListQuery, userSortFields, type UserAccount, type UserListQuery } from '@tend/contracts';
import { type CsvColumn, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import type { SetUrlState } from '../../../lib/url-state.ts';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { useMe } from '../../../lib/me.ts';
import { fetchAllUsers, useUsers } from '../api/find-users.ts';
import { CreateUserModal } from '../components/create-user-modal.tsx';
import { EditUserModal, type AccountTab } from '../components/edit-user-modal.tsx';
import { PersonConfirmations } from '../components/person-confirmations.tsx';
import { personSummary } from '../components/person-link-form.tsx';
import { personKindLabels } from '../components/person-picker.tsx';
import {
  accountStatus,
  AccountStatusBadge,
  RoleBadge,
  roleLabels,
  roleOptions,
} from '../components/role-badge.tsx';
import { InviteUserModal } from '../components/invite-user-modal.tsx';
import { useResendInvitation } from '../api/invite-user.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';

const statusOptions = [
  { value: 'all', label: 'All accounts' },
  { value: 'true', label: 'Active or invited' },
  { value: 'false', label: 'Inactive' },
];

function userColumns(
  onEdit: (user: UserAccount) => void,
  onResend: (user: UserAccount) => void,
): DataTableColumn<UserAccount>[] {
  return [
    {
      id: 'fullName',
      header: 'Name',
      accessorFn: (user) => user.fullName ?? '',
      cell: ({ row }) => (
        <Text size="sm" fw={500}>
          {row.original.fullName ?? '—'}
        </Text>
      ),
    },
    { id: 'email', header: 'Email', accessorKey: 'email' },
    {
      id: 'role',
      header: 'Role',
      accessorFn: (user) => roleLabels[user.role],
      cell: ({ row }) => <RoleBadge role={row.original.role} />,
    },
    {
      id: 'person',
      header: 'Person',
      accessorFn: (user) => (user.person ? personSummary(user) : ''),
      cell: ({ row }) =>
        row.original.person ? (
          <Text size="sm">
            {row.original.person.name}{' '}
            <Text span size="xs" c="dimmed">
              ({personKindLabels[row.original.person.kind]})
            </Text>
          </Text>
        ) : (
          '—'
        ),
    },
    {
      id: 'functionalRole',
      header: 'Job title',
      accessorFn: (user) => user.functionalRole ?? '',
      cell: ({ row }) => row.original.functionalRole ?? '—',
    },
    {
      id: 'phone',
      header: 'Phone',
      accessorFn: (user) => user.phoneDisplay ?? user.phone ?? '',
      // A number reads as one piece: "(503) 555-0100" never breaks at its hyphen.
      cell: ({ row }) => (
        <span style={{ whiteSpace: 'nowrap' }}>{row.original.phoneDisplay ?? row.original.phone ?? '—'}</span>
      ),
    },
    {
      id: 'isActive',
      header: 'Status',
      accessorFn: (user) => accountStatus(user),
      cell: ({ row }) => <AccountStatusBadge user={row.original} />,
    },
    {
      id: 'lastLoginAt',
      header: 'Last sign-in',
      accessorFn: (user) => user.lastLoginAt ?? '',
      cell: ({ row }) => <RelativeTime value={row.original.lastLoginAt} />,
    },
    {
      id: 'createdAt',
      header: 'Created',
      accessorKey: 'createdAt',
      cell: ({ row }) => <RelativeTime value={row.original.createdAt} />,
    },
    {
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => <UserActions user={row.original} onEdit={onEdit} onResend={onResend} />,
    },
  ];
}

/** The CSV of the users list: every column as text. */
const userExportColumns: CsvColumn<UserAccount>[] = [
  { header: 'Name', value: (user) => user.fullName },
  { header: 'Email', value: (user) => user.email },
  { header: 'Role', value: (user) => roleLabels[user.role] },
  { header: 'Person', value: (user) => (user.person ? personSummary(user) : null) },
  { header: 'Job title', value: (user) => user.functionalRole },
  { header: 'Phone', value: (user) => user.phone },
  { header: 'Status', value: (user) => accountStatus(user) },
  { header: 'Last sign-in', value: (user) => user.lastLoginAt },
  { header: 'Created', value: (user) => user.createdAt },
];

/** Sends a new invitation link to `user`; a toast says until when it works. */
function resendInvitation(mutate: ReturnType<typeof useResendInvitation>['mutate'], user: UserAccount) {
  mutate(user.id, {
    onSuccess: (sent) =>
      notifications.show({
        color: 'green',
        title: 'Invitation sent again',
        message: `${user.fullName ?? user.email} got a new link, valid until ${formatExactTime(sent.expiresAt)}. The old link no longer works.`,
      }),
  });
}

/** `/admin/users`; `accountTabs`: the tabs other features add to a user's detail (composed in src/app). */
export function UsersPage({ accountTabs = [] }: { accountTabs?: readonly AccountTab[] }) {
  const list = useListPage({
    schema: userListQuery,
    useList: useUsers,
    sortFields: userSortFields,
    fetchAll: fetchAllUsers,
  });
  const { query, setQuery: setState } = list;
  const me = useMe();
  const [creating, setCreating] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserAccount | null>(null);
  const resend = useResendInvitation();
  const { mutate: resendMutate } = resend;
  const columns = useMemo(
    () => userColumns(setEditing, (user) => resendInvitation(resendMutate, user)),
    [resendMutate],
  );

  return (
    <Stack gap="md">
      <UsersHeading onCreate={() => setCreating(true)} onInvite={() => setInviting(true)} />
      {resend.error && (
        <ApiErrorAlert
          title="The invitation was not sent again"
          error={resend.error}
          onClose={() => resend.reset()}
        />
      )}

      <PersonConfirmations />

      <ListPage
        list={list}
        filterLabel="Filter users"
        filters={<UserFilters query={query} setQuery={setState} />}
        label="Users"
        noun={{ one: 'user', other: 'users' }}
        columns={columns}
        onRowOpen={setEditing}
        exportColumns={userExportColumns}
        exportFileName="users"
        noMatch={{
          title: 'No users match these filters',
          description: 'Change the search or clear the filters to see every account.',
        }}
        empty={{
          title: 'No users yet',
          description:
            'Invite each person on your staff who needs to sign in; they choose their own password.',
          action: <Button onClick={() => setInviting(true)}>Invite user</Button>,
        }}
      />

      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
      <InviteUserModal opened={inviting} onClose={() => setInviting(false)} />
      <EditUserModal
        user={editing}
        isSelf={editing !== null && editing.id === me.data?.userAccountId}
        onClose={() => setEditing(null)}
        accountTabs={accountTabs}
      />
    </Stack>
  );
}

/** "Send the invitation again" (an invited account only) and "Edit". */
function UserActions({
  user,
  onEdit,
  onResend,
}: {
  user: UserAccount;
  onEdit: (user: UserAccount) => void;
  onResend: (user: UserAccount) => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {accountStatus(user) === 'Invited' && (
        <Tooltip label="Send the invitation again">
          <ActionIcon
            variant="subtle"
            aria-label={`Send the invitation again to ${user.fullName ?? user.email}`}
            onClick={(event) => {
              event.stopPropagation();
              onResend(user);
            }}
          >
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Edit">
        <ActionIcon
          variant="subtle"
          aria-label={`Edit ${user.fullName ?? user.email}`}
          onClick={() => onEdit(user)}
        >
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The title, what the page is for, "Create with password" and "Invite user". */
function UsersHeading({ onCreate, onInvite }: { onCreate: () => void; onInvite: () => void }) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1}>Users</Title>
        <Text c="dimmed">
          The accounts that can sign in to Tend, their roles and whether they are active.
        </Text>
      </div>
      <Group gap="sm">
        <Button variant="default" leftSection={<IconKey size={18} aria-hidden />} onClick={onCreate}>
          Create with password
        </Button>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={onInvite}>
          Invite user
        </Button>
      </Group>
    </Group>
  );
}

/** Search (name or email), role and status. */
function UserFilters({ query, setQuery }: { query: UserListQuery; setQuery: SetUrlState<UserListQuery> }) {
  return (
    <>
      <DebouncedTextInput
        label="Search"
        placeholder="Name or email"
        value={query.q}
        onCommit={(q) => setQuery({ q })}
        w={240}
      />
      <Select
        label="Role"
        placeholder="Any role"
        data={roleOptions}
        value={query.role ?? null}
        onChange={(value) => setQuery({ role: roles.find((role) => role === value) })}
        clearable
        w={160}
      />
      <Select
        label="Status"
        data={statusOptions}
        value={query.active}
        onChange={(value) => setQuery({ active: (value as UserListQuery['active'] | null) ?? undefined })}
        allowDeselect={false}
        w={160}
      />
    </>
  );
}
