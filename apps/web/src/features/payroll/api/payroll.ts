/**
 * Payroll endpoints (issue 6; docs/payroll.md): pay-period settings (`GET/PUT /api/payroll/settings`),
 * a period's payroll (`GET /api/payroll`), one caregiver's detail (`GET /api/payroll/caregivers/:id`),
 * payroll versions (`PUT/DELETE /api/segments/:id/payroll-version`), adjustments
 * (`/api/payroll/adjustments…`) and exports (`/api/payroll/exports…`). Responses are parsed with the
 * contract schemas (STYLE.md s.12); every write refreshes every payroll view.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  payPeriodSettings,
  payrollAdjustment,
  payrollAdjustmentList,
  payrollCaregiverDetail,
  payrollExport,
  payrollExportPage,
  payrollPeriodView,
  payrollVersionResult,
  type PayPeriodSettingsInput,
  type PayrollAdjustmentInput,
  type PayrollAdjustmentPatch,
  type PayrollVersionInput,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const payrollKeys = {
  all: ['payroll'] as const,
  settings: ['payroll', 'settings'] as const,
  period: (periodStart: string | undefined) => ['payroll', 'period', periodStart ?? ''] as const,
  caregiver: (id: string, periodStart: string | undefined) =>
    ['payroll', 'caregiver', id, periodStart ?? ''] as const,
  history: (id: string) => ['payroll', 'history', id] as const,
  exports: (page: number) => ['payroll', 'exports', page] as const,
};

/** The download address of an export's CSV (same-origin: the session cookie goes along). */
export const payrollExportFileUrl = (id: string) => `/api/payroll/exports/${encodeURIComponent(id)}/file`;

/** The pay-period setting with the last 12 periods. */
export const usePayPeriodSettings = () =>
  useQuery({
    queryKey: payrollKeys.settings,
    queryFn: ({ signal }) => apiRequest(payPeriodSettings, '/api/payroll/settings', { signal }),
  });

/** The period's payroll per caregiver (`periodStart` undefined: the current period). */
export const usePayroll = (periodStart: string | undefined) =>
  useQuery({
    queryKey: payrollKeys.period(periodStart),
    queryFn: ({ signal }) =>
      apiRequest(payrollPeriodView, '/api/payroll', { query: { periodStart }, signal }),
    placeholderData: keepPreviousData,
  });

/** One caregiver's payroll, segments and adjustments in the period; nothing while `id` is undefined. */
export const useCaregiverPayroll = (id: string | undefined, periodStart: string | undefined) =>
  useQuery({
    queryKey: payrollKeys.caregiver(id ?? '', periodStart),
    queryFn: ({ signal }) =>
      apiRequest(payrollCaregiverDetail, `/api/payroll/caregivers/${encodeURIComponent(id ?? '')}`, {
        query: { periodStart },
        signal,
      }),
    enabled: Boolean(id),
  });

/** The edit history of an adjustment, oldest first; nothing while `id` is undefined. */
export const useAdjustmentHistory = (id: string | undefined) =>
  useQuery({
    queryKey: payrollKeys.history(id ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(payrollAdjustmentList, `/api/payroll/adjustments/${encodeURIComponent(id ?? '')}/history`, {
        signal,
      }),
    enabled: Boolean(id),
  });

/** Past exports, newest first. */
/** The page size of the past exports list. */
export const payrollExportPageSize = 10;

export const usePayrollExports = (page: number) =>
  useQuery({
    queryKey: payrollKeys.exports(page),
    queryFn: ({ signal }) =>
      apiRequest(payrollExportPage, '/api/payroll/exports', {
        query: { page, pageSize: payrollExportPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** A mutation that refreshes every payroll view when it succeeds. */
function usePayrollMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payrollKeys.all }),
  });
}

/** Saves the pay-period setting. */
export const useSavePayPeriodSettings = () =>
  usePayrollMutation((input: PayPeriodSettingsInput) =>
    apiRequest(payPeriodSettings, '/api/payroll/settings', { method: 'PUT', body: input }),
  );

/** Sets a segment's paid times (its PayrollVersion). */
export const useSetPayrollVersion = () =>
  usePayrollMutation(({ segmentId, input }: { segmentId: string; input: PayrollVersionInput }) =>
    apiRequest(payrollVersionResult, `/api/segments/${encodeURIComponent(segmentId)}/payroll-version`, {
      method: 'PUT',
      body: input,
    }),
  );

/** Removes a segment's PayrollVersion: its own times are paid again. */
export const useDeletePayrollVersion = () =>
  usePayrollMutation(({ segmentId, reason }: { segmentId: string; reason: string }) =>
    apiRequest(payrollVersionResult, `/api/segments/${encodeURIComponent(segmentId)}/payroll-version`, {
      method: 'DELETE',
      body: { reason },
    }),
  );

/** Adds an adjustment. */
export const useCreateAdjustment = () =>
  usePayrollMutation((input: PayrollAdjustmentInput) =>
    apiRequest(payrollAdjustment, '/api/payroll/adjustments', { method: 'POST', body: input }),
  );

/** Edits an adjustment (a new row replaces it); answers the new row. */
export const useUpdateAdjustment = () =>
  usePayrollMutation(({ id, patch }: { id: string; patch: PayrollAdjustmentPatch }) =>
    apiRequest(payrollAdjustment, `/api/payroll/adjustments/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: patch,
    }),
  );

/** Deactivates an adjustment with a reason. */
export const useDeactivateAdjustment = () =>
  usePayrollMutation(({ id, reason }: { id: string; reason: string }) =>
    apiRequest(payrollAdjustment, `/api/payroll/adjustments/${encodeURIComponent(id)}/deactivate`, {
      method: 'POST',
      body: { reason },
    }),
  );

/** Exports the period's payroll; answers the stored export (download it with {@link payrollExportFileUrl}). */
export const useCreatePayrollExport = () =>
  usePayrollMutation((periodStart: string) =>
    apiRequest(payrollExport, '/api/payroll/exports', { method: 'POST', body: { periodStart } }),
  );
