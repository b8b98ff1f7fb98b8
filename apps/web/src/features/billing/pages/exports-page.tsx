/**
 * `/admin/billing/exports` (issue 6 "Billing export"): pick a service-date range, see READY vs
 * NOT_READY segments with their violations (NOT_READY link to the shift page to fix them) and how
 * many READY ones are billed already, then "Create export batch" (one billing item per READY
 * segment not billed yet; docs/billing-export.md). Below, the batches (date, range, rows, total, who)
 * with a drawer per batch (items, Download). Filters, pages and the open batch live in the URL.
 */
import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconFileExport } from '@tabler/icons-react';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  validationStatus,
  type BillingExportBatch,
  type BillingExportPreview,
  type BillingExportPreviewItem,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DateRangeFilter, resolveDateRange } from '../../../components/ui/date-filters.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import type { SetUrlState } from '../../../lib/url-state.ts';
import {
  billingExportFileUrl,
  exportBatchPageSize,
  useCreateExport,
  useExportBatches,
  useExportPreview,
} from '../api/exports.ts';
import { ExportBatchDrawer } from '../components/export-batch-drawer.tsx';
import { segmentColumns, validationStatusOptions } from '../../../components/validation/segment-columns.tsx';
import { formatCents, formatExactTime } from '../../../lib/format/index.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const exportFilters = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: validationStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
  batchesPage: z.coerce.number().int().min(1).default(1),
  batch: z.uuid().optional(),
});

/** The previous calendar month (billing usually closes a finished month). */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

type ExportFilters = z.output<typeof exportFilters>;

/** The dates of the URL's filters (default: last month); `rangeError` when To is before From. */
const exportRange = (state: ExportFilters) => resolveDateRange(state, lastMonth());

/** The preview of the URL's filters; nothing is asked (and nothing loads) while the range is inverted. */
function usePreviewOfFilters(state: ExportFilters) {
  const { from, to, rangeError } = exportRange(state);
  const preview = useExportPreview(
    { dateFrom: from, dateTo: to, status: state.status, page: state.page, pageSize: state.pageSize },
    !rangeError,
  );
  return rangeError ? { ...preview, isPending: false } : preview;
}

const previewColumns = segmentColumns<BillingExportPreviewItem>({
  statusExtra: (segment) =>
    segment.billed ? (
      <Badge color="gray" variant="outline">
        Billed
      </Badge>
    ) : null,
});

/** The batches list of the URL's `batchesPage` (its own paging; the preview's filters do not apply). */
const useBatchesOfFilters = (state: ExportFilters) => useExportBatches(state.batchesPage);

const batchColumn = createColumnHelper<BillingExportBatch>();
const batchName = (batch: BillingExportBatch) =>
  `batch ${batch.dateFrom} to ${batch.dateTo}, exported ${formatExactTime(batch.exportDate)}`;

/** The batches' columns; "View" opens the batch's drawer. */
const batchColumnsOpening = (onView: (batchId: string) => void) => [
  batchColumn.accessor((batch) => formatExactTime(batch.exportDate), { id: 'exported', header: 'Exported' }),
  batchColumn.accessor((batch) => `${batch.dateFrom} to ${batch.dateTo}`, {
    id: 'serviceDates',
    header: 'Service dates',
  }),
  batchColumn.accessor('rowCount', { header: 'Rows' }),
  batchColumn.accessor((batch) => formatCents(batch.totalAmount ?? 0), { id: 'total', header: 'Total' }),
  batchColumn.accessor((batch) => batch.exportedByName ?? '—', { id: 'by', header: 'By' }),
  batchColumn.display({
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row: { original: batch } }) => (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          onClick={() => onView(batch.id)}
          aria-label={`View ${batchName(batch)}`}
        >
          View
        </Button>
        <Button
          size="xs"
          variant="subtle"
          component="a"
          href={billingExportFileUrl(batch.id)}
          download
          leftSection={<IconDownload size={14} aria-hidden />}
          aria-label={`Download ${batchName(batch)} CSV`}
        >
          CSV
        </Button>
      </Group>
    ),
  }),
];

/** See the module comment. */
export function ExportsPage() {
  const list = useListPage({
    schema: exportFilters,
    useList: usePreviewOfFilters,
    notFilters: ['batchesPage', 'batch'],
  });
  const { query: state, setQuery: setState } = list;
  const batches = useListPage({
    schema: exportFilters,
    useList: useBatchesOfFilters,
    pageKey: 'batchesPage',
    pageSize: exportBatchPageSize,
  });
  const batchColumns = useMemo(
    () => batchColumnsOpening((batch) => setState({ batch }, { resetPage: false })),
    [setState],
  );
  const openBatch = (batch: string | undefined) => setState({ batch }, { resetPage: false });

  return (
    <Stack gap="md">
      <ExportsHeader />
      <ListPage
        list={list}
        filterLabel="Dates to export"
        filters={<ExportFiltersBar state={state} setState={setState} />}
        label="Segments to export"
        noun={{ one: 'segment', other: 'segments' }}
        summary={<CreateExportPanel state={state} preview={list.result.data} onCreated={openBatch} />}
        columns={previewColumns}
        empty={{
          title: 'No segments in these dates',
          description: 'Segments come from imported shifts. Pick other dates, or import EVV visits first.',
        }}
      />
      <Title order={2} size="h3" mt="md">
        Batches
      </Title>
      <ListPage
        list={batches}
        filterLabel="Batches"
        label="Export batches"
        noun={{ one: 'batch', other: 'batches' }}
        columns={batchColumns}
        empty={{
          title: 'No batch yet',
          description: 'Pick the dates above and create the first export batch.',
        }}
      />
      <ExportBatchDrawer batchId={state.batch} onClose={() => openBatch(undefined)} />
    </Stack>
  );
}

/** The title, what an export takes, and the ways to the segments and drift pages. */
function ExportsHeader() {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div>
        <Title order={1} size="h2">
          Export batches
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          Pick the service dates to bill. Only READY segments are exported, each at most once: a segment
          already in a batch is skipped until its item is voided. The batch file is an eXPRS-ready CSV.
        </Text>
      </div>
      <Group gap="xs">
        <Button component={Link} to="/admin/billing/segments" variant="default">
          Segments
        </Button>
        <Button component={Link} to="/admin/billing/drift" variant="default">
          Drift
        </Button>
      </Group>
    </Group>
  );
}

/** The service dates (default: last month) and the status shown. */
function ExportFiltersBar({
  state,
  setState,
}: {
  state: ExportFilters;
  setState: SetUrlState<ExportFilters>;
}) {
  const { from, to, rangeError } = exportRange(state);
  return (
    <>
      <DateRangeFilter from={from} to={to} labels={['From', 'To']} error={rangeError} onChange={setState} />
      <Select
        label="Show"
        placeholder="Every segment"
        data={validationStatusOptions}
        value={state.status ?? null}
        onChange={(value) => setState({ status: validationStatus.safeParse(value ?? undefined).data })}
        clearable
        w={{ base: '100%', sm: 170 }}
      />
    </>
  );
}

/**
 * The preview's counts, "Create export batch" with its notes, why nothing can be exported, and the
 * outcome (the error, or the new batch with its file); `onCreated` opens the new batch.
 */
function CreateExportPanel({
  state,
  preview,
  onCreated,
}: {
  state: ExportFilters;
  preview: BillingExportPreview | undefined;
  onCreated: (batchId: string) => void;
}) {
  const { from, to, rangeError } = exportRange(state);
  const create = useCreateExport();
  const [notes, setNotes] = useState('');
  const counts = preview?.counts;
  const submit = () =>
    create.mutate(
      { dateFrom: from, dateTo: to, notes },
      {
        onSuccess: ({ batch }) => {
          setNotes('');
          onCreated(batch.id);
        },
      },
    );
  return (
    <Stack gap="sm">
      {counts ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <ExportCounts counts={counts} />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label="Notes (optional)"
                placeholder="e.g. March, second half"
                value={notes}
                onChange={(event) => setNotes(event.currentTarget.value)}
                maxLength={1000}
                w={{ base: '100%', sm: 320 }}
              />
              <Button
                leftSection={<IconFileExport size={16} aria-hidden />}
                loading={create.isPending}
                disabled={Boolean(rangeError) || counts.exportable === 0}
                onClick={submit}
              >
                Create export batch
              </Button>
            </Group>
            {counts.exportable === 0 ? (
              <Text size="sm" c="dimmed">
                {counts.ready === 0
                  ? 'Nothing to export: no READY segment in these dates. Fix the NOT_READY segments below, or validate the dates on the Segments page.'
                  : 'Nothing to export: every READY segment of these dates is billed already. Void a drifted item on the Drift page to bill its segment again.'}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {create.error ? (
        <ApiErrorAlert error={create.error} title="No batch was created" onClose={() => create.reset()} />
      ) : null}
      {/* Always there, so that screen readers hear the new batch's result when it appears (polite). */}
      <div role="status" aria-live="polite" data-testid="export-result">
        {create.data ? <BatchCreated created={create.data} onClose={() => create.reset()} /> : null}
      </div>
    </Stack>
  );
}

/** Ready, not ready, billed already and to export, as badges. */
function ExportCounts({ counts }: { counts: BillingExportPreview['counts'] }) {
  return (
    <Group gap="xs" data-testid="export-counts">
      <Badge color="green" variant="light" size="lg">
        {counts.ready} ready
      </Badge>
      <Badge color="red" variant="light" size="lg">
        {counts.notReady} not ready
      </Badge>
      <Badge color="gray" variant="light" size="lg">
        {counts.alreadyBilled} billed already
      </Badge>
      <Badge color="blue" variant="filled" size="lg">
        {counts.exportable} to export
      </Badge>
    </Group>
  );
}

/** The new batch: its items and total, segments left out for want of a rule, and its file. */
function BatchCreated({
  created,
  onClose,
}: {
  created: { batch: BillingExportBatch; skippedNoRule: number };
  onClose: () => void;
}) {
  return (
    // A group, not Mantine's default alert: the status region around it announces it, politely.
    <Alert
      color="green"
      variant="light"
      title="Export batch created"
      onClose={onClose}
      withCloseButton
      role="group"
    >
      <Group gap="sm">
        <Text size="sm">
          {created.batch.rowCount} items, {formatCents(created.batch.totalAmount ?? 0)}.
          {created.skippedNoRule
            ? ` ${created.skippedNoRule} READY segments had no billing-code rule in effect and were left out: validate the dates again.`
            : ''}
        </Text>
        <Anchor href={billingExportFileUrl(created.batch.id)} download size="sm">
          Download the file
        </Anchor>
      </Group>
    </Alert>
  );
}
