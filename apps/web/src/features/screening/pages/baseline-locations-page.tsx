/**
 * `/admin/baselineLocations` (issue 5; UX.md "Screening: Suspicious locations and baselines"): two
 * tabs, their state in the URL (`tab=queue|baselines`):
 * - Review queue: findings by level (totals per level), filters (level, type, caregiver, client,
 *   service dates, review state) in the URL, server-paged; a row opens the review drawer (map,
 *   figures, note).
 * - Baselines: each screened client's learned home (status, radius, samples, confidence, outliers,
 *   open findings); a row opens the client's map with approved locations (`client=` in the URL).
 * "Screen new shifts" / "Re-screen every shift" start the screening job with a progress bar.
 */
import { useState } from 'react';
import { Badge, Group, SegmentedControl, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import {
  baselineListQuery,
  suspicionLevel,
  suspicionLevels,
  suspiciousLocationListQuery,
  suspiciousType,
  suspiciousTypeLabels,
  suspiciousTypes,
  type BaselineListQuery,
  type BaselineLocation,
  type SuspiciousLocation,
  type SuspiciousLocationListQuery,
} from '@tend/contracts';
import { fetchAllPages, type CsvColumn } from '../../../components/ui/data-table.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { useSearchParam, type SetUrlState } from '../../../lib/url-state.ts';
import {
  findBaselines,
  findSuspiciousLocations,
  useBaselines,
  useSuspiciousLocations,
} from '../api/screening-locations.ts';
import { BaselineDrawer, BaselineStatusBadge } from '../components/baseline-drawer.tsx';
import { levelColors, levelLabels } from '../components/suspicion-level.ts';
import { CaregiverClientFilters, PersonSelect } from '../../../components/ui/person-select.tsx';
import { LevelBadge, ReviewDrawer } from '../components/review-drawer.tsx';
import { ScreeningRun } from '../components/screening-run.tsx';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import { formatDistance, formatShare } from '../../../lib/format/index.ts';

const nowrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

const findingColumn = createColumnHelper<SuspiciousLocation>();
const findingColumns = [
  findingColumn.accessor('suspicionLevel', {
    header: 'Level',
    cell: ({ row }) => <LevelBadge level={row.original.suspicionLevel} />,
  }),
  findingColumn.accessor('suspiciousType', {
    header: 'What',
    cell: ({ row }) => suspiciousTypeLabels[row.original.suspiciousType],
  }),
  findingColumn.accessor('date', { header: 'Date', cell: ({ row }) => nowrap(row.original.date) }),
  findingColumn.accessor('clientName', { header: 'Client' }),
  findingColumn.accessor('caregiverName', { header: 'Caregiver' }),
  findingColumn.accessor('distanceMeters', {
    header: 'Distance',
    cell: ({ row }) => nowrap(formatDistance(row.original.distanceMeters)),
  }),
  findingColumn.accessor('reviewed', {
    header: 'Review',
    cell: ({ row }) =>
      row.original.reviewed ? (
        <Badge color="green" variant="light">
          Reviewed
        </Badge>
      ) : (
        <Badge color="gray" variant="outline">
          To review
        </Badge>
      ),
  }),
];

const baselineColumn = createColumnHelper<BaselineLocation>();
const baselineColumns = [
  baselineColumn.accessor('clientName', { header: 'Client' }),
  baselineColumn.accessor('learned', {
    header: 'Baseline',
    cell: ({ row }) => <BaselineStatusBadge baseline={row.original} />,
  }),
  baselineColumn.accessor('radiusMeters', {
    header: 'Radius',
    cell: ({ row }) => nowrap(row.original.radiusMeters ? formatDistance(row.original.radiusMeters) : '—'),
  }),
  baselineColumn.accessor('sampleSize', { header: 'Shifts with coordinates' }),
  baselineColumn.accessor('inConfidence', {
    header: 'Confidence (in / out)',
    cell: ({ row }) =>
      nowrap(`${formatShare(row.original.inConfidence)} / ${formatShare(row.original.outConfidence)}`),
  }),
  baselineColumn.accessor('inOutlierCount', {
    header: 'Outliers (in / out)',
    cell: ({ row }) => `${row.original.inOutlierCount} / ${row.original.outOutlierCount}`,
  }),
  baselineColumn.accessor('approvedLocationCount', { header: 'Approved places' }),
  baselineColumn.accessor('openFindingCount', { header: 'To review' }),
  baselineColumn.accessor('lastUpdated', {
    header: 'Learned',
    cell: ({ row }) =>
      row.original.lastUpdated ? <RelativeTime value={row.original.lastUpdated} /> : 'Not yet',
  }),
];

/** The queue's CSV: every figure of each finding (the export of the filtered set, UX.md "Tables"). */
const findingCsv: CsvColumn<SuspiciousLocation>[] = [
  { header: 'Level', value: (f) => f.suspicionLevel },
  { header: 'What', value: (f) => suspiciousTypeLabels[f.suspiciousType] },
  { header: 'Date', value: (f) => f.date },
  { header: 'Client', value: (f) => f.clientName },
  { header: 'Caregiver', value: (f) => f.caregiverName },
  { header: 'Distance (m)', value: (f) => f.distanceMeters },
  { header: 'Actual latitude', value: (f) => f.actualLat },
  { header: 'Actual longitude', value: (f) => f.actualLong },
  { header: 'Expected latitude', value: (f) => f.expectedLat },
  { header: 'Expected longitude', value: (f) => f.expectedLong },
  { header: 'Reviewed', value: (f) => (f.reviewed ? 'yes' : 'no') },
  { header: 'Review note', value: (f) => f.reviewNote },
  { header: 'Reviewed by', value: (f) => f.reviewedByName },
  { header: 'Reviewed at', value: (f) => f.reviewedAt },
  { header: 'Shift id', value: (f) => f.shiftId },
];

const baselineCsv: CsvColumn<BaselineLocation>[] = [
  { header: 'Client', value: (b) => b.clientName },
  { header: 'Learned', value: (b) => (b.learned ? 'yes' : 'no') },
  { header: 'Clock-in latitude', value: (b) => b.inLat },
  { header: 'Clock-in longitude', value: (b) => b.inLong },
  { header: 'Clock-out latitude', value: (b) => b.outLat },
  { header: 'Clock-out longitude', value: (b) => b.outLong },
  { header: 'Radius (m)', value: (b) => b.radiusMeters },
  { header: 'Shifts with coordinates', value: (b) => b.sampleSize },
  { header: 'Clock-in clusters', value: (b) => b.inClusterSizes },
  { header: 'Clock-out clusters', value: (b) => b.outClusterSizes },
  { header: 'Clock-in outliers', value: (b) => b.inOutlierCount },
  { header: 'Clock-out outliers', value: (b) => b.outOutlierCount },
  { header: 'Clock-in confidence', value: (b) => b.inConfidence },
  { header: 'Clock-out confidence', value: (b) => b.outConfidence },
  { header: 'Approved places', value: (b) => b.approvedLocationCount },
  { header: 'To review', value: (b) => b.openFindingCount },
  { header: 'Learned at', value: (b) => b.lastUpdated },
];

const levelOptions = suspicionLevels.map((value) => ({ value, label: levelLabels[value] }));
const typeOptions = suspiciousTypes.map((value) => ({ value, label: suspiciousTypeLabels[value] }));

/** Every finding of the filter (all pages), for the queue's CSV. */
const fetchAllFindings = (query: SuspiciousLocationListQuery) =>
  fetchAllPages((page, pageSize) => findSuspiciousLocations({ ...query, page, pageSize }));

/** Every baseline of the filter (all pages), for the baselines' CSV. */
const fetchAllBaselines = (query: BaselineListQuery) =>
  fetchAllPages((page, pageSize) => findBaselines({ ...query, page, pageSize }));

const baselineRowId = (baseline: BaselineLocation) => baseline.clientId;

function QueueFilters({
  query,
  setState,
}: {
  query: SuspiciousLocationListQuery;
  setState: SetUrlState<SuspiciousLocationListQuery>;
}) {
  return (
    <>
      <Select
        label="Level"
        placeholder="Any level"
        data={levelOptions}
        value={query.level ?? null}
        onChange={(value) => setState({ level: suspicionLevel.safeParse(value).data })}
        clearable
        w={{ base: '48%', sm: 140 }}
      />
      <Select
        label="What"
        placeholder="Any kind"
        data={typeOptions}
        value={query.type ?? null}
        onChange={(value) => setState({ type: suspiciousType.safeParse(value).data })}
        clearable
        w={{ base: '100%', sm: 250 }}
      />
      <CaregiverClientFilters caregiverId={query.caregiverId} clientId={query.clientId} onChange={setState} />
      <DateRangeFilter from={query.from} to={query.to} onChange={setState} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="review-state-label">
          Review state
        </Text>
        <SegmentedControl
          aria-labelledby="review-state-label"
          value={query.reviewed}
          onChange={(value) =>
            setState({ reviewed: suspiciousLocationListQuery.shape.reviewed.safeParse(value).data })
          }
          data={[
            { value: 'false', label: 'To review' },
            { value: 'true', label: 'Reviewed' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Stack>
    </>
  );
}

function ReviewQueue() {
  const list = useListPage({
    schema: suspiciousLocationListQuery,
    useList: useSuspiciousLocations,
    fetchAll: fetchAllFindings,
  });
  const [selected, setSelected] = useState<SuspiciousLocation | null>(null);
  const findings = list.result.data;
  return (
    <Stack gap="md">
      <ListPage
        list={list}
        filterLabel="Filter suspicious locations"
        filters={<QueueFilters query={list.query} setState={list.setQuery} />}
        label="Suspicious locations"
        noun={{ one: 'finding', other: 'findings' }}
        summary={
          <Group gap="sm" aria-label="Findings by level">
            <Text size="sm" fw={500}>
              {findings ? `${findings.total} ${findings.total === 1 ? 'finding' : 'findings'}` : ' '}
            </Text>
            {findings
              ? suspicionLevels.map((level) => (
                  <Badge key={level} color={levelColors[level]} variant="light">
                    {levelLabels[level]}: {findings.byLevel[level]}
                  </Badge>
                ))
              : null}
          </Group>
        }
        exportColumns={findingCsv}
        exportFileName="suspicious-locations"
        columns={findingColumns}
        onRowOpen={(row) => setSelected(row)}
        noMatch={{
          title: 'No findings match these filters',
          description: 'Pick another level, person or date range, or clear the filters.',
        }}
        empty={{
          title: 'Nothing to review',
          description:
            'Clock-ins and clock-outs far from a client’s learned home, missing coordinates and coordinates shared by many clients appear here after a screening. Import shifts, then screen them.',
        }}
      />
      <ReviewDrawer finding={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

function Baselines() {
  const list = useListPage({
    schema: baselineListQuery,
    prefix: 'baselines',
    useList: useBaselines,
    getRowId: baselineRowId,
    fetchAll: fetchAllBaselines,
  });
  const { query, setQuery } = list;
  const [clientId, openClient] = useSearchParam('client');
  return (
    <Stack gap="md">
      <ListPage
        list={list}
        filterLabel="Filter baselines"
        filters={
          <>
            <PersonSelect
              kind="clients"
              label="Client"
              placeholder="Any client"
              value={query.clientId}
              onChange={(id) => setQuery({ clientId: id })}
            />
            <Select
              label="Baseline"
              placeholder="Any"
              data={[
                { value: 'true', label: 'Learned' },
                { value: 'false', label: 'Not enough shifts yet' },
              ]}
              value={query.learned ?? null}
              onChange={(value) =>
                setQuery({ learned: value === 'true' || value === 'false' ? value : undefined })
              }
              clearable
              w={{ base: '100%', sm: 220 }}
            />
          </>
        }
        label="Baselines"
        noun={{ one: 'client', other: 'clients' }}
        exportColumns={baselineCsv}
        exportFileName="baseline-locations"
        columns={baselineColumns}
        onRowOpen={(row) => openClient(row.clientId)}
        noMatch={{
          title: 'No baselines match these filters',
          description: 'Pick another client or clear the filters.',
        }}
        empty={{
          title: 'No baselines yet — screen your shifts',
          description:
            'A client’s home is learned from the coordinates of their past clock-ins and clock-outs once 5 shifts have them. Import shifts, then press “Screen new shifts”.',
        }}
      />
      <BaselineDrawer clientId={clientId} onClose={() => openClient(null)} />
    </Stack>
  );
}

/** See the module comment. */
export function BaselineLocationsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'baselines' ? 'baselines' : 'queue';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Suspicious locations and baselines
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Each client’s home is learned from past EVV punches. Clock-ins and clock-outs outside it (or
            outside an approved place), missing coordinates and coordinates shared by many clients are flagged
            for review — never blocked.
          </Text>
        </div>
        <ScreeningRun />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (value === 'baselines') next.set('tab', 'baselines');
            else next.delete('tab');
            return next;
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="queue">Review queue</Tabs.Tab>
          <Tabs.Tab value="baselines">Baselines</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue" pt="md">
          <ReviewQueue />
        </Tabs.Panel>
        <Tabs.Panel value="baselines" pt="md">
          <Baselines />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
