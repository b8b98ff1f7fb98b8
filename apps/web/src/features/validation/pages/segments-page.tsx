/**
 * `/admin/billing/segments` (issue 6): the shift segments of a date range with their validation
 * status (READY / NOT_READY, colour + word) and open violations by catalogue label, the counts for the
 * filter, a "Validate these dates" button with a progress bar, and a link to each shift's detail page
 * where the admin corrects what makes a segment NOT_READY. Filters (dates, status, violation,
 * caregiver, client) and the page live in the URL; the running job's id too (`job=`).
 */
import { useMemo } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  segmentViolationCatalogue,
  segmentViolationCodes,
  validationStatus,
  type SegmentListQuery,
} from '@tend/contracts';
import { ApiErrorAlert, LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LabelledPagination } from '../../../components/ui/labelled-pagination.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { ClearFiltersButton } from '../../../components/ui/table-props.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { useSegments } from '../api/segments.ts';
import { useStartValidation } from '../../../components/validation/validation-api.ts';
import { ValidationProgress } from '../../../components/validation/validation-progress.tsx';
import { ValidationBadge, ViolationList } from '../../../components/validation/violation-labels.tsx';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import { formatExactTime, formatInstant } from '../../../lib/format/index.ts';

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

function thisMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1));
  const last = new Date(Date.UTC(now.getFullYear(), now.getMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
const statusOptions = [
  { value: 'NOT_READY', label: 'Not ready' },
  { value: 'READY', label: 'Ready' },
];
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

/** See the module comment. */
export function SegmentsPage() {
  const { state, setState, resetState } = useUrlState(segmentFilters);
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job') ?? undefined;
  const setJobId = (id: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('job', id);
      else next.delete('job');
      return next;
    });
  const defaults = useMemo(() => thisMonth(), []);
  const from = state.from ?? defaults.from;
  const to = state.to ?? defaults.to;
  const rangeError = to < from ? 'must be on or after From' : undefined;
  const query: SegmentListQuery = { ...state, from, to };
  const segments = useSegments(rangeError ? { ...query, to: from } : query);
  const start = useStartValidation();
  const data = segments.data;
  const filtered = Boolean(state.status || state.code || state.caregiverId || state.clientId);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>Segments and validation</Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Each shift segment is checked against the violation catalogue: times, overlaps, billing-code
            rules, budgets, location and notes. Only READY segments can be billed. Open a shift to correct it;
            the segment is checked again when you save.
          </Text>
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

      <Group role="search" aria-label="Filter segments" align="flex-end" gap="sm" wrap="wrap">
        <DateRangeFilter from={from} to={to} labels={['From', 'To']} error={rangeError} onChange={setState} />
        <Select
          label="Status"
          placeholder="Any status"
          data={statusOptions}
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
          onChange={(value) =>
            setState({ code: segmentFilters.shape.code.safeParse(value ?? undefined).data })
          }
          clearable
          searchable
          w={{ base: '100%', sm: 230 }}
        />
        <PersonSelect
          kind="caregivers"
          label="Caregiver"
          placeholder="Any caregiver"
          value={state.caregiverId}
          onChange={(caregiverId) => setState({ caregiverId })}
        />
        <PersonSelect
          kind="clients"
          label="Client"
          placeholder="Any client"
          value={state.clientId}
          onChange={(clientId) => setState({ clientId })}
        />
        {filtered || state.from || state.to ? <ClearFiltersButton onClear={() => resetState()} /> : null}
      </Group>

      {segments.isError ? (
        <LoadErrorAlert
          error={segments.error}
          title="The segments could not be loaded"
          onRetry={() => void segments.refetch()}
        />
      ) : null}

      {segments.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading segments" />
        </Group>
      ) : data ? (
        <>
          <Group gap="xs" data-testid="segment-counts">
            <Badge color="green" variant="light" size="lg">
              {data.counts.READY} ready
            </Badge>
            <Badge color="red" variant="light" size="lg">
              {data.counts.NOT_READY} not ready
            </Badge>
            <Text size="sm" c="dimmed">
              {from} to {to}
              {state.status ? ` · showing ${data.total}` : ''}
            </Text>
          </Group>
          {data.items.length === 0 ? (
            data.counts.READY + data.counts.NOT_READY === 0 ? (
              <Alert variant="light" color="gray" title="No segments in these dates">
                <Text size="sm">
                  Segments come from imported shifts. Pick other dates, or import EVV visits first.
                </Text>
                <Button component={Link} to="/upload" variant="default" mt="sm">
                  Import shifts
                </Button>
              </Alert>
            ) : (
              <Alert variant="light" color="gray" title="No segments match these filters">
                <Button variant="default" mt="sm" onClick={() => resetState()}>
                  Clear filters
                </Button>
              </Alert>
            )
          ) : (
            <Table.ScrollContainer minWidth={960}>
              <Table striped highlightOnHover withTableBorder aria-label="Segments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Caregiver</Table.Th>
                    <Table.Th>Client</Table.Th>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Start / end</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Violations</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((segment) => (
                    <Table.Tr key={segment.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Anchor component={Link} to={`/admin/shifts/${segment.shiftId}`}>
                          {segment.date}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{segment.caregiverName}</Table.Td>
                      <Table.Td>{segment.clientName}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {segment.billingCode ?? '—'}
                        {segment.modifier ? ` + ${segment.modifier}` : ''}
                      </Table.Td>
                      <Table.Td>
                        <Time value={segment.evvStart} />
                        <Time value={segment.evvEnd} />
                      </Table.Td>
                      <Table.Td style={{ minWidth: 120 }}>
                        <ValidationBadge status={segment.validationStatus} />
                      </Table.Td>
                      <Table.Td>
                        <ViolationList
                          violations={segment.validationViolations}
                          status={segment.validationStatus}
                        />
                        {segment.validationStatus === 'NOT_READY' ? (
                          <Anchor component={Link} to={`/admin/shifts/${segment.shiftId}`} size="sm">
                            Open the shift to fix it
                          </Anchor>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 ? (
            <LabelledPagination
              label="Segments"
              total={pages}
              value={state.page}
              onChange={(page) => setState({ page })}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
