/**
 * `/admin/audit` (admin): the audit log (HIPAA 164.312(b)). Filters (action, entity type, actor,
 * outcome, date range), page and page size live in the URL query string (contracts `auditListQuery`),
 * so a filtered view can be bookmarked; paging is server-side, newest first. Columns: time (relative,
 * exact on hover), actor, action, entity, outcome badge, request id. A row opens the whole event.
 */
import { Button, Code, Group, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMemo, useState } from 'react';
import {
  auditActions,
  auditListQuery,
  auditOutcomes,
  type AuditEvent,
  type AuditListQuery,
} from '@tend/contracts';
import type { SetUrlState } from '../../../lib/url-state.ts';
import { type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { fetchAllAuditEvents, useAuditEvents } from '../api/find-audit-events.ts';
import { AuditEventModal } from '../components/audit-event-modal.tsx';
import { OutcomeBadge, outcomeLabels } from '../components/outcome-badge.tsx';

/** Entity types the API records today (`entityType` is matched exactly). */
const entityTypes = [
  { value: 'agency', label: 'Agency' },
  { value: 'audit_event', label: 'Audit log' },
  { value: 'caregiver', label: 'Caregiver' },
  { value: 'case_manager', label: 'Case manager' },
  { value: 'client', label: 'Client' },
  { value: 'user_account', label: 'User account' },
];

/** `YYYY-MM-DD` of a local day → the ISO instant its start (or end) is. */
export function dayToIso(day: string, edge: 'start' | 'end'): string {
  const [year, month, date] = day.split('-').map(Number);
  const local =
    edge === 'start'
      ? new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, 0, 0, 0, 0)
      : new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1, 23, 59, 59, 999);
  return local.toISOString();
}

/** An ISO instant → the `YYYY-MM-DD` local day it falls in. */
export function isoToDay(iso: string | undefined): string | null {
  if (!iso) return null;
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`;
}

const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

const columns: DataTableColumn<AuditEvent>[] = [
  {
    id: 'at',
    header: 'Time',
    accessorKey: 'at',
    cell: ({ row }) => <RelativeTime value={row.original.at} />,
  },
  {
    id: 'actor',
    header: 'Actor',
    accessorFn: (event) => event.actorEmail ?? '',
    cell: ({ row }) =>
      row.original.actorEmail ?? (
        <Text span c="dimmed" size="sm">
          System
        </Text>
      ),
  },
  {
    id: 'action',
    header: 'Action',
    accessorKey: 'action',
    cell: ({ row }) => <Code>{row.original.action}</Code>,
  },
  {
    id: 'entity',
    header: 'Entity',
    accessorFn: (event) => (event.entityId ? `${event.entityType} ${event.entityId}` : event.entityType),
    cell: ({ row }) => {
      const { entityType, entityId } = row.original;
      return (
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{entityType}</Text>
          {entityId && (
            <Tooltip label={entityId}>
              <Code title={entityId}>{shortId(entityId)}</Code>
            </Tooltip>
          )}
        </Group>
      );
    },
  },
  {
    id: 'outcome',
    header: 'Outcome',
    accessorKey: 'outcome',
    cell: ({ row }) => <OutcomeBadge outcome={row.original.outcome} />,
  },
  {
    id: 'requestId',
    header: 'Request id',
    accessorFn: (event) => event.requestId ?? '',
    cell: ({ row }) => (row.original.requestId ? <Code>{row.original.requestId}</Code> : '—'),
  },
];

export function AuditLogPage() {
  const list = useListPage({
    schema: auditListQuery,
    useList: useAuditEvents,
    fetchAll: fetchAllAuditEvents,
  });
  const { query, setQuery: setState } = list;
  const [openEvent, setOpenEvent] = useState<AuditEvent | null>(null);

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>Audit log</Title>
        <Text c="dimmed">
          Who did what, when: every sign-in, every read and change of people's records, and every refused
          request. The log cannot be edited.
        </Text>
      </div>

      <ListPage
        list={list}
        filterLabel="Filter the audit log"
        filters={<AuditFilters query={query} setQuery={setState} />}
        label="Audit events"
        noun={{ one: 'event', other: 'events' }}
        columns={columns}
        onRowOpen={setOpenEvent}
        exportFileName="audit-log"
        noMatch={{
          title: 'No events match these filters',
          description: 'Widen the date range or clear a filter to see more of the log.',
        }}
        empty={{
          title: 'No audit events yet',
          description: 'Events appear here as people sign in and open or change records.',
        }}
      />
      <AuditEventModal event={openEvent} onClose={() => setOpenEvent(null)} />
    </Stack>
  );
}

/** Action, entity type (and a removable entity id), actor, outcome and date range. */
function AuditFilters({ query, setQuery }: { query: AuditListQuery; setQuery: SetUrlState<AuditListQuery> }) {
  const entityTypeOptions = useMemo(
    () =>
      query.entityType && !entityTypes.some((type) => type.value === query.entityType)
        ? [...entityTypes, { value: query.entityType, label: query.entityType }]
        : entityTypes,
    [query.entityType],
  );

  return (
    <>
      <Select
        label="Action"
        placeholder="Any action"
        data={[...auditActions]}
        value={query.action ?? null}
        onChange={(value) => setQuery({ action: value ?? undefined })}
        searchable
        clearable
        w={210}
      />
      <Select
        label="Entity type"
        placeholder="Any entity"
        data={entityTypeOptions}
        value={query.entityType ?? null}
        onChange={(value) => setQuery({ entityType: value ?? undefined, entityId: undefined })}
        clearable
        w={170}
      />
      <DebouncedTextInput
        label="Actor"
        placeholder="Email contains"
        value={query.actor}
        onCommit={(actor) => setQuery({ actor })}
        w={200}
      />
      <Select
        label="Outcome"
        placeholder="Any outcome"
        data={auditOutcomes.map((outcome) => ({ value: outcome, label: outcomeLabels[outcome] }))}
        value={query.outcome ?? null}
        onChange={(value) => setQuery({ outcome: auditOutcomes.find((outcome) => outcome === value) })}
        clearable
        w={150}
      />
      <AuditDateRange from={query.from} to={query.to} onChange={setQuery} />
      {query.entityId && (
        <Button
          variant="light"
          size="sm"
          aria-label={`Remove the filter on entity ${query.entityId}`}
          onClick={() => setQuery({ entityId: undefined })}
        >
          Entity {shortId(query.entityId)} ✕
        </Button>
      )}
    </>
  );
}

/** The date range as local days; sends the start of the first and the end of the last as instants. */
function AuditDateRange({
  from,
  to,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  onChange: (range: { from: string | undefined; to: string | undefined }) => void;
}) {
  const range = useMemo<[string | null, string | null]>(() => [isoToDay(from), isoToDay(to)], [from, to]);
  return (
    <DatePickerInput
      type="range"
      label="Date range"
      placeholder="Any date"
      value={range}
      onChange={([start, end]) => {
        // Wait for both ends unless the range is cleared.
        if (start && !end) return;
        onChange({
          from: start ? dayToIso(start, 'start') : undefined,
          to: end ? dayToIso(end, 'end') : undefined,
        });
      }}
      allowSingleDateInRange
      clearable
      maxDate={new Date()}
      w={250}
    />
  );
}
