/**
 * Billing-code rules (issue 6): list, create, change and delete over contracts' `validationEndpoints`
 * (the rules are module validation's; decision 0032). Responses are parsed with the contract schemas
 * (STYLE.md s.12). A rule change queues a validation job, whose id is returned; the segment lists are
 * refreshed with the billing queries.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  validationEndpoints,
  type BillingCodeRuleInput,
  type BillingCodeRuleListQuery,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { validationKeys } from '../../../components/validation/validation-api.ts';

export const billingKeys = {
  rules: (query: BillingCodeRuleListQuery) => ['billing', 'rules', query] as const,
};

/** One page of billing-code rules. */
export const useBillingRules = (query: BillingCodeRuleListQuery) =>
  useQuery({
    queryKey: billingKeys.rules(query),
    queryFn: ({ signal }) => apiCall(validationEndpoints.findBillingCodeRules, { query, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * Adds a rule (`id` undefined: `values` is the whole input) or changes one (`values`: the changed fields);
 * answers the rule and the validation job it queued.
 */
export function useSaveBillingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: Partial<BillingCodeRuleInput> }) =>
      id
        ? apiCall(validationEndpoints.updateBillingCodeRule, { params: { id }, body: values })
        : apiCall(validationEndpoints.createBillingCodeRule, { body: values as BillingCodeRuleInput }),
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
    mutationFn: (id: string) => apiCall(validationEndpoints.deleteBillingCodeRule, { params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
        queryClient.invalidateQueries({ queryKey: validationKeys.all }),
      ]),
  });
}
