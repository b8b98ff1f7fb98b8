/**
 * Conversation calls (issue 22) over contracts' `conversationEndpoints`: the caller's conversations (optionally of
 * one of its listings), a match's conversation with its newest page, older and missed pages, edits, marking read and
 * the logged "share contact" action. Sending goes over the realtime channel (`conversationEvents.send`). Anyone
 * not in a conversation gets 404 (not retried).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { conversationEndpoints as e, matchmakingClientEndpoints } from '@tend/contracts';
import { apiCall, ApiError } from '../../../lib/api-client.ts';

export const conversationKeys = {
  all: ['messaging', 'conversations'] as const,
  list: (listingId: string | undefined) =>
    ['messaging', 'conversations', 'list', listingId ?? 'all'] as const,
  match: (matchId: string) => ['messaging', 'conversations', 'match', matchId] as const,
  /** The guardian's client listings (the same key and data as the matchmaking feature's). */
  clientListings: ['matchmaking', 'clients'] as const,
};

/** Whether `error` is the API's 404 (not a participant, or no such match). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** `GET /api/matchmaking/conversations[?listingId]`: the caller's conversations, newest first. */
export const conversationsQuery = (listingId: string | undefined) =>
  queryOptions({
    queryKey: conversationKeys.list(listingId),
    queryFn: ({ signal }) => apiCall(e.findConversations, { query: listingId ? { listingId } : {}, signal }),
  });

export const useConversations = (listingId: string | undefined, enabled = true) =>
  useQuery({ ...conversationsQuery(listingId), enabled });

/** `GET /api/matchmaking/matches/:matchId/conversation`: the conversation with its newest page (404 not retried). */
export const useMatchConversation = (matchId: string) =>
  useQuery({
    queryKey: conversationKeys.match(matchId),
    queryFn: ({ signal }) => apiCall(e.openMatchConversation, { params: { matchId }, signal }),
    retry: (count, error) => !isNotFound(error) && count < 2,
    // The page keeps its own live copy (use-thread.ts); each visit starts from the server's newest page.
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** A page of messages: `before` an id (older) or `after` an id (what a reconnect missed), oldest first. */
export const fetchMessages = (conversationId: string, query: { before?: string; after?: string }) =>
  apiCall(e.findMessages, { params: { id: conversationId }, query });

/** Corrects one of the caller's messages (the server keeps the original). */
export const useEditMessage = (conversationId: string) =>
  useMutation({
    mutationFn: (input: { messageId: string; content: string; confirmFlagged: boolean }) =>
      apiCall(e.editMessage, {
        params: { id: conversationId, messageId: input.messageId },
        body: { content: input.content, confirmFlagged: input.confirmFlagged },
      }),
  });

/** The logged "share contact" action: posts the caller's phone and email as a message (after a match only). */
export function useShareContact(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(e.shareContact, { params: { id: conversationId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

/** The guardian's client listings, for the hub's listing picker (404-free: an empty list without a guardian). */
export const useGuardianListings = (enabled: boolean) =>
  useQuery({
    queryKey: conversationKeys.clientListings,
    queryFn: ({ signal }) => apiCall(matchmakingClientEndpoints.findClientListings, { signal }),
    enabled,
  });
