/**
 * Billing export calls (issue 6 "Billing export") over contracts' `billingExportEndpoints` (decision
 * 0032): the preview of a date range, creating a batch, the batch list and one batch with its items, the
 * batch file's address, the drift queue (billing items with `hasDrift: 'true'`) and voiding an item.
 * Responses are parsed with the contract schemas (STYLE.md s.12).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  billingExportEndpoints,
  type BillingExportCreateInput,
  type BillingExportPreviewQuery,
} from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';

export const exportKeys = {
  all: ['billing', 'exports'] as const,
  preview: (query: BillingExportPreviewQuery) => ['billing', 'exports', 'preview', query] as const,
  list: (page: number) => ['billing', 'exports', 'list', page] as const,
  detail: (id: string, page: number) => ['billing', 'exports', 'detail', id, page] as const,
  items: (query: object) => ['billing', 'exports', 'items', query] as const,
};

/** The download address of a batch's CSV (same-origin: the session cookie goes along). */
export const billingExportFileUrl = (id: string) =>
  endpointUrl(billingExportEndpoints.downloadBillingExportFile, { params: { id } });

/** READY vs NOT_READY segments of the range with the counts; `enabled` false until dates are valid. */
export const useExportPreview = (query: BillingExportPreviewQuery, enabled: boolean) =>
  useQuery({
    queryKey: exportKeys.preview(query),
    queryFn: ({ signal }) => apiCall(billingExportEndpoints.previewBillingExport, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Past batches, newest first. */
/** The page size of the batches list. */
export const exportBatchPageSize = 20;

export const useExportBatches = (page: number) =>
  useQuery({
    queryKey: exportKeys.list(page),
    queryFn: ({ signal }) =>
      apiCall(billingExportEndpoints.findBillingExports, {
        query: { page, pageSize: exportBatchPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One batch with a page of its items (`id` undefined: nothing to load). */
export const useExportBatch = (id: string | undefined, page: number) =>
  useQuery({
    queryKey: exportKeys.detail(id ?? '', page),
    queryFn: ({ signal }) =>
      apiCall(billingExportEndpoints.findBillingExport, {
        params: { id: id ?? '' },
        query: { page, pageSize: 50 },
        signal,
      }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });

/** Creates a batch of the range; answers it. Refreshes the preview, list and drift queue. */
export function useCreateExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingExportCreateInput) =>
      apiCall(billingExportEndpoints.createBillingExport, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

/** Billing items for the filters (the drift queue: `hasDrift: 'true'`). */
export const useBillingItems = (query: {
  hasDrift?: 'true' | 'false';
  dateFrom?: string;
  dateTo?: string;
  page: number;
  pageSize: number;
}) =>
  useQuery({
    queryKey: exportKeys.items(query),
    queryFn: ({ signal }) => apiCall(billingExportEndpoints.findBillingItems, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** Voids an item with a reason; refreshes the queue and the preview (its segment can be billed again). */
export function useVoidBillingItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiCall(billingExportEndpoints.voidBillingItem, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}
