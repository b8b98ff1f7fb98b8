/**
 * Quarterly summary calls (issue 19 "Export and reports"; docs/quarterly-summaries.md) over contracts'
 * `quarterlySummaryEndpoints`: one quarter (null when never generated), generate/regenerate, a client's generated
 * quarters, export as PDF, the exports and their download address. Responses are parsed with the contract schemas.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { quarterlySummaryEndpoints as e, type QuarterlySummaryParams } from '@tend/contracts';
import { ApiError, apiCall, endpointUrl } from '../../../lib/api-client.ts';

export const quarterlyKeys = {
  all: ['isp', 'quarterly'] as const,
  quarter: (params: QuarterlySummaryParams) => ['isp', 'quarterly', 'quarter', params] as const,
  quarters: (clientId: string) => ['isp', 'quarterly', 'quarters', clientId] as const,
  exports: (clientId: string) => ['isp', 'quarterly', 'exports', clientId] as const,
};

/** The download address of a stored export (same origin: the session cookie goes along). */
export const quarterlyExportFileUrl = (id: string) =>
  endpointUrl(e.downloadQuarterlySummaryExport, { params: { id } });

/** One generated quarter, or null when it was never generated (or had no notes). */
export const useQuarterlySummary = (params: QuarterlySummaryParams | null) =>
  useQuery({
    queryKey: quarterlyKeys.quarter(params ?? { clientId: '', year: 0, quarter: 1 }),
    queryFn: async ({ signal }) => {
      try {
        return await apiCall(e.findQuarterlySummary, { params: params!, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: params !== null,
  });

/** The client's generated quarters, newest first. */
export const useQuarterlySummaries = (clientId: string | undefined) =>
  useQuery({
    queryKey: quarterlyKeys.quarters(clientId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(e.findQuarterlySummaries, { query: { clientId: clientId ?? '' }, signal }),
    enabled: Boolean(clientId),
  });

/** The client's quarterly summary exports, newest first. */
export const useQuarterlyExports = (clientId: string | undefined) =>
  useQuery({
    queryKey: quarterlyKeys.exports(clientId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(e.findQuarterlySummaryExports, { query: { clientId: clientId ?? '' }, signal }),
    enabled: Boolean(clientId),
  });

/** Generates (or regenerates) a quarter; refreshes its views. */
export function useGenerateQuarterlySummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: QuarterlySummaryParams) => apiCall(e.generateQuarterlySummary, { body: params }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quarterlyKeys.all }),
  });
}

/** Exports a generated quarter as a stored PDF; refreshes the exports. */
export function useExportQuarterlySummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: QuarterlySummaryParams) => apiCall(e.createQuarterlySummaryExport, { params }),
    onSuccess: (created) =>
      queryClient.invalidateQueries({ queryKey: quarterlyKeys.exports(created.clientId) }),
  });
}
