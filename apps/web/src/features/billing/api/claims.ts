/**
 * Claim import and reconciliation calls (issue 6; docs/claim-reconciliation.md) over contracts'
 * `claimImportEndpoints` (decision 0032): the upload (multipart `file`; 202 with the claim import job,
 * or 200 with the earlier batch when the same file was imported before), the imports and one import,
 * the claim lines, acknowledge and link, the unpaid items and link candidates. The job is followed with
 * `useJob` (lib/jobs.ts); its result is `claimImportResult`.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimImportEndpoints as e,
  type ClaimImportListQuery,
  type ExprsRecordListQuery,
  type ReconciliationItemQuery,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const claimKeys = {
  all: ['claims'] as const,
  imports: (query: ClaimImportListQuery) => ['claims', 'imports', query] as const,
  detail: (id: string) => ['claims', 'import', id] as const,
  records: (query: ExprsRecordListQuery) => ['claims', 'records', query] as const,
  items: (kind: 'unpaid-items' | 'link-candidates', query: ReconciliationItemQuery) =>
    ['claims', kind, query] as const,
};

/**
 * Uploads a claim file (eXPRS CSV or X12 835): answers the queued claim import job (`job`), or the
 * earlier batch (`duplicate: true`) when the same file was imported before.
 */
export function useImportClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiCall(e.uploadClaimImport, { body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

/** One page of claim imports, newest first. */
export const useClaimImports = (query: ClaimImportListQuery) =>
  useQuery({
    queryKey: claimKeys.imports(query),
    queryFn: ({ signal }) => apiCall(e.findClaimImports, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One import with its counts and rejected rows. */
export const useClaimImport = (id: string | undefined) =>
  useQuery({
    queryKey: claimKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiCall(e.findClaimImport, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });

/** One page of imported claim lines for the filter. */
export const useExprsRecords = (query: ExprsRecordListQuery, enabled = true) =>
  useQuery({
    queryKey: claimKeys.records(query),
    queryFn: ({ signal }) => {
      const { acknowledged, ...rest } = query;
      // The query string carries the flag as text (contracts `booleanText`).
      const flag =
        acknowledged === undefined ? {} : ({ acknowledged: acknowledged ? 'true' : 'false' } as const);
      return apiCall(e.findExprsRecords, { query: { ...rest, ...flag }, signal });
    },
    placeholderData: keepPreviousData,
    enabled,
  });

/** Unpaid items, or the items an orphaned line may be linked to. */
export const useReconciliationItems = (
  kind: 'unpaid-items' | 'link-candidates',
  query: ReconciliationItemQuery,
  enabled = true,
) =>
  useQuery({
    queryKey: claimKeys.items(kind, query),
    queryFn: ({ signal }) =>
      apiCall(kind === 'unpaid-items' ? e.findUnpaidItems : e.findLinkCandidates, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Marks a claim line as seen and dealt with. */
export function useAcknowledgeLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(e.acknowledgeExprsRecord, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

/** Links a claim line to a billing item by hand. */
export function useLinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, billingItemId }: { id: string; billingItemId: string }) =>
      apiCall(e.linkExprsRecord, { params: { id }, body: { billingItemId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}
