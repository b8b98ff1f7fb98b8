/**
 * The generated reports, newest first (type, subject, period, format, size, who, when, Download), paged; or, with
 * `jobId`, the files one export just wrote. Empty state says how to make one.
 */
import { Alert, Badge, Button, Group, Loader, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { GeneratedReport } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LabelledPagination } from '../../../components/ui/labelled-pagination.tsx';
import { formatExactTime, formatFileSize, formatPeriod } from '../../../lib/format/index.ts';
import { useDownloadReport, useGeneratedReports } from '../api/report-exports.ts';

const PAGE_SIZE = 20;

/** One report's Download button (it fetches a signed link, then the file). */
function DownloadButton({ report }: { report: GeneratedReport }) {
  const download = useDownloadReport();
  return (
    <Stack gap={2}>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        loading={download.isPending}
        onClick={() => download.mutate(report.id)}
        aria-label={`Download ${report.fileName}`}
      >
        Download
      </Button>
      {download.error ? <ApiErrorAlert error={download.error} /> : null}
    </Stack>
  );
}

function ReportTableRow({ report }: { report: GeneratedReport }) {
  return (
    <Table.Tr>
      <Table.Td>{report.title}</Table.Td>
      <Table.Td>
        {report.subjectName}
        <Text size="xs" c="dimmed">
          {report.subjectKind === 'client' ? 'Client' : 'Caregiver'}
        </Text>
      </Table.Td>
      <Table.Td>{formatPeriod({ start: report.from, end: report.to })}</Table.Td>
      <Table.Td>
        <Badge variant="light">{report.format.toUpperCase()}</Badge>
      </Table.Td>
      <Table.Td>{formatFileSize(report.size)}</Table.Td>
      <Table.Td>{report.createdByName ?? '—'}</Table.Td>
      <Table.Td>{formatExactTime(report.createdAt)}</Table.Td>
      <Table.Td>
        <DownloadButton report={report} />
      </Table.Td>
    </Table.Tr>
  );
}

interface GeneratedReportsProps {
  /** Only the reports of this job (no paging). */
  jobId?: string;
  page?: number;
  onPage?: (page: number) => void;
}

/** See the module comment. */
export function GeneratedReports({ jobId, page = 1, onPage }: GeneratedReportsProps) {
  const list = useGeneratedReports(jobId ? { jobId, pageSize: 100 } : { page, pageSize: PAGE_SIZE });
  if (list.isPending) return <Loader aria-label="Loading the generated reports" />;
  if (list.error) return <ApiErrorAlert error={list.error} />;
  const { items, total } = list.data;
  if (!items.length)
    return (
      <Alert color="blue" title="No reports yet">
        Pick a report type, its clients or caregivers, a period and a format above, then Generate. The files
        appear here to download, now and later.
      </Alert>
    );
  return (
    <Stack gap="xs">
      <ScrollArea type="auto">
        <Table
          striped
          highlightOnHover
          miw={860}
          aria-label={jobId ? 'Files of this export' : 'Generated reports'}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Report</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Period</Table.Th>
              <Table.Th>Format</Table.Th>
              <Table.Th>Size</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Generated</Table.Th>
              <Table.Th>File</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((report) => (
              <ReportTableRow key={report.id} report={report} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {!jobId && total > PAGE_SIZE ? (
        <Group justify="flex-end">
          <LabelledPagination
            label="Generated reports"
            total={Math.ceil(total / PAGE_SIZE)}
            value={page}
            onChange={(next) => onPage?.(next)}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
