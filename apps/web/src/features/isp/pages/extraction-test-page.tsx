/**
 * `/test-protocol-creation` (issue 19; spec s.2; docs/isp-extraction.md, docs/isp-screens.md): what extraction
 * finds in pasted ISP text (`POST /api/isp-extraction-test`) or an uploaded file (`…/file`), nothing saved: the
 * risks with their sections, flags (serious, MAR, PBSP), thresholds (none confirmed: extraction never confirms
 * one), escalation steps and medication references; pages read and by OCR, plan dates, warnings and how long it
 * took; for a file that cannot be read, its `problem` in words a person understands.
 */
import { useState } from 'react';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconFileTypePdf, IconInfoCircle, IconTestPipe } from '@tabler/icons-react';
import {
  ISP_EXTRACTION_TEST_MAX_CHARS,
  type ExtractedProtocolResult,
  type IspExtractionTestResult,
  type Threshold,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { formatCount, formatCountOf } from '../../../lib/format/index.ts';
import { ispFileProblem, useTestIspExtraction, useTestIspExtractionFile } from '../api/isps.ts';
import { ispErrorText, IspPageLinks } from '../components/isp-parts.tsx';

type Source = 'text' | 'file';

const comparisonWords: Record<Threshold['comparison'], string> = {
  gt: 'more than',
  gte: 'at least',
  lt: 'less than',
  lte: 'at most',
  eq: 'exactly',
  none: 'none',
};

/** A threshold as data, in words: "seizure: more than 2 in 24 hours", "fluids: less than 64 oz by 14:00". */
export function thresholdWords(threshold: Threshold): string {
  const unit = threshold.unit === 'count' ? '' : ` ${threshold.unit}`;
  const amount =
    threshold.comparison === 'none'
      ? `no ${threshold.metric}`
      : `${threshold.metric}: ${comparisonWords[threshold.comparison]} ${threshold.value}${unit}`;
  const window = threshold.window
    ? ` in ${threshold.window.amount} ${threshold.window.unit}${threshold.window.amount === 1 ? '' : 's'}`
    : '';
  const by = threshold.byTime ? ` by ${threshold.byTime}` : '';
  return `${amount}${window}${by}`;
}

/** The test's source (pasted text or a file), its input, and the run of the matching extraction call. */
function useExtractionTest() {
  const [source, setSource] = useState<Source>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const pasted = useTestIspExtraction();
  const uploaded = useTestIspExtractionFile();
  const current = source === 'text' ? pasted : uploaded;
  const fileProblem = file ? ispFileProblem(file) : null;
  const tooLong = text.length > ISP_EXTRACTION_TEST_MAX_CHARS;
  const canRun = source === 'text' ? Boolean(text.trim()) && !tooLong : Boolean(file) && !fileProblem;
  const run = () => {
    if (source === 'text') pasted.mutate(text);
    else if (file) uploaded.mutate(file);
  };
  return { source, setSource, text, setText, file, setFile, current, fileProblem, tooLong, canRun, run };
}

type ExtractionTest = ReturnType<typeof useExtractionTest>;

/** See the module comment. */
export function ExtractionTestPage() {
  const test = useExtractionTest();
  return (
    <Stack gap="md" maw={1000}>
      <div>
        <Title order={1} size="h2">
          Protocol extraction test
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          Paste the text of an ISP, or choose an ISP file, to see which risk protocols extraction finds.
        </Text>
      </div>
      <IspPageLinks current="/test-protocol-creation" />
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title="Nothing is saved">
        This page only shows what extraction finds. No ISP, protocol or file is stored.
      </Alert>
      <ExtractionTestForm test={test} />
      {test.current.data ? <ExtractionResult result={test.current.data} /> : null}
    </Stack>
  );
}

/** Paste text or upload a file, then Run extraction (and why it did not run). */
function ExtractionTestForm({ test }: { test: ExtractionTest }) {
  const { source, current } = test;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="What to test"
          data={[
            { value: 'text', label: 'Paste text' },
            { value: 'file', label: 'Upload a file' },
          ]}
          value={source}
          onChange={(value) => test.setSource(value)}
          w={{ base: '100%', sm: 320 }}
        />
        {source === 'text' ? (
          <Textarea
            label="ISP text"
            description="The risk section of an ISP, as copied from the document"
            value={test.text}
            onChange={(event) => test.setText(event.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={20}
            error={
              test.tooLong ? `At most ${formatCount(ISP_EXTRACTION_TEST_MAX_CHARS)} characters` : undefined
            }
          />
        ) : (
          <FileInput
            label="ISP file"
            description="A PDF, up to 50 MiB"
            placeholder="Choose a PDF"
            accept="application/pdf,.pdf"
            value={test.file}
            onChange={test.setFile}
            error={test.fileProblem}
            leftSection={<IconFileTypePdf size={16} aria-hidden />}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            w={{ base: '100%', sm: 360 }}
          />
        )}
        <Group>
          <Button
            leftSection={<IconTestPipe size={16} aria-hidden />}
            loading={current.isPending}
            disabled={!test.canRun}
            onClick={test.run}
          >
            Run extraction
          </Button>
        </Group>
        {current.error ? <ApiErrorAlert error={current.error} title="Extraction did not run" /> : null}
      </Stack>
    </Paper>
  );
}

function ExtractionResult({ result }: { result: IspExtractionTestResult }) {
  if (result.problem)
    return (
      <Alert
        color="red"
        variant="light"
        title="The file could not be read"
        role="alert"
        data-testid="extraction-problem"
      >
        {ispErrorText(result)}
      </Alert>
    );
  return (
    <Stack gap="sm" data-testid="extraction-result">
      <div role="status" aria-live="polite">
        <Title order={2} size="h3">
          {result.protocols.length === 0
            ? 'No risk protocol found'
            : `${formatCount(result.protocols.length)} risk protocols found`}
        </Title>
      </div>
      <Text size="sm" c="dimmed">
        {result.source === 'file' ? `${result.fileName ?? 'File'} · ` : 'Pasted text · '}
        {formatCountOf(result.pageCount, { one: 'page', other: 'pages' })}
        {result.ocrPageCount ? ` (${formatCount(result.ocrPageCount)} read by OCR)` : ''}
        {result.planStart || result.planEnd
          ? ` · plan ${result.planStart ?? '?'} to ${result.planEnd ?? '?'}`
          : ''}
        {` · ${formatCount(result.durationMs)} ms`}
      </Text>
      {result.protocols.length === 0 ? (
        <Text size="sm">
          Extraction looks for risks introduced by a “Risk:” label or a numbered heading, each with labelled
          sections such as “Prevention / supports:”, “What to do:” and “Emergency plan:”. Paste the part of
          the ISP that holds the risks, one label per line.
        </Text>
      ) : null}
      {result.warnings.length ? (
        <Alert color="yellow" variant="light" title="Warnings">
          <List size="sm">
            {result.warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Accordion variant="separated" multiple defaultValue={result.protocols.map((_, i) => String(i))}>
        {result.protocols.map((protocol, index) => (
          <Accordion.Item key={`${protocol.riskType}-${index}`} value={String(index)}>
            <Accordion.Control>
              <Group gap="xs">
                <Text fw={600}>{protocol.riskType || 'Unnamed risk'}</Text>
                {protocol.serious ? (
                  <Badge color="red" size="sm">
                    Serious
                  </Badge>
                ) : null}
                {protocol.mar ? (
                  <Badge color="grape" variant="light" size="sm">
                    MAR
                  </Badge>
                ) : null}
                {protocol.pbsp ? (
                  <Badge color="indigo" variant="light" size="sm">
                    PBSP
                  </Badge>
                ) : null}
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <ExtractedProtocolView protocol={protocol} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}

function Section({ title, text }: { title: string; text: string | null }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={text ? undefined : 'dimmed'}>
        {text ?? 'Not found'}
      </Text>
    </div>
  );
}

function ExtractedProtocolView({ protocol }: { protocol: ExtractedProtocolResult }) {
  return (
    <Stack gap="xs">
      <Section title="Description" text={protocol.description} />
      <Section title="Prevention" text={protocol.prevention} />
      <Section title="Response" text={protocol.response} />
      <Section title="Emergency" text={protocol.emergency} />
      <div>
        <Text size="sm" fw={600}>
          Thresholds
        </Text>
        {protocol.thresholds.length ? (
          <List size="sm">
            {protocol.thresholds.map((threshold, i) => (
              <List.Item key={`${threshold.text}-${i}`}>
                {thresholdWords(threshold)}{' '}
                <Text span size="xs" c="dimmed">
                  (“{threshold.text}”, to be confirmed by a person)
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            None found
          </Text>
        )}
      </div>
      {protocol.escalationSteps.length ? (
        <div>
          <Text size="sm" fw={600}>
            Escalation steps
          </Text>
          <List type="ordered" size="sm">
            {protocol.escalationSteps.map((step, i) => (
              <List.Item key={`${step}-${i}`}>{step}</List.Item>
            ))}
          </List>
        </div>
      ) : null}
      {protocol.medicationReferences.length ? (
        <Text size="sm">
          <Text span fw={600}>
            Medication references:
          </Text>{' '}
          {protocol.medicationReferences.join('; ')}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Author: {protocol.author ?? 'not found'}
        {protocol.authorLicensed ? ' (licensed)' : ''} · Effective {protocol.effectiveDate ?? '—'} · Review
        due {protocol.reviewDueDate ?? '—'}
      </Text>
    </Stack>
  );
}
