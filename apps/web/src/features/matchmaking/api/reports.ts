/**
 * Report calls (issue 21 "a 'Report' action on every profile and thread, reviewed by admins"; decision 0057) over
 * contracts' `matchmakingReportEndpoints`: filing one, and the admins' list and resolution.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  matchmakingReportEndpoints as e,
  type ReportInput,
  type ReportResolution,
  type ReportStatus,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const reportKeys = {
  all: ['matchmaking', 'reports'] as const,
  list: (status: ReportStatus) => ['matchmaking', 'reports', status] as const,
};

/** Files a report (or adds to the caller's open one on the same target). */
export const useFileReport = () =>
  useMutation({ mutationFn: (body: ReportInput) => apiCall(e.fileReport, { body }) });

/** Reports of `status`, newest first (admin). */
export const useReports = (status: ReportStatus) =>
  useQuery({
    queryKey: reportKeys.list(status),
    queryFn: ({ signal }) => apiCall(e.findReports, { query: { status }, signal }),
  });

/** Dismisses a report or hides the reported listing (admin). */
export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReportResolution & { id: string }) =>
      apiCall(e.resolveReport, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
