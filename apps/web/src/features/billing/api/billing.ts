/**
 * Billing endpoints (issue 6): `GET /api/segments` (segments with violations and READY / NOT_READY
 * counts), `POST /api/segments/validate` (→ job), `GET /api/jobs/:id` (live progress), and the
 * billing-code rules `GET/POST/PATCH/DELETE /api/billing-code-rules`. Responses are parsed with the
 * contract schemas (STYLE.md s.12). A rule change queues a validation job, whose id is returned.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  billingCodeRule,
  billingCodeRulePage,
  processingJob,
  segmentPage,
  type BillingCodeRuleInput,
  type BillingCodeRuleListQuery,
  type SegmentListQuery,
  type SegmentValidationRequest,
} from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const billingKeys = {
  segments: (query: SegmentListQuery) => ['billing', 'segments', query] as const,
  rules: (query: BillingCodeRuleListQuery) => ['billing', 'rules', query] as const,
};

/** One page of segments for the filter. */
export const useSegments = (query: SegmentListQuery) =>
  useQuery({
    queryKey: billingKeys.segments(query),
    queryFn: ({ signal }) => apiRequest(segmentPage, '/api/segments', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

/** Queues validation of a date range; answers the job. */
export function useStartValidation() {
  return useMutation({
    mutationFn: (input: SegmentValidationRequest) =>
      apiRequest(z.object({ job: processingJob }), '/api/segments/validate', { method: 'POST', body: input }),
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}

/** Deletes a rule; answers the rule and the validation job it queued. */
export function useDeleteBillingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(ruleWithJob, `/api/billing-code-rules/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}
