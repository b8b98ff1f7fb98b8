/**
 * `/admin/billing/segments` (issue 6): the shift segments of a date range with their validation
 * status (READY / NOT_READY, colour + word) and open violations by catalogue label, the counts for the
 * filter, a "Validate these dates" button with a progress bar, and a link to each shift's detail page
 * where the admin corrects what makes a segment NOT_READY. Filters (dates, status, violation,
 * caregiver, client) and the page live in the URL; the running job's id too (`job=`).
 */
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { IconChecks } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSearchParam, type SetUrlState } from '../../../lib/url-state.ts';
import { z } from 'zod';
import {
  segmentViolationCatalogue,
  segmentViolationCodes,
  validationStatus,
  type SegmentListItem,
  type SegmentListQuery,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { CaregiverClientFilters } from '../../../components/ui/person-select.tsx';
import { useSegments } from '../api/segments.ts';
import { useStartValidation } from '../../../components/validation/validation-api.ts';
import { ValidationProgress } from '../../../components/validation/validation-progress.tsx';
import { segmentColumns, validationStatusOptions } from '../../../components/validation/segment-columns.tsx';
import { DateRangeFilter, resolveDateRange } from '../../../components/ui/date-filters.tsx';
import { formatExactTime, formatInstant } from '../../../lib/format/index.ts';
import { TimesIn } from '../../../components/ui/times-in.tsx';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The URL's filters: like `segmentListQuery`, with the dates optional (default: this month). */
const segmentFilters = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  status: validationStatus.optional(),
  code: z.enum(segmentViolationCodes).optional(),
  caregiverId: z.uuid().optional(),
  clientId: z.uuid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});

/** The current calendar month. */
function thisMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
const codeOptions = segmentViolationCodes.map((code) => ({
  value: code,
  label: segmentViolationCatalogue[code].label,
}));
/** "Jul 7, 4:00 PM PDT" with the exact time on hover; a dash when missing. */
function Time({ value }: { value: string | null }) {
  if (!value) return <Text size="xs">—</Text>;
  return (
    <Text size="xs" title={formatExactTime(value)} style={{ whiteSpace: 'nowrap' }}>
      {formatInstant(value, undefined)}
    </Text>
  );
}

type SegmentFilters = z.output<typeof segmentFilters>;

/** The list query of the URL's filters: the dates default to this month; `rangeError` when To is before From. */
function segmentQuery(state: SegmentFilters): { query: SegmentListQuery; rangeError: string | undefined } {
  const { from, to, rangeError } = resolveDateRange(state, thisMonth());
  return { query: { ...state, from, to }, rangeError };
}

/** The segments of the URL's filters (an inverted range asks for its first day only). */
function useSegmentsOfFilters(state: SegmentFilters) {
  const { query, rangeError } = segmentQuery(state);
  return useSegments(rangeError ? { ...query, to: query.from } : query);
}

const column = createColumnHelper<SegmentListItem>();
const columns = segmentColumns<SegmentListItem>({
  between: [
    column.display({
      id: 'times',
      header: 'Start / end',
      cell: ({ row: { original: segment } }) => (
        <>
          <Time value={segment.evvStart} />
          <Time value={segment.evvEnd} />
        </>
      ),
    }),
  ],
});

/** READY and NOT_READY counts of the dates, and how many the status filter shows. */
function SegmentCounts({
  counts,
  from,
  to,
  shown,
}: {
  counts: { READY: number; NOT_READY: number };
  from: string;
  to: string;
  shown: number | null;
}) {
  return (
    <Group gap="xs" data-testid="segment-counts">
      <Badge color="green" variant="light" size="lg">
        {counts.READY} ready
      </Badge>
      <Badge color="red" variant="light" size="lg">
        {counts.NOT_READY} not ready
      </Badge>
      <Text size="sm" c="dimmed">
        {from} to {to}
        {shown !== null ? ` · showing ${shown}` : ''}
      </Text>
    </Group>
  );
}

/** See the module comment. */
export function SegmentsPage() {
  const list = useListPage({ schema: segmentFilters, useList: useSegmentsOfFilters });
  const { query: state } = list;
  const [jobId, setJobId] = useSearchParam('job');
  const {
    query: { from, to },
    rangeError,
  } = segmentQuery(state);
  const start = useStartValidation();
  const data = list.result.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Segments and validation
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Each shift segment is checked against the violation catalogue: times, overlaps, billing-code
            rules, budgets, location and notes. Only READY segments can be billed. Open a shift to correct it;
            the segment is checked again when you save.
          </Text>
          <TimesIn />
        </div>
        <Group gap="xs">
          <Button component={Link} to="/admin/billing/codes" variant="default">
            Billing codes
          </Button>
          <Button
            leftSection={<IconChecks size={16} aria-hidden />}
            loading={start.isPending}
            disabled={Boolean(rangeError)}
            onClick={() => start.mutate({ from, to }, { onSuccess: ({ job }) => setJobId(job.id) })}
          >
            Validate these dates
          </Button>
        </Group>
      </Group>
      {start.error ? <ApiErrorAlert error={start.error} title="The validation did not start" /> : null}
      {jobId ? <ValidationProgress jobId={jobId} onClose={() => setJobId(undefined)} /> : null}
      <ListPage
        list={list}
        filterLabel="Filter segments"
        filters={<SegmentFiltersBar state={state} setState={list.setQuery} />}
        label="Segments"
        noun={{ one: 'segment', other: 'segments' }}
        summary={
          data ? (
            <SegmentCounts
              counts={data.counts}
              from={from}
              to={to}
              shown={state.status ? data.total : null}
            />
          ) : undefined
        }
        columns={columns}
        emptyMeansNoMatch={data ? data.counts.READY + data.counts.NOT_READY > 0 : undefined}
        noMatch={{
          title: 'No segments match these filters',
          description: 'Pick another status, violation or person, or clear the filters.',
        }}
        empty={{
          title: 'No segments in these dates',
          description: 'Segments come from imported shifts. Pick other dates, or import EVV visits first.',
          action: (
            <Button component={Link} to="/upload" variant="default">
              Import shifts
            </Button>
          ),
        }}
      />
    </Stack>
  );
}

/** Dates (default: this month), status, violation, caregiver and client. */
function SegmentFiltersBar({
  state,
  setState,
}: {
  state: SegmentFilters;
  setState: SetUrlState<SegmentFilters>;
}) {
  const {
    query: { from, to },
    rangeError,
  } = segmentQuery(state);
  return (
    <>
      <DateRangeFilter from={from} to={to} labels={['From', 'To']} error={rangeError} onChange={setState} />
      <Select
        label="Status"
        placeholder="Any status"
        data={validationStatusOptions}
        value={state.status ?? null}
        onChange={(value) => setState({ status: validationStatus.safeParse(value ?? undefined).data })}
        clearable
        w={{ base: '100%', sm: 150 }}
      />
      <Select
        label="Violation"
        placeholder="Any violation"
        data={codeOptions}
        value={state.code ?? null}
        onChange={(value) => setState({ code: segmentFilters.shape.code.safeParse(value ?? undefined).data })}
        clearable
        searchable
        w={{ base: '100%', sm: 230 }}
      />
      <CaregiverClientFilters caregiverId={state.caregiverId} clientId={state.clientId} onChange={setState} />
    </>
  );
}
