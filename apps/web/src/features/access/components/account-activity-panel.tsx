/**
 * The "Activity" tab of a user's detail on `/admin/users` (issue 20: a time-limited auditor's "every record viewed
 * audited and listable for the agency"): the audit events the account caused, newest first (time, action, entity
 * type, record id), 25 a page, with a link to the full audit log filtered to the account.
 */
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UserAccount } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { formatExactTime } from '../../../lib/format/index.ts';
import { useAccountActivity } from '../api/access-grants.ts';

export function AccountActivityPanel({ user }: { user: UserAccount }) {
  const [page, setPage] = useState(1);
  const activity = useAccountActivity(user.id, page);
  const items = activity.data?.items ?? [];
  const total = activity.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / 25));
  return (
    <Stack gap="sm">
      <Text size="sm">
        Every record this account opened or changed is in the audit log. {total} event{total === 1 ? '' : 's'}
        .{' '}
        <Anchor component={Link} to={`/admin/audit?actor=${encodeURIComponent(user.email)}`}>
          Open the audit log for this account
        </Anchor>
      </Text>
      {activity.error && <ApiErrorAlert title="The activity could not be loaded" error={activity.error} />}
      {activity.data && items.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing yet: this account has not signed in or opened any record.
        </Text>
      )}
      {items.length > 0 && (
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label={`What ${user.email} did`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Entity</Table.Th>
                <Table.Th>Record</Table.Th>
                <Table.Th>Outcome</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td>{formatExactTime(event.at)}</Table.Td>
                  <Table.Td>{event.action}</Table.Td>
                  <Table.Td>{event.entityType}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {event.entityId ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>{event.outcome}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {lastPage > 1 && (
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </Button>
          <Text size="sm">
            Page {page} of {lastPage}
          </Text>
          <Button size="xs" variant="default" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
            Older
          </Button>
        </Group>
      )}
    </Stack>
  );
}
