/**
 * Budget endpoints: `GET /api/budget-overages` (report page), `GET /api/budget-overages/:id/segments`
 * (drill-down), and `POST/PATCH/DELETE /api/budgets` (lines kept by hand). Responses are parsed with
 * the contract schemas (STYLE.md s.12); every change refreshes the report.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  budgetLine,
  budgetOveragePage,
  budgetUsage,
  type BudgetLineInput,
  type BudgetLinePatch,
  type BudgetOverageQuery,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const budgetKeys = {
  all: ['budgets'] as const,
  overages: (query: BudgetOverageQuery) => ['budgets', 'overages', query] as const,
  usage: (id: string, asOf?: string) => ['budgets', 'usage', id, asOf ?? ''] as const,
};

/** One page of the budget-overages report for the filter. */
export const useBudgetOverages = (query: BudgetOverageQuery) =>
  useQuery({
    queryKey: budgetKeys.overages(query),
    queryFn: ({ signal }) =>
      apiRequest(budgetOveragePage, '/api/budget-overages', {
        query: { ...query },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The segments counted for one line (drill-down); nothing while `id` is undefined. */
export const useBudgetUsage = (id: string | undefined, asOf?: string) =>
  useQuery({
    queryKey: budgetKeys.usage(id ?? '', asOf),
    queryFn: ({ signal }) =>
      apiRequest(budgetUsage, `/api/budget-overages/${encodeURIComponent(id ?? '')}/segments`, {
        query: { asOf },
        signal,
      }),
    enabled: Boolean(id),
  });

/** Adds a line (`id` undefined) or changes one. */
export function useSaveBudgetLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: BudgetLineInput | BudgetLinePatch }) =>
      id
        ? apiRequest(budgetLine, `/api/budgets/${encodeURIComponent(id)}`, { method: 'PATCH', body: values })
        : apiRequest(budgetLine, '/api/budgets', { method: 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  });
}

/** Deletes a line. */
export function useDeleteBudgetLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(budgetLine, `/api/budgets/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  });
}
