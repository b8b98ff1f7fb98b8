/**
 * `/admin/incidents`: the incident queue (issue 5; UX.md "Tables", "Status", "Long work"). Shifts whose
 * notes the screening found an incident in, most severe first then by report deadline (OAR
 * 411-323-0063). Filters (severity, category, open/handled, caregiver, client, date range), paging and
 * sort live in the URL (`incidentListQuery`); the open drawer too (`?incident=<shift id>`). "Run
 * screening" starts the job and shows its progress bar, which survives navigation and reload.
 */
import { useEffect, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useSearchParam, type SetUrlState } from '../../../lib/url-state.ts';
import {
  incidentCategories,
  incidentCategory,
  incidentListQuery,
  incidentSeverities,
  incidentSeverity,
  incidentSorts,
  type IncidentItem,
  type IncidentListQuery,
  type IncidentPage,
  type IncidentSeverity,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { CaregiverClientFilters } from '../../../components/ui/person-select.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { useJob } from '../../../lib/jobs.ts';
import { incidentKeys, useActiveScreening, useIncidents, useRunScreening } from '../api/incidents.ts';
import { IncidentDrawer } from '../components/incident-drawer.tsx';
import { ReportDeadline } from '../components/report-deadline.tsx';
import { ScreeningProgress } from '../components/screening-progress.tsx';
import { SeverityBadge, severityWord, WordBadge } from '../components/severity-badge.tsx';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import { TimesIn } from '../../../components/ui/times-in.tsx';

const column = createColumnHelper<IncidentItem>();
const columns = [
  column.accessor('severity', {
    id: 'severity',
    header: 'Severity',
    cell: ({ row }) => <SeverityBadge severity={row.original.severity} />,
  }),
  column.accessor('reportDueAt', {
    id: 'deadline',
    header: 'Report due',
    cell: ({ row }) => <ReportDeadline dueAt={row.original.reportDueAt} handled={row.original.handled} />,
  }),
  column.accessor('date', {
    id: 'date',
    header: 'Date',
    cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{row.original.date}</span>,
  }),
  column.accessor('clientName', { header: 'Client' }),
  column.accessor('caregiverName', { header: 'Caregiver' }),
  column.accessor('categories', {
    header: 'Categories',
    cell: ({ row }) => row.original.categories.map((id) => incidentCategory(id)?.label ?? id).join(', '),
  }),
  column.accessor('handled', {
    header: 'Status',
    cell: ({ row }) =>
      row.original.handled ? (
        <WordBadge color="green">Handled</WordBadge>
      ) : (
        <WordBadge color="blue">Open</WordBadge>
      ),
  }),
];

const severityOptions = incidentSeverities.map((value) => ({ value, label: severityWord(value) }));
const categoryOptions = incidentCategories.map((c) => ({ value: c.id, label: c.label }));

interface RunnerProps {
  onRun: (scope: 'changed' | 'all') => void;
  starting: boolean;
  running: boolean;
  error: unknown;
}

/** "Run screening" (new and changed notes) with a menu for re-screening every note. */
function ScreeningRunner({ onRun, starting, running, error }: RunnerProps) {
  return (
    <Stack gap="sm">
      <Group gap={0}>
        <Button
          onClick={() => onRun('changed')}
          loading={starting}
          disabled={running}
          leftSection={<IconPlayerPlay size={16} aria-hidden />}
          style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
        >
          {running ? 'Screening…' : 'Run screening'}
        </Button>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              aria-label="More screening options"
              disabled={running || starting}
              px={8}
              style={{
                borderTopLeftRadius: 0,
                borderBottomLeftRadius: 0,
                borderLeft: '1px solid rgba(255, 255, 255, 0.45)',
              }}
            >
              <IconChevronDown size={16} aria-hidden />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onRun('changed')}>Screen new and changed notes</Menu.Item>
            <Menu.Item onClick={() => onRun('all')}>Re-screen every note (after changing terms)</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {error ? <ApiErrorAlert error={error} title="The screening could not start" /> : null}
    </Stack>
  );
}

/**
 * The screening job to show: the one started here, else one already running (found among the active
 * jobs, so the bar survives navigation and reload). The queue refreshes when it finishes.
 */
function useScreening() {
  const active = useActiveScreening();
  const run = useRunScreening();
  const [startedId, setStartedId] = useState<string | null>(null);
  const jobId = startedId ?? active.data?.id ?? null;
  const job = useJob(jobId);
  const queryClient = useQueryClient();
  const status = job.data?.status;
  useEffect(() => {
    if (status === 'COMPLETED' || status === 'FAILED')
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
  }, [status, queryClient]);
  const running = status === 'QUEUED' || status === 'RUNNING' || Boolean(active.data);
  const runner: RunnerProps = {
    onRun: (scope) => run.mutate({ scope }, { onSuccess: ({ job: started }) => setStartedId(started.id) }),
    starting: run.isPending,
    running,
    error: run.error,
  };
  return { job: job.data, runner };
}

/** The incident queue: header and screening run, open counts, filters, table and the open incident's drawer. */
export function IncidentsPage() {
  const list = useListPage({
    schema: incidentListQuery,
    useList: useIncidents,
    sortFields: incidentSorts,
    getRowId: (row) => row.shiftId,
  });
  const screening = useScreening();
  const [openId, setOpen] = useSearchParam('incident');
  const summary = list.result.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Incidents
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={720}>
            Incidents found in caregivers’ shift notes, most urgent first. Open one to read the note excerpt,
            report it to the case management entity within the deadline (OAR 411-323-0063), then mark it
            handled with a note.
          </Text>
          <TimesIn />
        </div>
        <Group gap="sm">
          <Button variant="default" component={Link} to="/test/phrase-mapper">
            Phrases and terms
          </Button>
          <ScreeningRunner {...screening.runner} />
        </Group>
      </Group>
      {screening.job ? (
        <Card withBorder>
          <ScreeningProgress job={screening.job} />
        </Card>
      ) : null}
      {summary ? <OpenBySeverity summary={summary} /> : null}
      <ListPage
        list={list}
        filterLabel="Filter incidents"
        filters={<IncidentFilters query={list.query} setQuery={list.setQuery} />}
        label="Incidents"
        noun={{ one: 'incident', other: 'incidents' }}
        columns={columns}
        onRowOpen={(row) => setOpen(row.shiftId)}
        noMatch={{
          title: 'No incidents match these filters',
          description: 'Pick another severity or category, widen the dates, or clear the filters.',
        }}
        empty={
          summary && !summary.hasNotes
            ? {
                title: 'No shift notes yet — import caregivers’ notes',
                description: 'Screening reads shift notes. Import a notes export, then run the screening.',
              }
            : {
                title: 'No open incidents',
                description:
                  'The screening found nothing to report in the notes screened so far. Run the screening after importing new notes.',
                action: <ScreeningRunner {...screening.runner} />,
              }
        }
      />
      <IncidentDrawer shiftId={openId ?? null} onClose={() => setOpen(null)} />
    </Stack>
  );
}

const severityColors: Record<IncidentSeverity, string> = {
  CRITICAL: 'red',
  HIGH: 'orange',
  MEDIUM: 'yellow',
  LOW: 'gray',
};

/** The open incidents per severity, and how many are overdue. */
function OpenBySeverity({ summary }: { summary: Pick<IncidentPage, 'openBySeverity' | 'overdue'> }) {
  return (
    <Group gap="xs" aria-label="Open incidents by severity">
      {incidentSeverities.map((severity) => (
        <Badge key={severity} variant="light" color={severityColors[severity]}>
          {severityWord(severity)}: {summary.openBySeverity[severity] ?? 0} open
        </Badge>
      ))}
      <Badge variant="outline" color="red">
        {summary.overdue} overdue
      </Badge>
    </Group>
  );
}

/** Status, severity, category, caregiver, client and date range. */
function IncidentFilters({
  query,
  setQuery,
}: {
  query: IncidentListQuery;
  setQuery: SetUrlState<IncidentListQuery>;
}) {
  return (
    <>
      <SegmentedControl
        aria-label="Status"
        value={query.handled}
        onChange={(value) => setQuery({ handled: incidentListQuery.shape.handled.safeParse(value).data })}
        data={[
          { value: 'open', label: 'Open' },
          { value: 'handled', label: 'Handled' },
          { value: 'all', label: 'All' },
        ]}
      />
      <Select
        label="Severity"
        placeholder="Any severity"
        data={severityOptions}
        value={query.severity ?? null}
        onChange={(value) => setQuery({ severity: incidentSeverity.safeParse(value).data })}
        clearable
        w={{ base: '100%', sm: 160 }}
      />
      <Select
        label="Category"
        placeholder="Any category"
        data={categoryOptions}
        value={query.category ?? null}
        onChange={(value) => setQuery({ category: value ?? undefined })}
        clearable
        w={{ base: '100%', sm: 220 }}
      />
      <CaregiverClientFilters caregiverId={query.caregiverId} clientId={query.clientId} onChange={setQuery} />
      <DateRangeFilter from={query.from} to={query.to} onChange={setQuery} />
    </>
  );
}
