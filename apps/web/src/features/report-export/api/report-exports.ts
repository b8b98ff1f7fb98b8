/**
 * Report export calls (issue 24; docs/report-export.md; decision 0066) over contracts' `reportExportEndpoints`: the
 * report types, starting an export (a job, followed with `useJob`), the generated reports, and a report's signed
 * download link.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reportExportEndpoints as e,
  type ReportExportInput,
  type ReportExportListQuery,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { jobKey } from '../../../lib/jobs.ts';

export const reportExportKeys = {
  all: ['report-exports'] as const,
  types: ['report-exports', 'types'] as const,
  list: (query: Partial<ReportExportListQuery>) => ['report-exports', 'list', query] as const,
};

/** The report types with their subject kind and formats. */
export const useReportTypes = () =>
  useQuery({
    queryKey: reportExportKeys.types,
    queryFn: ({ signal }) => apiCall(e.findReportExportTypes, { signal }),
    staleTime: Infinity,
  });

/** A page of generated reports, newest first. */
export const useGeneratedReports = (query: Partial<ReportExportListQuery>) =>
  useQuery({
    queryKey: reportExportKeys.list(query),
    queryFn: ({ signal }) => apiCall(e.findGeneratedReports, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Starts an export; seeds the job's query with the queued job. */
export function useStartReportExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportExportInput) => apiCall(e.startReportExport, { body }),
    onSuccess: (started) => client.setQueryData(jobKey(started.job.id), started.job),
  });
}

/**
 * Downloads a generated report: asks for a short-lived signed URL, then follows it through a same-origin link (the
 * file comes as an attachment under its name).
 */
export function useDownloadReport() {
  return useMutation({
    mutationFn: (id: string) => apiCall(e.getReportDownloadLink, { params: { id } }),
    onSuccess: (link) => {
      const anchor = document.createElement('a');
      anchor.href = link.url;
      anchor.download = link.fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    },
  });
}
