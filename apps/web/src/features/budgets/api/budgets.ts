/**
 * Budget calls over contracts' `budgetEndpoints` (decision 0032): the overages report page, one line's
 * drill-down, and adding, changing and deleting the lines kept by hand. Responses are parsed with the
 * contract schemas (STYLE.md s.12); every change refreshes the report.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  budgetEndpoints,
  type BudgetLineInput,
  type BudgetLinePatch,
  type BudgetOverageQuery,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const budgetKeys = {
  all: ['budgets'] as const,
  overages: (query: BudgetOverageQuery) => ['budgets', 'overages', query] as const,
  usage: (id: string, asOf?: string) => ['budgets', 'usage', id, asOf ?? ''] as const,
};

/** One page of the budget-overages report for the filter. */
export const useBudgetOverages = (query: BudgetOverageQuery) =>
  useQuery({
    queryKey: budgetKeys.overages(query),
    queryFn: ({ signal }) => apiCall(budgetEndpoints.findBudgetOverages, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** The segments counted for one line (drill-down); nothing while `id` is undefined. */
export const useBudgetUsage = (id: string | undefined, asOf?: string) =>
  useQuery({
    queryKey: budgetKeys.usage(id ?? '', asOf),
    queryFn: ({ signal }) =>
      apiCall(budgetEndpoints.getBudgetUsage, { params: { id: id ?? '' }, query: { asOf }, signal }),
    enabled: Boolean(id),
  });

/** What saving a line sends: a new line's input, or the changed fields of line `id`. */
type BudgetLineSave = { id?: undefined; values: BudgetLineInput } | { id: string; values: BudgetLinePatch };

/** Adds a line (`id` undefined) or changes one. */
export function useSaveBudgetLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: BudgetLineSave) =>
      save.id === undefined
        ? apiCall(budgetEndpoints.createBudgetLine, { body: save.values })
        : apiCall(budgetEndpoints.updateBudgetLine, { params: { id: save.id }, body: save.values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  });
}

/** Deletes a line. */
export function useDeleteBudgetLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(budgetEndpoints.deleteBudgetLine, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
  });
}
