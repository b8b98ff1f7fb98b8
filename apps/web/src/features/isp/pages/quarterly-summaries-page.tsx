/**
 * `/admin/misctools/isp/quarterly-summaries` (issue 19 "Export and reports"; docs/quarterly-summaries.md): pick a
 * client, a year and a quarter; Generate (or Regenerate) the summary of that quarter's shift notes, one section per
 * section type with its note and shift counts and who generated it when; Export PDF and download it; the client's
 * earlier exports and generated quarters below. Client, year and quarter live in the URL. Admin only, English.
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Input,
  List,
  Loader,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileExport, IconRefresh, IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { QuarterlySummary, QuarterlySummaryGenerated, QuarterlySummaryParams } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { useDates } from '../../../i18n/dates.ts';
import { useUrlState } from '../../../lib/url-state.ts';
import {
  quarterlyExportFileUrl,
  useExportQuarterlySummary,
  useGenerateQuarterlySummary,
  useQuarterlyExports,
  useQuarterlySummaries,
  useQuarterlySummary,
} from '../api/quarterly.ts';

const thisYear = new Date().getFullYear();
const thisQuarter = Math.floor(new Date().getMonth() / 3) + 1;
const pageState = z.object({
  clientId: z.uuid().optional(),
  year: z.coerce.number().int().min(1900).max(9999).default(thisYear),
  quarter: z.coerce.number().int().min(1).max(4).default(thisQuarter),
});
const years = Array.from({ length: 6 }, (_, i) => String(thisYear - i));
const quarterMonths = ['January–March', 'April–June', 'July–September', 'October–December'];

type PageState = z.infer<typeof pageState>;

/** The last generation's result when it is of the quarter on screen, else null. */
export function generatedOfQuarter(
  generated: QuarterlySummaryGenerated | null,
  params: QuarterlySummaryParams | null,
): QuarterlySummaryGenerated | null {
  return generated &&
    params &&
    generated.clientId === params.clientId &&
    generated.year === params.year &&
    generated.quarter === params.quarter
    ? generated
    : null;
}

/** The quarter in the URL, its stored summary, and Generate with the last run's result for that quarter. */
function useQuarterlySummaryPage() {
  const { state, setState } = useUrlState(pageState);
  const params: QuarterlySummaryParams | null = state.clientId
    ? { clientId: state.clientId, year: state.year, quarter: state.quarter }
    : null;
  const summary = useQuarterlySummary(params);
  const generate = useGenerateQuarterlySummary();
  const [generated, setGenerated] = useState<QuarterlySummaryGenerated | null>(null);
  const lastRun = generatedOfQuarter(generated, params);
  const current: QuarterlySummary | null = summary.data ?? null;
  const run = () => {
    if (!params) return;
    generate.mutate(params, { onSuccess: (result) => setGenerated(result) });
  };
  return { state, setState, params, summary, generate, lastRun, current, run };
}

type QuarterlySummaryPageModel = ReturnType<typeof useQuarterlySummaryPage>;

/** See the module comment. */
export function QuarterlySummariesPage() {
  const page = useQuarterlySummaryPage();
  const { state, setState } = page;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Quarterly summaries
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          A summary of a client&apos;s shift notes for one quarter, one section per section type: the
          sentences caregivers wrote that share the most with the rest, in date order, a sentence written
          every shift shown once. Nothing is sent to an AI service.
        </Text>
      </div>

      <QuarterPicker page={page} />
      <QuarterSummary page={page} />

      {state.clientId ? (
        <>
          <GeneratedQuarters
            clientId={state.clientId}
            onOpen={(year, quarter) => setState({ year, quarter })}
          />
          <ExportsList clientId={state.clientId} />
        </>
      ) : null}
    </Stack>
  );
}

/** Client, year and quarter (in the URL), then Generate or Regenerate, Export PDF, and generation's progress. */
function QuarterPicker({ page }: { page: QuarterlySummaryPageModel }) {
  const { state, setState, params, generate, current } = page;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <QuarterFields state={state} setState={setState} />
        <Text size="sm" c="dimmed">
          Q{state.quarter} {state.year}: {quarterMonths[state.quarter - 1]}, in the agency&apos;s time zone.
        </Text>
        <Group gap="sm">
          <Button
            leftSection={current ? <IconRefresh size={16} /> : <IconSparkles size={16} />}
            onClick={page.run}
            disabled={!params}
            loading={generate.isPending}
          >
            {current ? 'Regenerate summary' : 'Generate summary'}
          </Button>
          {current && params ? <ExportButton params={params} /> : null}
        </Group>
        {generate.isPending ? (
          <Stack gap={4} role="status">
            <Text size="sm">Reading the quarter&apos;s shift notes and summarizing them…</Text>
            <Progress value={100} animated striped aria-label="Generating the summary" />
          </Stack>
        ) : null}
        {generate.error ? <ApiErrorAlert error={generate.error} /> : null}
      </Stack>
    </Paper>
  );
}

/** The client, year and quarter fields. */
function QuarterFields({
  state,
  setState,
}: {
  state: PageState;
  setState: QuarterlySummaryPageModel['setState'];
}) {
  return (
    <Group align="flex-end" wrap="wrap" gap="sm">
      <PersonSelect
        kind="clients"
        label="Client"
        placeholder="Search clients"
        value={state.clientId}
        onChange={(clientId) => setState({ clientId })}
      />
      <Select
        label="Year"
        data={years.includes(String(state.year)) ? years : [String(state.year), ...years]}
        value={String(state.year)}
        onChange={(value) => value && setState({ year: Number(value) })}
        allowDeselect={false}
        w={{ base: '100%', xs: 110 }}
      />
      <Stack gap={4}>
        <Input.Label id="quarter-label">Quarter</Input.Label>
        <SegmentedControl
          aria-labelledby="quarter-label"
          value={String(state.quarter)}
          onChange={(value) => setState({ quarter: Number(value) })}
          data={[1, 2, 3, 4].map((q) => ({ value: String(q), label: `Q${q}` }))}
        />
      </Stack>
    </Group>
  );
}

/** The quarter's summary, or what to do: pick a client, nothing to summarize, or not generated yet. */
function QuarterSummary({ page }: { page: QuarterlySummaryPageModel }) {
  const { state, params, summary, current, lastRun } = page;
  if (!params)
    return (
      <Alert color="blue" title="Pick a client">
        Choose a client, a year and a quarter above, then Generate summary. The summary reads the shift notes
        matched to that client&apos;s shifts in the quarter.
      </Alert>
    );
  if (summary.isPending) return <Loader aria-label="Loading the summary" />;
  if (summary.error) return <ApiErrorAlert error={summary.error} />;
  if (current) return <SummaryView summary={current} lastRun={lastRun} />;
  if (lastRun)
    return (
      <Alert color="yellow" title={`No shift notes in Q${lastRun.quarter} ${lastRun.year}`} role="status">
        No shift note is matched to a shift of {lastRun.clientName} between {lastRun.firstDate} and{' '}
        {lastRun.lastDate}, so there is nothing to summarize. Import the quarter&apos;s notes on{' '}
        <Anchor component={Link} to="/admin/mismatched-shift-notes?view=import">
          Mismatched shift notes → Import
        </Anchor>{' '}
        (or match the waiting ones), then generate again.
      </Alert>
    );
  return (
    <Alert color="blue" title={`Q${state.quarter} ${state.year} has no summary yet`}>
      Generate summary reads this quarter&apos;s shift notes and writes one section per section type.
    </Alert>
  );
}

/** The sections of a generated quarter, with who generated them and when. */
function SummaryView({
  summary,
  lastRun,
}: {
  summary: QuarterlySummary;
  lastRun: QuarterlySummaryGenerated | null;
}) {
  const dates = useDates();
  return (
    <Stack gap="sm">
      <Text size="sm">
        Q{summary.quarter} {summary.year} of <strong>{summary.clientName}</strong> ({summary.firstDate} to{' '}
        {summary.lastDate}): {dates.count(summary.noteCount)} notes
        {lastRun ? ` from ${dates.count(lastRun.shiftCount)} shifts` : ''}, generated{' '}
        {summary.generatedAt ? dates.exact(summary.generatedAt) : 'at an unknown time'}
        {summary.generatedByName ? ` by ${summary.generatedByName}` : ''}.
      </Text>
      {lastRun?.notesCut ? (
        <Alert color="yellow">
          This quarter holds more notes than one summary reads; the oldest were read.
        </Alert>
      ) : null}
      {summary.sections.map((section) => {
        const [counts, ...lines] = section.sectionSummary.split('\n');
        return (
          <Paper
            key={section.id}
            withBorder
            p="md"
            component="section"
            aria-labelledby={`section-${section.id}`}
          >
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
              <Title order={2} size="h4" id={`section-${section.id}`}>
                {section.sectionName}
              </Title>
              <Badge variant="light" color="gray">
                {section.noteCount} {section.noteCount === 1 ? 'note' : 'notes'} · {section.shiftCount}{' '}
                {section.shiftCount === 1 ? 'shift' : 'shifts'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              {counts}
            </Text>
            <List size="sm" mt="xs" spacing={4}>
              {lines.map((line, index) => (
                <List.Item key={index} style={{ overflowWrap: 'anywhere' }} dir="auto">
                  {line}
                </List.Item>
              ))}
            </List>
          </Paper>
        );
      })}
    </Stack>
  );
}

/** Export PDF: stores the quarter as a report and offers its download. */
function ExportButton({ params }: { params: QuarterlySummaryParams }) {
  const exporter = useExportQuarterlySummary();
  const created =
    exporter.data &&
    exporter.data.clientId === params.clientId &&
    exporter.data.year === params.year &&
    exporter.data.period === `Q${params.quarter}`
      ? exporter.data
      : null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileExport size={16} />}
        loading={exporter.isPending}
        onClick={() => exporter.mutate(params)}
      >
        Export PDF
      </Button>
      {created ? (
        <Button
          component="a"
          href={quarterlyExportFileUrl(created.id)}
          download
          variant="light"
          leftSection={<IconDownload size={16} />}
        >
          Download PDF
        </Button>
      ) : null}
      {exporter.error ? <ApiErrorAlert error={exporter.error} /> : null}
    </>
  );
}

/** The client's generated quarters, each a button that opens it. */
function GeneratedQuarters({
  clientId,
  onOpen,
}: {
  clientId: string;
  onOpen: (year: number, quarter: number) => void;
}) {
  const quarters = useQuarterlySummaries(clientId);
  const items = quarters.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Generated quarters
      </Title>
      {quarters.error ? <ApiErrorAlert error={quarters.error} /> : null}
      {quarters.isPending ? (
        <Loader size="sm" aria-label="Loading generated quarters" />
      ) : items.length ? (
        <Group gap="xs">
          {items.map((q) => (
            <Button
              key={`${q.year}-${q.quarter}`}
              size="xs"
              variant="default"
              onClick={() => onOpen(q.year, q.quarter)}
            >
              Q{q.quarter} {q.year} · {q.sections.length} {q.sections.length === 1 ? 'section' : 'sections'}
            </Button>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No quarter of this client has been summarized yet: pick a quarter and Generate summary.
        </Text>
      )}
    </Stack>
  );
}

/** The client's stored exports, newest first, each downloadable. */
function ExportsList({ clientId }: { clientId: string }) {
  const exports = useQuarterlyExports(clientId);
  const dates = useDates();
  const items = exports.data?.items ?? [];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Exports
      </Title>
      {exports.error ? <ApiErrorAlert error={exports.error} /> : null}
      {exports.isPending ? (
        <Loader size="sm" aria-label="Loading exports" />
      ) : items.length ? (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Quarter</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>File</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    {item.period} {item.year}
                  </Table.Td>
                  <Table.Td>{dates.exact(item.createdAt)}</Table.Td>
                  <Table.Td>{item.createdByName ?? 'Unknown'}</Table.Td>
                  <Table.Td>
                    <Anchor href={quarterlyExportFileUrl(item.id)} download size="sm">
                      Download {item.fileName}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No exports for this client yet: generate a quarter, then Export PDF.
        </Text>
      )}
    </Stack>
  );
}
