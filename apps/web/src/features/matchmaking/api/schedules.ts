/**
 * Schedule calls (issue 21 "Schedules"; contracts `matchmakingScheduleEndpoints`): a client listing's schedule (its
 * guardian) and the caller's own caregiver schedule, read and saved.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchmakingScheduleEndpoints as e, type ScheduleInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const scheduleKeys = {
  client: (id: string) => ['matchmaking', 'schedule', 'client', id] as const,
  caregiver: ['matchmaking', 'schedule', 'caregiver', 'me'] as const,
};

/** Client listing `id`'s schedule (404 for an unknown id and someone else's alike: not retried). */
export const useClientSchedule = (id: string) =>
  useQuery({
    queryKey: scheduleKeys.client(id),
    queryFn: ({ signal }) => apiCall(e.getClientSchedule, { params: { id }, signal }),
    enabled: id !== '',
    retry: false,
  });

/** The signed-in caregiver's own schedule (404 when the account has no listing yet). */
export const useOwnCaregiverSchedule = () =>
  useQuery({
    queryKey: scheduleKeys.caregiver,
    queryFn: ({ signal }) => apiCall(e.getOwnCaregiverSchedule, { signal }),
    retry: false,
  });

/** Saves client listing `id`'s schedule. */
export function useSaveClientSchedule(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInput) => apiCall(e.saveClientSchedule, { params: { id }, body }),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKeys.client(id), saved),
  });
}

/** Saves the signed-in caregiver's own schedule. */
export function useSaveOwnCaregiverSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleInput) => apiCall(e.saveOwnCaregiverSchedule, { body }),
    onSuccess: (saved) => queryClient.setQueryData(scheduleKeys.caregiver, saved),
  });
}
