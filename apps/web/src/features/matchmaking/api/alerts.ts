/**
 * Profile-alert calls (issue 21 "Profile-completeness alerts"; contracts `matchmakingAlertEndpoints`): the alerts of
 * one listing and dismissing one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { matchmakingAlertEndpoints as e, type ProfileAlertField } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

/** `client:<id>`, `caregiver` (the caller's own) or `caregiver:<id>`. */
export type AlertListing = `client:${string}` | 'caregiver' | `caregiver:${string}`;

export const alertKeys = { of: (listing: AlertListing) => ['matchmaking', 'alerts', listing] as const };

/** The shown alerts of `listing`. */
export const useProfileAlerts = (listing: AlertListing) =>
  useQuery({
    queryKey: alertKeys.of(listing),
    queryFn: ({ signal }) => apiCall(e.findProfileAlerts, { query: { listing }, signal }),
    retry: false,
  });

/** Dismisses one alert of `listing`; the answer replaces the list. */
export function useDismissAlert(listing: AlertListing) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (alertField: ProfileAlertField) =>
      apiCall(e.dismissProfileAlert, { body: { alertField, listing } }),
    onSuccess: (list) => queryClient.setQueryData(alertKeys.of(listing), list),
  });
}
