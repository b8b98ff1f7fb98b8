/**
 * Staging endpoints (contracts `stagingEndpoints`, `stagingImportEndpoints`; docs/staging.md): staged
 * rows, unlinked people and their approval, rules, comparison, promotion, health and direct sync.
 * Every write invalidates the whole `staging` key, so counts and lists follow at once.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  stagingEndpoints as e,
  stagingImportEndpoints,
  type DateRange,
  type MappingApproval,
  type ShiftImportPreviewRow,
  type StagingImportOptions,
  type StagingRuleInput,
  type StagingShiftFix,
  type StagingShiftQuery,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import type { ImportKindClient } from '../../../components/imports/import-api.ts';

export const stagingImportClient: ImportKindClient<ShiftImportPreviewRow> = {
  key: 'staging-imports',
  endpoints: stagingImportEndpoints,
  pagePath: '/staging/import',
};

export const stagingKeys = { all: ['staging'] as const };

export const useStagingShifts = (query: StagingShiftQuery) =>
  useQuery({
    queryKey: [...stagingKeys.all, 'shifts', query],
    queryFn: ({ signal }) => apiCall(e.listShifts, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const useUnmapped = () =>
  useQuery({
    queryKey: [...stagingKeys.all, 'unmapped'],
    queryFn: ({ signal }) => apiCall(e.listUnmapped, { signal }),
  });

export const useRules = () =>
  useQuery({
    queryKey: [...stagingKeys.all, 'rules'],
    queryFn: ({ signal }) => apiCall(e.listRules, { signal }),
  });

export const useComparison = (range: DateRange | null) =>
  useQuery({
    queryKey: [...stagingKeys.all, 'comparison', range],
    queryFn: ({ signal }) => apiCall(e.compare, { query: range as DateRange, signal }),
    enabled: Boolean(range),
  });

export const useStagingCheck = () =>
  useQuery({
    queryKey: [...stagingKeys.all, 'check'],
    queryFn: ({ signal }) => apiCall(e.check, { signal }),
  });

function useStagingMutation<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: stagingKeys.all }),
  });
}

export const useApproveMapping = () =>
  useStagingMutation((body: MappingApproval) => apiCall(e.approveMapping, { body }));
export const useCreateRule = () =>
  useStagingMutation((body: StagingRuleInput) => apiCall(e.createRule, { body }));
export const useSwitchRule = () =>
  useStagingMutation(({ id, isActive }: { id: string; isActive: boolean }) =>
    apiCall(e.updateRule, { params: { id }, body: { isActive } }),
  );
export const useFixShift = () =>
  useStagingMutation(({ id, fix }: { id: string; fix: StagingShiftFix }) =>
    apiCall(e.fixShift, { params: { id }, body: fix }),
  );
export const useRevalidate = () => useStagingMutation(() => apiCall(e.revalidate, {}));
export const usePromote = () => useStagingMutation((body: DateRange) => apiCall(e.promote, { body }));
export const useDirectSync = () => useStagingMutation(() => apiCall(e.directSync, {}));

/**
 * The dry run of staging an upload (`POST /api/staging-imports/:id/test-sync`): every row's fate,
 * nothing staged, so nothing to invalidate. Errors: 404 unknown upload, 400 `columnMap`.
 */
export const useTestSync = () =>
  useMutation({
    mutationFn: ({ id, options }: { id: string; options: StagingImportOptions }) =>
      apiCall(e.testSync, { params: { id }, body: options }),
  });
