/**
 * Claim import and reconciliation endpoints (issue 6; docs/claim-reconciliation.md):
 * `POST /api/claim-imports` (multipart `file`), `GET /api/claim-imports[/:id]`, `GET /api/exprs-records`,
 * `POST /api/exprs-records/:id/acknowledge|link`, `GET /api/claim-reconciliation/unpaid-items` and
 * `/link-candidates`. Responses are parsed with the contract schemas (STYLE.md s.12).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimImportDetail,
  claimImportPage,
  claimImportResult,
  exprsRecordItem,
  exprsRecordPage,
  reconciliationItemPage,
  type ClaimImportListQuery,
  type ExprsRecordListQuery,
  type ReconciliationItemQuery,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const claimKeys = {
  all: ['claims'] as const,
  imports: (query: ClaimImportListQuery) => ['claims', 'imports', query] as const,
  detail: (id: string) => ['claims', 'import', id] as const,
  records: (query: ExprsRecordListQuery) => ['claims', 'records', query] as const,
  items: (kind: 'unpaid-items' | 'link-candidates', query: ReconciliationItemQuery) =>
    ['claims', kind, query] as const,
};

/** Uploads a claim file (eXPRS CSV or X12 835); answers the batch with its counts and rejected rows. */
export function useImportClaims() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiRequest(claimImportResult, '/api/claim-imports', { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

/** One page of claim imports, newest first. */
export const useClaimImports = (query: ClaimImportListQuery) =>
  useQuery({
    queryKey: claimKeys.imports(query),
    queryFn: ({ signal }) =>
      apiRequest(claimImportPage, '/api/claim-imports', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

/** One import with its counts and rejected rows. */
export const useClaimImport = (id: string | undefined) =>
  useQuery({
    queryKey: claimKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(claimImportDetail, `/api/claim-imports/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: Boolean(id),
  });

/** One page of imported claim lines for the filter. */
export const useExprsRecords = (query: ExprsRecordListQuery, enabled = true) =>
  useQuery({
    queryKey: claimKeys.records(query),
    queryFn: ({ signal }) =>
      apiRequest(exprsRecordPage, '/api/exprs-records', {
        query: { ...query, acknowledged: query.acknowledged },
        signal,
      }),
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
      apiRequest(reconciliationItemPage, `/api/claim-reconciliation/${kind}`, {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Marks a claim line as seen and dealt with. */
export function useAcknowledgeLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(exprsRecordItem, `/api/exprs-records/${encodeURIComponent(id)}/acknowledge`, {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

/** Links a claim line to a billing item by hand. */
export function useLinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, billingItemId }: { id: string; billingItemId: string }) =>
      apiRequest(exprsRecordItem, `/api/exprs-records/${encodeURIComponent(id)}/link`, {
        method: 'POST',
        body: { billingItemId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}
