/**
 * Payroll calls (issue 6; docs/payroll.md) over contracts' `payrollEndpoints` (decision 0032): the
 * pay-period setting, a period's payroll, one caregiver's detail, a segment's payroll version, adjustments
 * (with their history) and exports (with the file's address). Responses are parsed with the contract
 * schemas (STYLE.md s.12); every write refreshes every payroll view.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  payrollEndpoints,
  type PayPeriodSettingsInput,
  type PayrollAdjustmentInput,
  type PayrollAdjustmentPatch,
  type PayrollVersionInput,
} from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';

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
export const payrollExportFileUrl = (id: string) =>
  endpointUrl(payrollEndpoints.downloadPayrollExportFile, { params: { id } });

/** The pay-period setting with the last 12 periods. */
export const usePayPeriodSettings = () =>
  useQuery({
    queryKey: payrollKeys.settings,
    queryFn: ({ signal }) => apiCall(payrollEndpoints.getPayPeriodSettings, { signal }),
  });

/** The period's payroll per caregiver (`periodStart` undefined: the current period). */
export const usePayroll = (periodStart: string | undefined) =>
  useQuery({
    queryKey: payrollKeys.period(periodStart),
    queryFn: ({ signal }) => apiCall(payrollEndpoints.getPayroll, { query: { periodStart }, signal }),
    placeholderData: keepPreviousData,
  });

/** One caregiver's payroll, segments and adjustments in the period; nothing while `id` is undefined. */
export const useCaregiverPayroll = (id: string | undefined, periodStart: string | undefined) =>
  useQuery({
    queryKey: payrollKeys.caregiver(id ?? '', periodStart),
    queryFn: ({ signal }) =>
      apiCall(payrollEndpoints.getCaregiverPayroll, {
        params: { id: id ?? '' },
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
      apiCall(payrollEndpoints.getAdjustmentHistory, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });

/** Past exports, newest first. */
/** The page size of the past exports list. */
export const payrollExportPageSize = 10;

export const usePayrollExports = (page: number) =>
  useQuery({
    queryKey: payrollKeys.exports(page),
    queryFn: ({ signal }) =>
      apiCall(payrollEndpoints.listPayrollExports, {
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
    apiCall(payrollEndpoints.setPayPeriodSettings, { body: input }),
  );

/** Sets a segment's paid times (its PayrollVersion). */
export const useSetPayrollVersion = () =>
  usePayrollMutation(({ segmentId, input }: { segmentId: string; input: PayrollVersionInput }) =>
    apiCall(payrollEndpoints.setPayrollVersion, { params: { id: segmentId }, body: input }),
  );

/** Removes a segment's PayrollVersion: its own times are paid again. */
export const useDeletePayrollVersion = () =>
  usePayrollMutation(({ segmentId, reason }: { segmentId: string; reason: string }) =>
    apiCall(payrollEndpoints.deletePayrollVersion, { params: { id: segmentId }, body: { reason } }),
  );

/** Adds an adjustment. */
export const useCreateAdjustment = () =>
  usePayrollMutation((input: PayrollAdjustmentInput) =>
    apiCall(payrollEndpoints.createAdjustment, { body: input }),
  );

/** Edits an adjustment (a new row replaces it); answers the new row. */
export const useUpdateAdjustment = () =>
  usePayrollMutation(({ id, patch }: { id: string; patch: PayrollAdjustmentPatch }) =>
    apiCall(payrollEndpoints.updateAdjustment, { params: { id }, body: patch }),
  );

/** Deactivates an adjustment with a reason. */
export const useDeactivateAdjustment = () =>
  usePayrollMutation(({ id, reason }: { id: string; reason: string }) =>
    apiCall(payrollEndpoints.deactivateAdjustment, { params: { id }, body: { reason } }),
  );

/** Exports the period's payroll; answers the stored export (download it with {@link payrollExportFileUrl}). */
export const useCreatePayrollExport = () =>
  usePayrollMutation((periodStart: string) =>
    apiCall(payrollEndpoints.createPayrollExport, { body: { periodStart } }),
  );
