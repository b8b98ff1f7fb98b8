/**
 * `/review-matches` (spec s.2; issue 22 "Admin: review matches"; decision 0061): every match with both sides' full
 * names, status, care authorization, initiator, messages and last activity; filters by status, authorization and
 * creation date in the URL. A row opens the match read-only: its likes, the first-contact requests and the
 * conversation with the originals of corrected messages and the contact-check flags (the server audits the read).
 * "End match" sets it to REJECTED after a confirmation. `?match=<id>` opens one match (links from Match detection).
 * Admin only, English.
 */
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  careAuthorizations,
  MATCH_REVIEW_PAGE_SIZE,
  matchReviewQuery,
  matchStatuses,
  type MatchReviewDetail,
  type MatchReviewItem,
  type ReviewedListing,
  type ReviewedMessage,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DateFilter, dateOrUndefined } from '../../../components/ui/date-filters.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { useEndMatch, useReviewMatch, useReviewMatches } from '../api/match-review.ts';

const statusColor: Record<MatchReviewItem['status'], string> = {
  PENDING: 'yellow',
  ACCEPTED: 'green',
  REJECTED: 'red',
};
const authorizationWords: Record<MatchReviewItem['careAuthorization'], string> = {
  not_required: 'Not required',
  requested: 'Requested',
  authorized: 'Authorized',
  declined: 'Declined',
};
const sideWords = { CLIENT: 'Family', CAREGIVER: 'Caregiver' } as const;

export const fullName = (listing: ReviewedListing) =>
  [listing.firstName, listing.lastName].filter(Boolean).join(' ');

/** A listing's name with "hidden" / "archived" beside it. */
export function ListingName({ listing }: { listing: ReviewedListing }) {
  return (
    <Group gap={4} wrap="nowrap">
      <span>{fullName(listing)}</span>
      {listing.hidden ? (
        <Badge size="xs" color="gray" variant="outline">
          hidden
        </Badge>
      ) : null}
      {listing.archived ? (
        <Badge size="xs" color="gray" variant="outline">
          archived
        </Badge>
      ) : null}
    </Group>
  );
}

function StatusBadge({ status }: { status: MatchReviewItem['status'] }) {
  return (
    <Badge color={statusColor[status]} variant="light">
      {status.toLowerCase()}
    </Badge>
  );
}

const column = createColumnHelper<MatchReviewItem>();
const columns = [
  column.accessor((row) => fullName(row.client), {
    id: 'client',
    header: 'Family (client)',
    cell: ({ row }) => <ListingName listing={row.original.client} />,
  }),
  column.accessor((row) => fullName(row.caregiver), {
    id: 'caregiver',
    header: 'Caregiver',
    cell: ({ row }) => <ListingName listing={row.original.caregiver} />,
  }),
  column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  column.accessor('careAuthorization', {
    header: 'Care authorization',
    cell: (info) => authorizationWords[info.getValue()],
  }),
  column.accessor('initiator', { header: 'Started by', cell: (info) => sideWords[info.getValue()] }),
  column.accessor('createdAt', {
    header: 'Matched',
    cell: (info) => <RelativeTime value={info.getValue()} />,
  }),
  column.accessor('messageCount', { header: 'Messages' }),
  column.accessor('lastActivityAt', {
    header: 'Last activity',
    cell: (info) => <RelativeTime value={info.getValue()} />,
  }),
];

function MessageRow({ message }: { message: ReviewedMessage }) {
  return (
    <Paper withBorder p="xs" data-testid="review-message">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {message.senderName ?? sideWords[message.senderSide]} ({sideWords[message.senderSide].toLowerCase()}
          )
        </Text>
        <Text size="xs" c="dimmed" component="div">
          <RelativeTime value={message.sentAt} />
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.content}
      </Text>
      {message.originalContent !== null ? (
        <Text size="sm" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            Original before the correction:{' '}
          </Text>
          {message.originalContent}
        </Text>
      ) : null}
      <Group gap={4} mt={4}>
        {message.kind !== 'text' ? <Badge size="xs">{message.kind.replace('_', ' ')}</Badge> : null}
        {message.flags.map((flag) => (
          <Badge key={flag} size="xs" color="orange" variant="light">
            contact check: {flag}
          </Badge>
        ))}
        {message.readAt ? (
          <Badge size="xs" color="gray" variant="outline">
            read
          </Badge>
        ) : null}
      </Group>
    </Paper>
  );
}

function EndMatch({ match }: { match: MatchReviewDetail }) {
  const end = useEndMatch();
  const [confirming, setConfirming] = useState(false);
  const [note, setNote] = useState('');
  if (match.status === 'REJECTED')
    return <Alert variant="light">This match has ended. The conversation is kept for the record.</Alert>;
  if (!confirming)
    return (
      <Button color="red" variant="light" onClick={() => setConfirming(true)} w="fit-content">
        End match
      </Button>
    );
  return (
    <Stack gap="xs">
      <Textarea
        label="Why (kept with the match, not shown to the families)"
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        autosize
        minRows={2}
      />
      {end.error ? <ApiErrorAlert error={end.error} /> : null}
      <Group gap="xs">
        <Button
          color="red"
          loading={end.isPending}
          onClick={() =>
            end.mutate({ id: match.id, note: note || null }, { onSuccess: () => setConfirming(false) })
          }
        >
          Yes, end this match
        </Button>
        <Button variant="default" onClick={() => setConfirming(false)}>
          Keep it
        </Button>
      </Group>
    </Stack>
  );
}

function LikesSection({ likes }: { likes: MatchReviewDetail['likes'] }) {
  return (
    <>
      <Title order={3} size="h4">
        Likes
      </Title>
      {likes.length ? (
        <Table.ScrollContainer minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {likes.map((like) => (
                <Table.Tr key={like.id}>
                  <Table.Td>{sideWords[like.initiator]}</Table.Td>
                  <Table.Td>{like.status.toLowerCase()}</Table.Td>
                  <Table.Td>
                    <RelativeTime value={like.createdAt} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No likes: this match came from an accepted message request.
        </Text>
      )}
    </>
  );
}

function RequestsSection({ requests }: { requests: MatchReviewDetail['requests'] }) {
  return (
    <>
      <Title order={3} size="h4">
        First-contact requests
      </Title>
      {requests.length ? (
        requests.map((request) => (
          <Paper withBorder p="xs" key={request.id}>
            <Text size="xs" c="dimmed">
              From the {sideWords[request.senderSide].toLowerCase()} · {request.accepted.toLowerCase()}
              {request.closedReason ? ` (${request.closedReason.replace('_', ' ')})` : ''}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.content}
            </Text>
          </Paper>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          No message requests between these two.
        </Text>
      )}
    </>
  );
}

function MatchDetail({ id }: { id: string }) {
  const match = useReviewMatch(id);
  if (match.isPending) return <PageLoader />;
  if (match.error) return <ApiErrorAlert error={match.error} />;
  const m = match.data;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <StatusBadge status={m.status} />
        <Badge variant="outline">Care authorization: {authorizationWords[m.careAuthorization]}</Badge>
        <Badge variant="outline">Started by: {sideWords[m.initiator]}</Badge>
      </Group>
      <Text size="sm">
        <b>Family (client):</b> {fullName(m.client)} · <b>Caregiver:</b> {fullName(m.caregiver)}
      </Text>
      <EndMatch match={m} />
      <LikesSection likes={m.likes} />
      <RequestsSection requests={m.requests} />
      <Title order={3} size="h4">
        Conversation ({m.messages.length} messages, read-only)
      </Title>
      {m.messages.length ? (
        <Stack gap="xs" role="list" aria-label="Messages">
          {m.messages.map((message) => (
            <div role="listitem" key={message.id}>
              <MessageRow message={message} />
            </div>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          No messages yet.
        </Text>
      )}
    </Stack>
  );
}

type ReviewQuery = z.output<typeof matchReviewQuery>;

function MatchFilters({
  query,
  setQuery,
}: {
  query: ReviewQuery;
  setQuery: (patch: Partial<ReviewQuery>) => void;
}) {
  const rangeError = query.from && query.to && query.to < query.from ? 'must be on or after From' : undefined;
  return (
    <>
      <Select
        label="Status"
        placeholder="Any status"
        clearable
        data={matchStatuses.map((value) => ({ value, label: value.toLowerCase() }))}
        value={query.status ?? null}
        onChange={(value) => setQuery({ status: value ?? undefined })}
        w={160}
      />
      <Select
        label="Care authorization"
        placeholder="Any"
        clearable
        data={careAuthorizations.map((value) => ({ value, label: authorizationWords[value] }))}
        value={query.authorization ?? null}
        onChange={(value) => setQuery({ authorization: value ?? undefined })}
        w={180}
      />
      <DateFilter
        label="Matched from"
        value={query.from}
        onChange={(from) => setQuery({ from: dateOrUndefined(from ?? '') })}
      />
      <DateFilter
        label="Matched to"
        value={query.to}
        error={rangeError}
        onChange={(to) => setQuery({ to: dateOrUndefined(to ?? '') })}
      />
    </>
  );
}

export function AdminMatchReviewPage() {
  const list = useListPage({
    schema: matchReviewQuery,
    useList: useReviewMatches,
    pageSize: MATCH_REVIEW_PAGE_SIZE,
  });
  const { query, setQuery } = list;
  const [params] = useSearchParams();
  // A link from Match detection opens its match (`?match=<id>`).
  const [openId, setOpenId] = useState<string | null>(params.get('match'));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Review matches
        </Title>
        <Text c="dimmed" size="sm">
          Every match between a family and a caregiver. Open one to read its likes and conversation (your
          reading is recorded in the audit log) or to end it. Suspicious patterns are on Match detection.
        </Text>
      </div>
      <ListPage
        list={list}
        filterLabel="Filter matches"
        filters={<MatchFilters query={query} setQuery={setQuery} />}
        label="Matches"
        noun={{ one: 'match', other: 'matches' }}
        columns={columns}
        onRowOpen={(row) => setOpenId(row.id)}
        empty={{
          title: 'No matches yet',
          description:
            'Matches appear here when a family and a caregiver like each other or accept a message request.',
        }}
        noMatch={{
          title: 'No matches pass these filters',
          description: 'Clear the filters to see every match.',
        }}
      />
      <Drawer
        opened={Boolean(openId)}
        onClose={() => setOpenId(null)}
        title="Match"
        position="right"
        size="lg"
      >
        {openId ? <MatchDetail id={openId} /> : null}
      </Drawer>
    </Stack>
  );
}
