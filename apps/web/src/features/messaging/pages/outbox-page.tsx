/**
 * `/admin/outbox`: every email and SMS Tend sent or recorded (DOMAIN.md "Outbound messages"). With no
 * provider configured (the embedded default) messages are only recorded here; a row opens the message.
 */
import { useState } from 'react';
import { Alert, Badge, Code, Modal, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { outboxListQuery, type OutboxMessage } from '@tend/contracts';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { useOutbox } from '../api/find-outbox.ts';

const statusColor: Record<OutboxMessage['status'], string> = {
  recorded: 'gray',
  sent: 'green',
  failed: 'red',
};
const column = createColumnHelper<OutboxMessage>();
const columns = [
  column.accessor('createdAt', { header: 'When', cell: (info) => <RelativeTime value={info.getValue()} /> }),
  column.accessor('channel', {
    header: 'Channel',
    cell: (info) => (info.getValue() === 'email' ? 'Email' : 'SMS'),
  }),
  column.accessor('toAddress', { header: 'To' }),
  column.accessor('subject', { header: 'Subject', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('status', {
    header: 'Status',
    cell: ({ row }) => (
      <Badge color={statusColor[row.original.status]} variant="light" title={row.original.error ?? undefined}>
        {row.original.status} · {row.original.provider}
      </Badge>
    ),
  }),
];

/**
 * Shown while the server stores one-time links and codes unredacted (OUTBOX_SHOWS_SECRETS, development only):
 * anyone who reads this page could then sign in as the recipients.
 */
function DevelopmentModeNotice() {
  return (
    <Alert color="yellow" variant="light" title="Development mode: sign-in links and codes are shown">
      This server stores one-time sign-in and reset links and codes in the outbox as sent
      (OUTBOX_SHOWS_SECRETS). Anyone who can read this page can sign in as the recipients. Turn it off outside
      development.
    </Alert>
  );
}

export function OutboxPage() {
  const list = useListPage({ schema: outboxListQuery, useList: useOutbox });
  const { query, setQuery } = list;
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Outbox
        </Title>
        <Text c="dimmed" size="sm">
          Every email and text message Tend sent or recorded. Without an email or SMS provider configured,
          messages are kept here only. One-time sign-in and reset links and codes are never stored: a note
          says that one was sent.
        </Text>
      </div>
      {list.result.data?.secretsShown ? <DevelopmentModeNotice /> : null}
      <ListPage
        list={list}
        filterLabel="Filter messages"
        filters={
          <SegmentedControl
            aria-label="Channel"
            w="fit-content"
            value={query.channel ?? 'all'}
            onChange={(value) =>
              setQuery({ channel: value === 'email' || value === 'sms' ? value : undefined })
            }
            data={[
              { value: 'all', label: 'All' },
              { value: 'email', label: 'Email' },
              { value: 'sms', label: 'SMS' },
            ]}
          />
        }
        label="Outbox"
        noun={{ one: 'message', other: 'messages' }}
        columns={columns}
        onRowOpen={setOpen}
        empty={{
          title: 'No messages yet',
          description:
            'Invitations, dashboard-access emails and sign-in codes will appear here when Tend sends them.',
        }}
        noMatch={{
          title: 'No messages on this channel',
          description: 'Choose “All” to see every email and text message.',
        }}
      />
      <Modal
        opened={Boolean(open)}
        onClose={() => setOpen(null)}
        title={open?.subject ?? 'Text message'}
        size="lg"
      >
        {open ? (
          <Stack gap="xs">
            <Text size="sm">To: {open.toAddress}</Text>
            {open.fromAddress ? <Text size="sm">From: {open.fromAddress}</Text> : null}
            {open.error ? (
              <Text c="red.9" size="sm">
                Error: {open.error}
              </Text>
            ) : null}
            {/* A long body scrolls: focusable and named, so it scrolls by keyboard (WCAG 2.1.1). */}
            <Code block tabIndex={0} role="region" aria-label="Message text">
              {open.textBody}
            </Code>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
