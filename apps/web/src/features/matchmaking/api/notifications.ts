/**
 * Notification-settings calls (issue 22; contracts `matchmakingNotificationEndpoints`; decision 0060): the caller's
 * email and SMS choices on one side, and setting them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  matchmakingNotificationEndpoints as e,
  type NotificationSettingsInput,
  type NotificationSide,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const notificationKeys = {
  of: (side: NotificationSide) => ['matchmaking', 'notifications', side] as const,
};

/** The caller's choices on `side` (404 when the caller has no profile on that side). */
export const useNotificationSettings = (side: NotificationSide) =>
  useQuery({
    queryKey: notificationKeys.of(side),
    queryFn: ({ signal }) => apiCall(e.findNotificationSettings, { query: { side }, signal }),
    retry: false,
  });

/** Sets the choices; the answer replaces the cached ones. */
export function useSetNotificationSettings(side: NotificationSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<NotificationSettingsInput, 'side'>) =>
      apiCall(e.updateNotificationSettings, { body: { ...body, side } }),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.of(side), settings),
  });
}
