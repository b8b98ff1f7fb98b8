/**
 * "Recent imports" under the uploader of every import page: the kind's newest uploads with their
 * format, status (live progress while importing; once imported, the count of each fate of its records),
 * a link to reopen each one (its mapping, progress or
 * summary) and, when the kind has one, a link to what it brought in.
 */
import {
  Anchor,
  Badge,
  EmptyState,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import type { ImportFateCounts, ImportFileSummary, JobStatus } from '@tend/contracts';
import { formatCount } from '../../lib/format/index.ts';
import { LoadErrorAlert } from '../ui/api-error-alert.tsx';
import { RelativeTime } from '../ui/relative-time.tsx';
import { importUrl, useImports, type ImportKindClient } from './import-api.ts';

const formatLabels: Record<string, string> = {
  csv: 'CSV',
  'sandata-openevv': 'Sandata OpenEVV',
};

const statusBadges: Record<JobStatus, { color: string; label: string }> = {
  QUEUED: { color: 'gray', label: 'Queued' },
  RUNNING: { color: 'blue', label: 'Importing' },
  COMPLETED: { color: 'green', label: 'Imported' },
  FAILED: { color: 'red', label: 'Failed' },
  CANCELLED: { color: 'gray', label: 'Cancelled' },
};

/** An upload's status: waiting for its mapping, or its job's state with live progress while it runs. */
function Status({ file }: { file: ImportFileSummary }) {
  const job = file.latestJob;
  if (!job)
    return (
      <Badge color="yellow" variant="light">
        {file.format === 'csv' ? 'Waiting for its mapping' : 'Not imported'}
      </Badge>
    );
  const badge = statusBadges[job.status];
  const running = job.status === 'QUEUED' || job.status === 'RUNNING';
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={badge.color} variant="light">
        {badge.label}
      </Badge>
      {running ? (
        <>
          <Progress
            value={job.progress}
            w={80}
            size="sm"
            aria-label={`${file.originalName} import progress`}
          />
          <Text size="xs">{job.progress}%</Text>
        </>
      ) : null}
      {job.fates ? <Text size="xs">{fatesInWords(job.fates)}</Text> : null}
    </Group>
  );
}

/**
 * A finished import's fates in words, the non-zero ones in the summary's order (decision 0036), e.g.
 * "400 created · 20 duplicates · 43 rejected"; "nothing read" when every count is 0.
 */
export function fatesInWords(fates: ImportFateCounts): string {
  const words: [number, string][] = [
    [fates.created, 'created'],
    [fates.updated, 'updated'],
    [fates.unchanged, 'unchanged'],
    [fates.duplicates, fates.duplicates === 1 ? 'duplicate' : 'duplicates'],
    [fates.stale, fates.stale === 1 ? 'out-of-date update ignored' : 'out-of-date updates ignored'],
    [fates.rejected, 'rejected'],
  ];
  const shown = words.filter(([count]) => count > 0).map(([count, word]) => `${formatCount(count)} ${word}`);
  return shown.length ? shown.join(' · ') : 'nothing read';
}

export interface ImportHistoryProps {
  kind: Pick<ImportKindClient<{ line: number; errors: unknown[] }>, 'key' | 'endpoints' | 'pagePath'>;
  /** What the empty state says files do once uploaded. */
  emptyDescription: string;
  /** A link to what a completed upload brought in, e.g. its shifts. */
  resultLink?: (file: ImportFileSummary) => { to: string; label: string };
}

/** The recent uploads table (polled while one of them is importing). */
export function ImportHistory({ kind, emptyDescription, resultLink }: ImportHistoryProps) {
  const imports = useImports(kind);
  const items = imports.data?.items;

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Title order={2} size="h3">
          Recent imports
        </Title>
        {imports.isFetching && items ? <Loader size="xs" aria-label="Updating" /> : null}
      </Group>
      {imports.error ? (
        <LoadErrorAlert
          error={imports.error}
          title="Couldn't load the recent imports"
          onRetry={() => void imports.refetch()}
        />
      ) : null}
      {imports.isPending ? (
        <Loader size="sm" aria-label="Loading the recent imports" />
      ) : items && items.length === 0 ? (
        <EmptyState title="No imports yet" description={emptyDescription} py="md" />
      ) : items ? (
        <ImportsTable items={items} kind={kind} resultLink={resultLink} />
      ) : null}
    </Stack>
  );
}

/** One row an upload: its name, when, format, status and the links to reopen it and to what it brought in. */
function ImportsTable({
  items,
  kind,
  resultLink,
}: {
  items: ImportFileSummary[];
  kind: ImportHistoryProps['kind'];
  resultLink: ImportHistoryProps['resultLink'];
}) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table aria-label="Recent imports" verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">File</Table.Th>
            <Table.Th scope="col">Uploaded</Table.Th>
            <Table.Th scope="col">Format</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td style={{ wordBreak: 'break-word' }}>{file.originalName}</Table.Td>
              <Table.Td>
                <RelativeTime value={file.uploadDate} />
              </Table.Td>
              <Table.Td>{file.format ? (formatLabels[file.format] ?? file.format) : '—'}</Table.Td>
              <Table.Td>
                <Status file={file} />
              </Table.Td>
              <Table.Td>
                <ImportLinks file={file} pagePath={kind.pagePath} resultLink={resultLink} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Reopen an upload at its step (mapping, progress or summary) and, once imported, what it brought in. */
function ImportLinks({
  file,
  pagePath,
  resultLink,
}: {
  file: ImportFileSummary;
  pagePath: string;
  resultLink: ImportHistoryProps['resultLink'];
}) {
  const open = file.latestJob
    ? file.latestJob.status === 'COMPLETED'
      ? 'Summary'
      : 'Progress'
    : 'Map columns';
  return (
    <Group gap="md" wrap="nowrap" justify="flex-end">
      <Anchor
        component={Link}
        to={importUrl(pagePath, file)}
        size="sm"
        aria-label={`${open}: ${file.originalName}`}
      >
        {open}
      </Anchor>
      {file.latestJob?.status === 'COMPLETED' && resultLink ? (
        <Anchor
          component={Link}
          to={resultLink(file).to}
          size="sm"
          aria-label={`${resultLink(file).label}: ${file.originalName}`}
        >
          {resultLink(file).label}
        </Anchor>
      ) : null}
    </Group>
  );
}
