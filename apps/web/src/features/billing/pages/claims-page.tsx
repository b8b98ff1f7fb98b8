/**
 * `/admin/billing/claims` (issue 6 "Claim import and reconciliation"; docs/claim-reconciliation.md):
 * upload an eXPRS claim CSV or an X12 835 remittance and see what it did (matched / orphaned / denied /
 * rejected rows, the rejected rows downloadable as CSV), the list of imports, and one import's lines in
 * tabs — Matched, Denied (acknowledge), Orphaned (acknowledge, link by hand) — plus the unpaid billing
 * items of the import's service dates. Money with `formatCents`. The chosen import, its tab and page, and
 * the imports' page (`importsPage`) live in the URL.
 */
import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Anchor, Badge, Button, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { z } from 'zod';
import {
  type ClaimImportBatch,
  type ClaimImportResult,
  type ExprsRecordItem,
  type ReconciliationItem,
} from '@tend/contracts';
import { ApiErrorAlert, LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import {
  useAcknowledgeLine,
  useClaimImport,
  useClaimImports,
  useExprsRecords,
  useReconciliationItems,
} from '../api/claims.ts';
import { ClaimImportSummary, ClaimUploadPanel } from '../components/claim-upload-panel.tsx';
import { LinkLineModal } from '../components/link-line-modal.tsx';
import { formatCents, formatExactTime, formatMoney } from '../../../lib/format/index.ts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

const tabs = ['matched', 'denied', 'orphaned', 'unpaid'] as const;
type Tab = (typeof tabs)[number];
const claimFilters = z.object({
  batch: z.uuid().optional(),
  tab: z.enum(tabs).default('matched'),
  page: z.coerce.number().int().min(1).default(1),
  importsPage: z.coerce.number().int().min(1).default(1),
});
type ClaimFilters = z.output<typeof claimFilters>;
/** The page size of an import's lines. */
const linePageSize = 50;
const code = (line: { procedureCode: string | null; modifier: string | null }) =>
  `${line.procedureCode ?? '—'}${line.modifier ? ` + ${line.modifier}` : ''}`;

/** The page size of the imports list. */
const importPageSize = 10;

/** The imports of the URL's `importsPage`, newest first. */
const useImportsOfPage = (query: ClaimFilters) =>
  useClaimImports({ page: query.importsPage, pageSize: importPageSize });

const importColumn = createColumnHelper<ClaimImportBatch>();

/** The imports' columns; the date opens the import (its tabs below the list). */
const importColumnsOpening = (onOpen: (batchId: string) => void) => [
  importColumn.accessor((batch) => formatExactTime(batch.importDate), {
    id: 'imported',
    header: 'Imported',
    cell: ({ getValue, row: { original: batch } }) => (
      <Anchor
        component="button"
        type="button"
        onClick={() => onOpen(batch.id)}
        style={{ whiteSpace: 'nowrap' }}
      >
        {getValue()}
      </Anchor>
    ),
  }),
  importColumn.accessor((batch) => batch.fileName ?? '—', {
    id: 'file',
    header: 'File',
    cell: ({ getValue }) => <span style={{ wordBreak: 'break-all' }}>{getValue()}</span>,
  }),
  importColumn.accessor((batch) => (batch.format === 'X12_835' ? 'X12 835' : 'eXPRS CSV'), {
    id: 'format',
    header: 'Format',
  }),
  importColumn.accessor('rowCount', { header: 'Lines' }),
  importColumn.accessor('matchedCount', { header: 'Matched' }),
  importColumn.accessor('orphanedCount', { header: 'Orphaned' }),
  importColumn.accessor('rejectedCount', { header: 'Rejected' }),
];

/** See the module comment. */
export function ClaimsPage() {
  const { state, setState } = useUrlState(claimFilters);
  const imports = useListPage({
    schema: claimFilters,
    useList: useImportsOfPage,
    pageKey: 'importsPage',
    pageSize: importPageSize,
    notFilters: ['batch', 'tab'],
  });
  const importColumns = useMemo(
    () => importColumnsOpening((batch) => setState({ batch, tab: 'matched' })),
    [setState],
  );
  const [result, setResult] = useState<ClaimImportResult | null>(null);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Claim imports
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          Import what eXPRS paid and denied — its claim CSV or an X12 835 remittance — and Tend matches each
          line to the billing item it pays: exactly by billing id, else by client, date, code and units.
          Review denials and orphaned lines, acknowledge them, or link a line to its item by hand.
        </Text>
      </div>

      <ClaimUploadPanel
        onImported={(imported) => {
          setResult(imported);
          setState({ batch: imported.batch.id, tab: 'matched' });
        }}
      />
      {result ? <ClaimImportSummary result={result} /> : null}

      <Title order={2} size="h3">
        Imports
      </Title>
      <ListPage
        list={imports}
        filterLabel="Imports"
        label="Claim imports"
        noun={{ one: 'import', other: 'imports' }}
        columns={importColumns}
        currentRowId={state.batch}
        empty={{
          title: 'No claim file imported yet',
          description:
            'Download the claim report from eXPRS (CSV) or the 835 remittance file, then upload it above.',
        }}
      />

      {state.batch ? (
        <BatchDetail batchId={state.batch} tab={state.tab} onTab={(tab) => setState({ tab })} />
      ) : null}
    </Stack>
  );
}

const tabQuery: Record<
  Exclude<Tab, 'unpaid'>,
  { matchStatus?: 'MATCHED' | 'ORPHANED'; claimStatus?: 'denied' }
> = {
  matched: { matchStatus: 'MATCHED' },
  denied: { claimStatus: 'denied' },
  orphaned: { matchStatus: 'ORPHANED' },
};

function BatchDetail({ batchId, tab, onTab }: { batchId: string; tab: Tab; onTab: (tab: Tab) => void }) {
  const detail = useClaimImport(batchId);
  const data = detail.data;
  if (detail.isError)
    return (
      <LoadErrorAlert
        title="The import could not be loaded"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  if (!data)
    return (
      <Group justify="center" p="md">
        <Loader aria-label="Loading the import" />
      </Group>
    );
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Import of <ExactTime value={data.batch.importDate} />
      </Title>
      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {data.batch.fileName ?? '—'} · {data.batch.rowCount} lines · {formatCents(data.counts.paidAmount)}{' '}
        paid · {data.counts.toReview} to review
      </Text>
      <Tabs
        value={tab}
        onChange={(value) =>
          onTab((tabs as readonly string[]).includes(value ?? '') ? (value as Tab) : 'matched')
        }
      >
        <Tabs.List>
          <Tabs.Tab value="matched">Matched ({data.counts.matched})</Tabs.Tab>
          <Tabs.Tab value="denied">Denied ({data.counts.denied})</Tabs.Tab>
          <Tabs.Tab value="orphaned">Orphaned ({data.counts.orphaned})</Tabs.Tab>
          <Tabs.Tab value="unpaid">Unpaid items</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'unpaid' ? <UnpaidItems /> : <LineTable key={tab} tab={tab} />}
    </Stack>
  );
}

const emptyText: Record<Exclude<Tab, 'unpaid'>, string> = {
  matched: 'No line of this file matched a billing item. Check the Orphaned tab for the reasons.',
  denied: 'No line of this file was denied.',
  orphaned: 'Every line of this file matched a billing item: nothing to link.',
};

/** The lines of the URL's import and tab, a page of 50. */
const useLinesOfTab = (query: ClaimFilters) =>
  useExprsRecords(
    {
      importBatchId: query.batch,
      ...(query.tab === 'unpaid' ? {} : tabQuery[query.tab]),
      page: query.page,
      pageSize: linePageSize,
    },
    query.batch !== undefined,
  );

const lineColumn = createColumnHelper<ExprsRecordItem>();
const orDash = (value: string | number | null) => value ?? '—';

/** What a claim line says, the same in every tab. */
const lineFactColumns = [
  lineColumn.accessor('lineNumber', { header: 'Line' }),
  lineColumn.accessor((line) => orDash(line.claimId), {
    id: 'claim',
    header: 'Claim',
    cell: ({ getValue }) => <span style={{ wordBreak: 'break-all' }}>{getValue()}</span>,
  }),
  lineColumn.accessor((line) => orDash(line.serviceDate), {
    id: 'serviceDate',
    header: 'Service date',
    cell: ({ getValue }) => <span style={{ whiteSpace: 'nowrap' }}>{getValue()}</span>,
  }),
  lineColumn.accessor((line) => orDash(line.clientPid), { id: 'clientPid', header: 'Client prime' }),
  lineColumn.accessor(code, {
    id: 'code',
    header: 'Code',
    cell: ({ getValue }) => <span style={{ whiteSpace: 'nowrap' }}>{getValue()}</span>,
  }),
  lineColumn.accessor((line) => orDash(line.units), { id: 'units', header: 'Units' }),
  lineColumn.accessor((line) => formatMoney(line.billedAmount), { id: 'billed', header: 'Billed' }),
  lineColumn.accessor((line) => formatMoney(line.paidAmount), { id: 'paid', header: 'Paid' }),
  lineColumn.accessor((line) => orDash(line.claimStatus), {
    id: 'status',
    header: 'Status',
    cell: ({ row: { original: line } }) => (
      <Badge
        variant="light"
        miw="max-content"
        color={line.claimStatus === 'paid' ? 'green' : line.claimStatus === 'denied' ? 'red' : 'gray'}
      >
        {line.claimStatus ?? '—'}
      </Badge>
    ),
  }),
];

/** Why a line is in its tab (unmatched reason, denial) and the billing item it pays, if any. */
function LineDetail({ tab, line }: { tab: Exclude<Tab, 'unpaid'>; line: ExprsRecordItem }) {
  return (
    <Stack gap={0} miw={220} maw={360}>
      {tab === 'orphaned' ? (
        <Text size="sm">{line.matchFailureReason ?? '—'}</Text>
      ) : tab === 'denied' ? (
        <Text size="sm">
          {line.denialReason ?? 'No reason given'}
          {line.exceptionCode ? ` (${line.exceptionCode})` : ''}
        </Text>
      ) : null}
      {line.billingItem ? (
        <Text size="sm" c={tab === 'matched' ? undefined : 'dimmed'}>
          {line.billingItem.clientName} · {line.billingItem.date} · {formatMoney(line.billingItem.amount)}
          {line.matchConfidence !== null && line.matchConfidence < 1
            ? ` · ${Math.round(line.matchConfidence * 100)}% sure`
            : line.matchedBy
              ? ' · linked by hand'
              : ''}
        </Text>
      ) : null}
    </Stack>
  );
}

/** How a line outside Matched is reviewed: acknowledged (or its badge), linked by hand. */
interface LineReviewActions {
  acknowledging: string | undefined;
  onAcknowledge: (id: string) => void;
  onLink: (line: ExprsRecordItem) => void;
}

function LineReview({ line, review }: { line: ExprsRecordItem; review: LineReviewActions }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {line.acknowledgedAt ? (
        <Badge color="teal" variant="light" miw="max-content" title={formatExactTime(line.acknowledgedAt)}>
          Acknowledged
        </Badge>
      ) : (
        <Button
          size="xs"
          variant="default"
          loading={review.acknowledging === line.id}
          aria-label={`Acknowledge line ${line.lineNumber}`}
          onClick={() => review.onAcknowledge(line.id)}
        >
          Acknowledge
        </Button>
      )}
      {line.matchStatus !== 'MATCHED' ? (
        <Button
          size="xs"
          aria-label={`Link by hand: line ${line.lineNumber}`}
          onClick={() => review.onLink(line)}
        >
          Link by hand
        </Button>
      ) : null}
    </Group>
  );
}

/** The columns of one tab's lines; outside Matched, a line can be acknowledged or linked by hand. */
function lineColumnsOf(tab: Exclude<Tab, 'unpaid'>, review: LineReviewActions) {
  const columns = [
    ...lineFactColumns,
    lineColumn.display({
      id: 'detail',
      header: tab === 'orphaned' ? 'Why unmatched' : tab === 'denied' ? 'Denial' : 'Billing item',
      cell: ({ row: { original: line } }) => <LineDetail tab={tab} line={line} />,
    }),
  ];
  if (tab === 'matched') return columns;
  return [
    ...columns,
    lineColumn.display({
      id: 'review',
      header: 'Review',
      cell: ({ row: { original: line } }) => <LineReview line={line} review={review} />,
    }),
  ];
}

const lineLabels = { matched: 'Matched lines', denied: 'Denied lines', orphaned: 'Orphaned lines' };

/** The lines of one tab, with the link dialog kept mounted while the list changes under it. */
function LineTable({ tab }: { tab: Exclude<Tab, 'unpaid'> }) {
  const [linking, setLinking] = useState<ExprsRecordItem | null>(null);
  const list = useListPage({
    schema: claimFilters,
    useList: useLinesOfTab,
    pageSize: linePageSize,
    notFilters: ['batch', 'tab'],
  });
  const acknowledge = useAcknowledgeLine();
  const acknowledging = acknowledge.isPending ? acknowledge.variables : undefined;
  const { mutate } = acknowledge;
  const columns = useMemo(
    () => lineColumnsOf(tab, { acknowledging, onAcknowledge: (id) => mutate(id), onLink: setLinking }),
    [tab, acknowledging, mutate],
  );
  return (
    <>
      {acknowledge.error ? (
        <ApiErrorAlert error={acknowledge.error} title="The line was not acknowledged" />
      ) : null}
      <ListPage
        list={list}
        filterLabel={lineLabels[tab]}
        label={lineLabels[tab]}
        noun={{ one: 'line', other: 'lines' }}
        columns={columns}
        empty={{ title: 'Nothing here', description: emptyText[tab] }}
      />
      <LinkLineModal line={linking} onClose={() => setLinking(null)} />
    </>
  );
}

/**
 * The unpaid billing items of the URL's import: its lines' service dates (first to last), then the
 * items of those dates whose newest claim line is not paid, a page of 50.
 */
function useUnpaidOfImport(query: ClaimFilters) {
  const allLines = useExprsRecords(
    { importBatchId: query.batch, page: 1, pageSize: 500 },
    query.batch !== undefined,
  );
  const dates = (allLines.data?.items ?? [])
    .map((l) => l.serviceDate)
    .filter((d): d is string => Boolean(d))
    .sort();
  const from = dates[0];
  const to = dates.at(-1);
  const items = useReconciliationItems(
    'unpaid-items',
    { from, to, page: query.page, pageSize: linePageSize },
    Boolean(allLines.data),
  );
  return { ...items, from, to };
}

const unpaidColumn = createColumnHelper<ReconciliationItem>();
const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
const unpaidColumns = [
  unpaidColumn.accessor('date', { header: 'Date', cell: ({ getValue }) => nowrap(getValue()) }),
  unpaidColumn.accessor('clientName', { header: 'Client' }),
  unpaidColumn.accessor('caregiverName', { header: 'Caregiver' }),
  unpaidColumn.accessor((item) => `${item.billingCode}${item.modifier ? ` + ${item.modifier}` : ''}`, {
    id: 'code',
    header: 'Code',
    cell: ({ getValue }) => nowrap(getValue()),
  }),
  unpaidColumn.accessor((item) => item.units ?? '—', { id: 'units', header: 'Units' }),
  unpaidColumn.accessor((item) => formatMoney(item.amount), { id: 'amount', header: 'Amount' }),
  unpaidColumn.accessor((item) => item.claimStatus ?? 'No claim line', {
    id: 'claimStatus',
    header: 'Claim status',
  }),
  unpaidColumn.accessor(
    (item) => `${item.denialReason ?? '—'}${item.exceptionCode ? ` (${item.exceptionCode})` : ''}`,
    { id: 'denial', header: 'Denial' },
  ),
];

function UnpaidItems() {
  const list = useListPage({
    schema: claimFilters,
    useList: useUnpaidOfImport,
    pageSize: linePageSize,
    notFilters: ['batch', 'tab'],
  });
  const { from, to } = list.result;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Exported billing items {from && to ? `from ${from} to ${to} ` : ''}whose newest claim line is not paid
        (denied, pended, or no claim line yet).
      </Text>
      <ListPage
        list={list}
        filterLabel="Unpaid items"
        label="Unpaid items"
        noun={{ one: 'item', other: 'items' }}
        columns={unpaidColumns}
        empty={{ title: 'Every billing item of these dates is paid', description: 'Nothing to follow up.' }}
      />
    </Stack>
  );
}
