/**
 * Caregiver hours calls over contracts' `caregiverHoursEndpoints` (decision 0032): the weeks page with
 * totals, one caregiver's weeks and shifts, and a week's handling. Responses are parsed with the
 * contract schemas (STYLE.md s.12).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  caregiverHoursEndpoints,
  type CaregiverHoursQuery,
  type ViolationHandlingInput,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const caregiverHoursKeys = {
  all: ['caregiver-hours'] as const,
  list: (query: CaregiverHoursQuery) => ['caregiver-hours', 'list', query] as const,
  caregiver: (id: string, from?: string, to?: string) =>
    ['caregiver-hours', 'caregiver', id, from ?? '', to ?? ''] as const,
};

/** One page of caregiver weeks for the filter; the previous page stays shown while the next loads. */
export const useCaregiverHours = (query: CaregiverHoursQuery) =>
  useQuery({
    queryKey: caregiverHoursKeys.list(query),
    queryFn: ({ signal }) =>
      apiCall(caregiverHoursEndpoints.findCaregiverHours, {
        query: {
          from: query.from,
          to: query.to,
          caregiverId: query.caregiverId,
          overtimeOnly: query.overtimeOnly ? 'true' : undefined,
          unhandledOnly: query.unhandledOnly ? 'true' : undefined,
          page: query.page,
          pageSize: query.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** One caregiver's weeks (for the chart) and shifts in [from, to]; nothing while `id` is undefined. */
export const useCaregiverWeeks = (id: string | undefined, from?: string, to?: string) =>
  useQuery({
    queryKey: caregiverHoursKeys.caregiver(id ?? '', from, to),
    queryFn: ({ signal }) =>
      apiCall(caregiverHoursEndpoints.getCaregiverWeeks, {
        params: { id: id ?? '' },
        query: { from, to },
        signal,
      }),
    enabled: Boolean(id),
  });

/** Marks a caregiver's week handled (or not) with a note; refreshes every hours view after. */
export function useSetViolationHandling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      caregiverId,
      weekName,
      ...body
    }: ViolationHandlingInput & { caregiverId: string; weekName: string }) =>
      apiCall(caregiverHoursEndpoints.setViolationHandling, { params: { caregiverId, weekName }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: caregiverHoursKeys.all }),
  });
}
