/**
 * Step 2 of every import page (CSV only): map each detected column of the file to a field of the
 * import kind, choose the time zone for local times, check a preview of the first parsed rows, then
 * start the import. The mapping saved for the same header is offered again; what the map lacks or
 * doubles is listed in words (the kind's `problems`) and keeps "Start import" disabled until fixed.
 */
import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Title,
  type ComboboxData,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconPlayerPlay } from '@tabler/icons-react';
import type { ImportColumnMap, ImportDetail, ImportStarted } from '@tend/contracts';
import { ApiErrorAlert } from '../ui/api-error-alert.tsx';
import { useImportPreview, useStartImport, type ImportKindClient } from './import-api.ts';
import { ExactTime } from '../ui/relative-time.tsx';

/** The Select value of "Don't import" (a Select option needs a non-empty string). */
const SKIP = '__skip__';

/** The fields of an import kind as the mapping step offers them. */
export interface ImportFieldsUi {
  groups: { group: string; fields: readonly string[] }[];
  labels: Readonly<Record<string, string>>;
  /** What a map lacks or doubles, in words (contracts: the kind's problems function). */
  problems: (map: ImportColumnMap) => string[];
}

/** Every IANA zone the browser knows, with the agency's zone and UTC always in the list. */
function timeZoneOptions(agencyTimeZone: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(agencyTimeZone);
  zones.add('UTC');
  return [...zones].sort();
}

/** Options of one column's Select: fields already taken by another column say which. */
function fieldOptions(header: string, map: ImportColumnMap, fields: ImportFieldsUi): ComboboxData {
  const takenBy = new Map<string, string>();
  for (const [other, field] of Object.entries(map)) if (other !== header) takenBy.set(field, other);
  return [
    { group: 'Skip', items: [{ value: SKIP, label: "Don't import" }] },
    ...fields.groups.map(({ group, fields: names }) => ({
      group,
      items: names.map((field) => {
        const other = takenBy.get(field);
        const label = fields.labels[field] ?? field;
        return { value: field, label: other ? `${label} (now from “${other}”)` : label };
      }),
    })),
  ];
}

/** The column map to start from: this file's own saved map, else the API's suggestion, limited to its headers. */
export function initialMap(detail: ImportDetail): ImportColumnMap {
  const headers = new Set(detail.analysis?.headers ?? []);
  const source = detail.file.columnMap ?? detail.analysis?.suggestedColumnMap ?? {};
  return Object.fromEntries(Object.entries(source).filter(([header]) => headers.has(header)));
}

/** The admin's answers to a preview's questions, by question key. */
export type ImportAnswers = Readonly<Record<string, string>>;

/**
 * Questions a kind's preview asks about the whole file before the import can start (shifts: who a
 * name shared by several people is, decision 0035). `preview` is the preview's whole answer.
 */
export interface ImportQuestionsUi {
  /** The questions, the answers so far, and `answer` to set (or clear, with null) one. */
  render: (
    preview: unknown,
    answers: ImportAnswers,
    answer: (key: string, value: string | null) => void,
  ) => ReactNode;
  /** How many of the preview's questions are unanswered: "Start import" waits for none. */
  unanswered: (preview: unknown, answers: ImportAnswers) => number;
  /** The start body's own fields from the answers (e.g. `namesakes`). */
  body: (preview: unknown, answers: ImportAnswers) => Record<string, unknown>;
}

export interface ColumnMappingStepProps<P extends { line: number; errors: unknown[] }> {
  kind: ImportKindClient<P>;
  fields: ImportFieldsUi;
  detail: ImportDetail;
  /** What the file's dates and times may look like (shown under the title). */
  formatHint: ReactNode;
  /** Shown instead of the preview while the mapping has problems, e.g. "once it has a shift id…". */
  previewNeeds: string;
  /** The preview table of the kind's rows. */
  renderPreview: (rows: P[], timeZone: string) => ReactNode;
  /** Questions the kind's preview asks before the start, if it has any. */
  questions?: ImportQuestionsUi;
  onStarted: (started: ImportStarted) => void;
  onCancel: () => void;
}

/** The mapping being edited: the column map, the time zone, what the map lacks, its preview and the start. */
function useColumnMapping<P extends { line: number; errors: unknown[] }>(
  kind: ImportKindClient<P>,
  fields: ImportFieldsUi,
  detail: ImportDetail,
) {
  const [map, setMap] = useState<ImportColumnMap>(() => initialMap(detail));
  const [timeZone, setTimeZone] = useState(detail.agencyTimeZone);
  const problems = useMemo(() => fields.problems(map), [map, fields]);
  const options = useMemo(() => ({ columnMap: map, timeZone }), [map, timeZone]);
  const preview = useImportPreview(kind, detail.file.id, options, problems.length === 0);
  const start = useStartImport(kind);
  const [answers, setAnswers] = useState<ImportAnswers>({});
  const answer = (key: string, value: string | null) => {
    setAnswers((current) => {
      const next = { ...current };
      if (value) next[key] = value;
      else delete next[key];
      return next;
    });
    start.reset();
  };
  const setField = (header: string, value: string | null) => {
    setMap((current) => {
      const next = { ...current };
      if (value && value !== SKIP && value in fields.labels) next[header] = value;
      else delete next[header];
      return next;
    });
    start.reset();
  };
  return { map, setField, timeZone, setTimeZone, problems, preview, start, answers, answer };
}

/** Why "Start import" waits, in words, or null: mapping problems, then the preview's questions. */
function startWait(
  problems: string[],
  preview: { data?: unknown; isFetching: boolean },
  questions: ImportQuestionsUi | undefined,
  answers: ImportAnswers,
): string | null {
  if (problems.length) return 'Fix the mapping problems above to start.';
  if (!questions) return null;
  if (!preview.data || preview.isFetching) return 'Wait for the preview to start.';
  const open = questions.unanswered(preview.data, answers);
  if (open === 1) return 'Answer the question about a shared name above to start.';
  return open ? `Answer the ${open} questions about shared names above to start.` : null;
}

/** The mapping table, time zone, problems, preview and "Start import" for one uploaded CSV. */
export function ColumnMappingStep<P extends { line: number; errors: unknown[] }>({
  kind,
  fields,
  detail,
  formatHint,
  previewNeeds,
  renderPreview,
  questions,
  onStarted,
  onCancel,
}: ColumnMappingStepProps<P>) {
  const analysis = detail.analysis;
  const mapping = useColumnMapping(kind, fields, detail);
  const { map, setField, timeZone, setTimeZone, problems, preview, start, answers, answer } = mapping;
  if (!analysis) return null;
  const wait = startWait(problems, preview, questions, answers);
  const body = () => ({
    columnMap: map,
    timeZone,
    ...(questions && preview.data ? questions.body(preview.data, answers) : {}),
  });
  return (
    <Stack gap="lg">
      <MappingIntro detail={detail} analysis={analysis} formatHint={formatHint} />
      <ColumnMapTable analysis={analysis} map={map} fields={fields} onChange={setField} />
      <TimeZoneField
        agencyTimeZone={detail.agencyTimeZone}
        value={timeZone}
        onChange={setTimeZone}
        hasZoneColumn={Object.values(map).includes('timeZone')}
        mappedCount={analysis.headers.filter((header) => map[header]).length}
        columnCount={analysis.headers.length}
      />
      {problems.length > 0 ? <MappingProblems problems={problems} /> : null}
      {questions && preview.data && problems.length === 0
        ? questions.render(preview.data, answers, answer)
        : null}
      <MappingPreview
        preview={preview}
        blocked={problems.length > 0}
        previewNeeds={previewNeeds}
        render={(rows) => renderPreview(rows, timeZone)}
      />
      {start.error ? (
        <ApiErrorAlert
          error={start.error}
          title="The import did not start"
          hint="Fix the mapping and try again, or choose another file."
        />
      ) : null}
      <Group justify="space-between" wrap="wrap">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onCancel}>
          Choose another file
        </Button>
        <Group gap="sm">
          {wait ? (
            <Text size="sm" c="dimmed" id="start-import-reason">
              {wait}
            </Text>
          ) : null}
          <Button
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            disabled={wait !== null}
            aria-describedby={wait ? 'start-import-reason' : undefined}
            loading={start.isPending}
            onClick={() => start.mutate({ id: detail.file.id, options: body() }, { onSuccess: onStarted })}
          >
            Start import
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

type Analysis = NonNullable<ImportDetail['analysis']>;

/** The step's title, what Tend read of the file, and whether a saved mapping is in use. */
function MappingIntro({
  detail,
  analysis,
  formatHint,
}: {
  detail: ImportDetail;
  analysis: Analysis;
  formatHint: ReactNode;
}) {
  return (
    <>
      <Stack gap={4}>
        <Title order={2} size="h3">
          Map the columns of {detail.file.originalName}
        </Title>
        <Text size="sm" c="dimmed">
          Tend found {analysis.headers.length} columns (
          {analysis.encoding === 'utf-8' ? 'UTF-8' : 'Windows-1252'}, separated by{' '}
          {analysis.delimiter === '\t' ? 'tabs' : `“${analysis.delimiter}”`}). Choose the Tend field each
          column holds; columns set to “Don’t import” are kept in the stored file but not imported.{' '}
          {formatHint}
        </Text>
      </Stack>
      {detail.file.columnMap ? (
        <Alert color="blue" variant="light" icon={<IconDeviceFloppy aria-hidden />} title="Saved mapping">
          Using the mapping you chose for this file when it was imported.
        </Alert>
      ) : analysis.savedFrom ? (
        <Alert color="blue" variant="light" icon={<IconDeviceFloppy aria-hidden />} title="Saved mapping">
          Using the mapping saved from {analysis.savedFrom.originalName} on{' '}
          <ExactTime value={analysis.savedFrom.uploadDate} />. Check it below; any change is saved for the
          next file with this header.
        </Alert>
      ) : null}
    </>
  );
}

/** One row a column: its name, its first non-empty sample values and the Tend field it maps to. */
function ColumnMapTable({
  analysis,
  map,
  fields,
  onChange,
}: {
  analysis: Analysis;
  map: ImportColumnMap;
  fields: ImportFieldsUi;
  onChange: (header: string, value: string | null) => void;
}) {
  return (
    <Card withBorder padding={0}>
      <Table.ScrollContainer minWidth={640} type="native">
        <Table aria-label="Column mapping" verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Column in the file</Table.Th>
              <Table.Th scope="col">Sample values</Table.Th>
              <Table.Th scope="col" w={320}>
                Tend field
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {analysis.headers.map((header, index) => (
              <Table.Tr key={`${header}-${index}`}>
                <Table.Td>
                  <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
                    {header || `(column ${index + 1} has no name)`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <SampleValues
                    samples={analysis.sampleRows
                      .map((row) => row[index] ?? '')
                      .filter((value) => value.trim() !== '')
                      .slice(0, 3)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Tend field for column ${header || index + 1}`}
                    data={fieldOptions(header, map, fields)}
                    value={map[header] ?? SKIP}
                    onChange={(value) => onChange(header, value)}
                    allowDeselect={false}
                    maxDropdownHeight={320}
                    comboboxProps={{ width: 320, position: 'bottom-start' }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** A column's first sample values, or that it is empty in the first rows. */
function SampleValues({ samples }: { samples: string[] }) {
  if (!samples.length)
    return (
      <Text size="xs" c="dimmed">
        (empty in the first rows)
      </Text>
    );
  return (
    <Stack gap={0}>
      {samples.map((sample, sampleIndex) => (
        <Text key={sampleIndex} size="xs" ff="monospace" truncate="end" maw={260}>
          {sample}
        </Text>
      ))}
    </Stack>
  );
}

/** The time zone of local times, and how many columns are imported. */
function TimeZoneField({
  agencyTimeZone,
  value,
  onChange,
  hasZoneColumn,
  mappedCount,
  columnCount,
}: {
  agencyTimeZone: string;
  value: string;
  onChange: (zone: string) => void;
  hasZoneColumn: boolean;
  mappedCount: number;
  columnCount: number;
}) {
  const zones = useMemo(() => timeZoneOptions(agencyTimeZone), [agencyTimeZone]);
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Select
        label="Time zone of local times"
        description={
          hasZoneColumn
            ? 'Rows whose time zone column is empty use this zone'
            : 'Times that name no zone are read in this zone'
        }
        data={zones}
        value={value}
        onChange={(zone) => {
          if (zone) onChange(zone);
        }}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No time zone matches"
        w={340}
      />
      <Text size="sm" c="dimmed" pb={6}>
        {mappedCount} of {columnCount} columns imported
      </Text>
    </Group>
  );
}

/** What the map lacks or doubles, in words. */
function MappingProblems({ problems }: { problems: string[] }) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="The mapping needs attention"
      aria-live="polite"
    >
      <List size="sm" spacing={2}>
        {problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** The first rows as Tend reads them with this mapping (once it has no problems). */
function MappingPreview<P extends { line: number; errors: unknown[] }>({
  preview,
  blocked,
  previewNeeds,
  render,
}: {
  preview: { data?: { rows: P[] }; error: unknown; isFetching: boolean };
  blocked: boolean;
  previewNeeds: string;
  render: (rows: P[]) => ReactNode;
}) {
  const rejectedInPreview = preview.data?.rows.filter((row) => row.errors.length > 0).length ?? 0;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3} size="h4">
          Preview
        </Title>
        {preview.isFetching ? <Loader size="xs" aria-label="Updating the preview" /> : null}
      </Group>
      {blocked ? (
        <Text size="sm" c="dimmed">
          {previewNeeds}
        </Text>
      ) : preview.error ? (
        <ApiErrorAlert error={preview.error} title="The preview could not be read" />
      ) : preview.data ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            {preview.data.rows.length === 1 ? 'The first row' : `The first ${preview.data.rows.length} rows`}{' '}
            as Tend reads them
            {rejectedInPreview
              ? `: ${rejectedInPreview} would be rejected (highlighted); the others would be imported.`
              : '.'}
          </Text>
          {render(preview.data.rows)}
        </>
      ) : (
        <Loader size="sm" aria-label="Loading the preview" />
      )}
    </Stack>
  );
}
