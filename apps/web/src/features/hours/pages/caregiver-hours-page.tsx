/**
 * `/admin/caregiver-hours` (issue 5): hours per caregiver per workweek with overtime beyond 40 h
 * (FLSA, DOMAIN.md), overlapping shifts with links to them, and the admin's handling of each week
 * (spec s.3 ViolationHandling: handled, note, who, when). Filters (date range, caregiver, overtime
 * only, unhandled only) and paging live in the URL (`caregiverHoursQuery`); `chart=<caregiverId>`
 * opens the caregiver's hours chart and shifts in a drawer.
 */
import { useMemo, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconChartBar, IconUpload } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useSearchParam, type SetUrlState } from '../../../lib/url-state.ts';
import {
  caregiverHoursQuery,
  type CaregiverHoursPage as CaregiverHoursResult,
  type CaregiverHoursQuery,
  type CaregiverWeek,
} from '@tend/contracts';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { useCaregiverHours } from '../api/caregiver-hours.ts';
import { CaregiverHoursDrawer } from '../components/caregiver-hours-drawer.tsx';
import { HandlingModal } from '../components/handling-modal.tsx';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import { formatDay, formatExactIn, formatInstant, formatWorkedHours } from '../../../lib/format/index.ts';
import { TimesIn } from '../../../components/ui/times-in.tsx';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The handling column: nothing to review, handled (who/when/note) or needs review — colour plus word. */
function HandlingCell({ week, timeZone }: { week: CaregiverWeek; timeZone: string }) {
  const handling = week.handling;
  if (handling?.handled) {
    const when = handling.handledAt ? formatExactIn(handling.handledAt, timeZone) : '';
    return (
      <Stack gap={2}>
        <Group gap={6}>
          <Badge miw="max-content" color="green" variant="light">
            Handled
          </Badge>
          <Text size="xs" c="dimmed">
            by {handling.handledByName ?? 'a former user'}, {when}
          </Text>
        </Group>
        {handling.note ? (
          <Text size="xs" lineClamp={2} title={handling.note} style={{ wordBreak: 'break-word' }}>
            {handling.note}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (!week.hasViolation)
    return (
      <Text size="sm" c="dimmed">
        Nothing to review
      </Text>
    );
  return (
    <Badge miw="max-content" color="orange" variant="light">
      Needs review
    </Badge>
  );
}

/** The overlapping pairs of a week, each with links to both shifts. */
function OverlapsCell({ week, timeZone }: { week: CaregiverWeek; timeZone: string }) {
  if (!week.overlaps.length) return <Text size="sm">—</Text>;
  return (
    <Stack gap={4}>
      {week.overlaps.map((pair) => {
        const when = formatInstant(pair.start, timeZone);
        return (
          <Group key={`${pair.shiftId}-${pair.otherShiftId}`} gap={6} wrap="wrap">
            <Badge miw="max-content" color="orange" variant="light">
              Overlap
            </Badge>
            <Text size="xs">
              {pair.minutes} min from {when}:
            </Text>
            <Anchor
              size="xs"
              component={Link}
              to={`/admin/shifts/${pair.shiftId}`}
              aria-label={`shift 1, the first overlapping shift, ${when}`}
            >
              shift 1
            </Anchor>
            <Anchor
              size="xs"
              component={Link}
              to={`/admin/shifts/${pair.otherShiftId}`}
              aria-label={`shift 2, the second overlapping shift, ${when}`}
            >
              shift 2
            </Anchor>
          </Group>
        );
      })}
    </Stack>
  );
}

const noWrap = { whiteSpace: 'nowrap' } as const;
const column = createColumnHelper<CaregiverWeek>();

/** The weeks table's columns; the actions open the chart drawer and the handling modal. */
function weekColumns(
  timeZone: string,
  onChart: (week: CaregiverWeek) => void,
  onHandle: (week: CaregiverWeek) => void,
) {
  return [
    column.accessor('weekName', {
      header: 'Week of',
      cell: ({ row }) => <span style={noWrap}>{formatDay(row.original.weekName)}</span>,
    }),
    column.accessor('caregiverName', { header: 'Caregiver' }),
    column.accessor('hours', {
      header: 'Hours',
      cell: ({ row: { original: week } }) => (
        <span style={noWrap}>
          {formatWorkedHours(week.hours)}
          <Text size="xs" c="dimmed">
            {week.shiftCount} shift{week.shiftCount === 1 ? '' : 's'}
          </Text>
        </span>
      ),
    }),
    column.accessor('overtimeHours', {
      header: 'Overtime',
      cell: ({ row: { original: week } }) =>
        week.overtimeHours > 0 ? (
          <Tooltip label="More than 40 hours in this workweek">
            <Badge miw="max-content" color="red" variant="filled">
              Overtime {formatWorkedHours(week.overtimeHours)}
            </Badge>
          </Tooltip>
        ) : (
          <Badge miw="max-content" color="gray" variant="light">
            Within 40 h
          </Badge>
        ),
    }),
    column.display({
      id: 'overlaps',
      header: 'Overlapping shifts',
      cell: ({ row }) => <OverlapsCell week={row.original} timeZone={timeZone} />,
    }),
    column.display({
      id: 'handling',
      header: 'Handling',
      cell: ({ row }) => <HandlingCell week={row.original} timeZone={timeZone} />,
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row: { original: week } }) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChartBar size={14} aria-hidden />}
            onClick={() => onChart(week)}
            aria-label={`Hours chart of ${week.caregiverName}`}
          >
            Chart
          </Button>
          {week.hasViolation || week.handling ? (
            <Button
              size="xs"
              variant={week.handling?.handled ? 'default' : 'filled'}
              onClick={() => onHandle(week)}
              aria-label={`${week.handling?.handled ? 'Edit handling' : 'Mark handled'}: ${week.caregiverName}, week of ${formatDay(week.weekName)}`}
            >
              {week.handling?.handled ? 'Edit handling' : 'Mark handled'}
            </Button>
          ) : null}
        </Group>
      ),
    }),
  ];
}

const weekId = (week: CaregiverWeek) => `${week.caregiverId}-${week.weekName}`;

/** See the module comment. */
export function CaregiverHoursPage() {
  const list = useListPage({ schema: caregiverHoursQuery, useList: useCaregiverHours, getRowId: weekId });
  const { query, setQuery: setState } = list;
  const [chartCaregiver, setChart] = useSearchParam('chart');
  const [handlingWeek, setHandlingWeek] = useState<CaregiverWeek | null>(null);
  const data = list.result.data;
  const timeZone = data?.timeZone ?? 'UTC';
  const columns = useMemo(
    () => weekColumns(timeZone, (week) => setChart(week.caregiverId), setHandlingWeek),
    [timeZone, setChart],
  );

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Caregiver hours
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          Hours each caregiver worked per workweek, from EVV clock-in to clock-out. Over 40 hours in a
          workweek is overtime (FLSA); shifts of one caregiver that overlap are listed too. Review each
          flagged week and mark it handled with a note.
          {data
            ? ` Workweeks start ${capitalize(data.workweekStart)} at midnight, ${data.timeZone}; a shift crossing the boundary counts in both weeks.`
            : ''}
        </Text>
        <TimesIn />
      </div>

      <ListPage
        list={list}
        filterLabel="Filter caregiver hours"
        filters={<HoursFilters query={query} setQuery={setState} />}
        label="Caregiver weeks"
        noun={{ one: 'caregiver-week', other: 'caregiver-weeks' }}
        summary={data ? <HoursTotals data={data} /> : undefined}
        columns={columns}
        noMatch={{
          title: 'No weeks match these filters',
          description: 'Widen the date range, pick another caregiver, or clear the filters.',
        }}
        empty={{
          title: 'No caregiver hours in these weeks — import EVV shifts',
          description:
            "Hours come from the shifts' clock-in and clock-out times. Import an EVV export, or pick an earlier date range.",
          action: (
            <Button component={Link} to="/upload" leftSection={<IconUpload size={16} aria-hidden />}>
              Import EVV file
            </Button>
          ),
        }}
      />

      {handlingWeek && data ? (
        <HandlingModal week={handlingWeek} timeZone={data.timeZone} onClose={() => setHandlingWeek(null)} />
      ) : null}
      <CaregiverHoursDrawer
        caregiverId={chartCaregiver}
        from={query.from}
        to={query.to}
        onClose={() => setChart(undefined)}
      />
    </Stack>
  );
}

/** The date range, caregiver, "Overtime only" and "Unhandled only" filters. */
function HoursFilters({
  query,
  setQuery,
}: {
  query: CaregiverHoursQuery;
  setQuery: SetUrlState<CaregiverHoursQuery>;
}) {
  return (
    <>
      <DateRangeFilter from={query.from} to={query.to} onChange={setQuery} />
      <PersonSelect
        kind="caregivers"
        label="Caregiver"
        placeholder="Any caregiver"
        value={query.caregiverId}
        onChange={(caregiverId) => setQuery({ caregiverId })}
      />
      <Switch
        label="Overtime only"
        checked={Boolean(query.overtimeOnly)}
        onChange={(event) => setQuery({ overtimeOnly: event.currentTarget.checked || undefined })}
        mb={8}
      />
      <Switch
        label="Unhandled only"
        checked={Boolean(query.unhandledOnly)}
        onChange={(event) => setQuery({ unhandledOnly: event.currentTarget.checked || undefined })}
        mb={8}
      />
    </>
  );
}

/** The range's totals: caregiver-weeks, hours worked, overtime, overlaps and weeks to review. */
function HoursTotals({ data }: { data: CaregiverHoursResult }) {
  return (
    <Text size="sm" data-testid="hours-totals">
      {formatDay(data.from)} – {formatDay(data.to)} · {data.totals.weeks} caregiver-week
      {data.totals.weeks === 1 ? '' : 's'} · {formatWorkedHours(data.totals.hours)} worked ·{' '}
      {data.totals.overtimeWeeks} with overtime ({formatWorkedHours(data.totals.overtimeHours)}) ·{' '}
      {data.totals.overlapWeeks} with overlapping shifts · {data.totals.unhandledWeeks} need review
    </Text>
  );
}
