/**
 * Message requests (issue 22 "safe first contact") over contracts' `conversationEndpoints`: those the caller's
 * listings received and sent, and the answer to one received (accept opens a match and its conversation).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationEndpoints as e, type SendMessageRequestInput } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { conversationKeys } from './conversations.ts';

export const messageRequestKeys = {
  all: ['messaging', 'message-requests'] as const,
  list: (listingId: string | undefined) => ['messaging', 'message-requests', listingId ?? 'all'] as const,
};

/** `GET /api/matchmaking/message-requests[?listingId]`: received and sent, newest first. */
export const useMessageRequests = (listingId: string | undefined, enabled = true) =>
  useQuery({
    queryKey: messageRequestKeys.list(listingId),
    queryFn: ({ signal }) =>
      apiCall(e.findMessageRequests, { query: listingId ? { listingId } : {}, signal }),
    enabled,
  });

/** Accepts or declines a received request; the lists are fetched again. */
export function useDecideMessageRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: 'accept' | 'decline' }) =>
      apiCall(e.decideMessageRequest, { params: { id: input.id }, body: { decision: input.decision } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messageRequestKeys.all });
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}

/** Sends a message request from one of the caller's listings to another side's listing. */
export function useSendMessageRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageRequestInput) => apiCall(e.sendMessageRequest, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageRequestKeys.all }),
  });
}
