/**
 * Billing-code rules (issue 6): `GET/POST/PATCH/DELETE /api/billing-code-rules`. Responses are parsed
 * with the contract schemas (STYLE.md s.12). A rule change queues a validation job, whose id is
 * returned; the segment lists are refreshed with the billing queries.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  billingCodeRule,
  billingCodeRulePage,
  processingJob,
  type BillingCodeRuleInput,
  type BillingCodeRuleListQuery,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { validationKeys } from '../../../components/validation/validation-api.ts';

export const billingKeys = {
  rules: (query: BillingCodeRuleListQuery) => ['billing', 'rules', query] as const,
};

/** One page of billing-code rules. */
export const useBillingRules = (query: BillingCodeRuleListQuery) =>
  useQuery({
    queryKey: billingKeys.rules(query),
    queryFn: ({ signal }) =>
      apiRequest(billingCodeRulePage, '/api/billing-code-rules', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

const ruleWithJob = z.object({ rule: billingCodeRule, job: processingJob });

/** Adds a rule (`id` undefined) or changes one; answers the rule and the validation job it queued. */
export function useSaveBillingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: Partial<BillingCodeRuleInput> }) =>
      id
        ? apiRequest(ruleWithJob, `/api/billing-code-rules/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: values,
          })
        : apiRequest(ruleWithJob, '/api/billing-code-rules', { method: 'POST', body: values }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
        queryClient.invalidateQueries({ queryKey: validationKeys.all }),
      ]),
  });
}

/** Deletes a rule; answers the rule and the validation job it queued. */
export function useDeleteBillingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(ruleWithJob, `/api/billing-code-rules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
        queryClient.invalidateQueries({ queryKey: validationKeys.all }),
      ]),
  });
}
