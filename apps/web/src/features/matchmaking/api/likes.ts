/**
 * Likes, discovery, matches, ratings, profiles and the agency's matchmaking settings (issue 22; decision 0059) over
 * contracts' `matchmakingLikeEndpoints`, plus the two conversation calls these pages make (`findReplyTimes`,
 * `sendMessageRequest`, built by the messaging wing). A listing or match the caller may not use is 404 (not retried).
 * Every write refreshes the lists it changes.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  conversationEndpoints,
  matchmakingLikeEndpoints as e,
  type MatchmakingSettings,
  type RatingInput,
  type SendMessageRequestInput,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const likeKeys = {
  all: ['matchmaking', 'likes'] as const,
  discover: (listingId: string) => ['matchmaking', 'likes', 'discover', listingId] as const,
  lists: (listingId: string) => ['matchmaking', 'likes', 'lists', listingId] as const,
  matches: (listingId: string) => ['matchmaking', 'likes', 'matches', listingId] as const,
  caregiver: (id: string, from: string) => ['matchmaking', 'likes', 'caregiver', id, from] as const,
  client: (id: string, from: string) => ['matchmaking', 'likes', 'client', id, from] as const,
  replyTimes: (ids: string[]) => ['matchmaking', 'reply-times', ids.join(',')] as const,
  settings: ['matchmaking', 'settings'] as const,
};

/** Discovery for the caller's listing `listingId` (disabled without one). */
export const useDiscover = (listingId: string) =>
  useQuery({
    queryKey: likeKeys.discover(listingId),
    queryFn: ({ signal }) => apiCall(e.discover, { query: { listingId }, signal }),
    enabled: listingId !== '',
    retry: false,
  });

/** Likes sent and received by `listingId`. */
export const useLikeLists = (listingId: string) =>
  useQuery({
    queryKey: likeKeys.lists(listingId),
    queryFn: ({ signal }) => apiCall(e.listLikes, { query: { listingId }, signal }),
    enabled: listingId !== '',
    retry: false,
  });

/** Matches of `listingId`. */
export const useMatches = (listingId: string) =>
  useQuery({
    queryKey: likeKeys.matches(listingId),
    queryFn: ({ signal }) => apiCall(e.listMatches, { query: { listingId }, signal }),
    enabled: listingId !== '',
    retry: false,
  });

/** Like, pass or withdraw; every likes list is refreshed after. */
export function useLikeAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      action,
      ...body
    }: {
      action: 'like' | 'pass' | 'withdraw';
      fromListingId: string;
      toListingId: string;
    }) => apiCall(action === 'like' ? e.like : action === 'pass' ? e.pass : e.withdrawLike, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: likeKeys.all }),
  });
}

/** Ends match `id`. */
export function useEndMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(e.endMatch, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: likeKeys.all }),
  });
}

/** Saves the client listing's rating of a caregiver. */
export function useSaveRating() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatingInput) => apiCall(e.saveRating, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: likeKeys.all }),
  });
}

/** A caregiver's profile seen from client listing `from`. */
export const useCaregiverProfileView = (id: string, from: string) =>
  useQuery({
    queryKey: likeKeys.caregiver(id, from),
    queryFn: ({ signal }) =>
      apiCall(e.caregiverProfile, { params: { id }, query: { fromListingId: from }, signal }),
    enabled: id !== '' && from !== '',
    retry: false,
  });

/** A client listing's profile seen from caregiver listing `from`. */
export const useClientProfileView = (id: string, from: string) =>
  useQuery({
    queryKey: likeKeys.client(id, from),
    queryFn: ({ signal }) =>
      apiCall(e.clientProfile, { params: { id }, query: { fromListingId: from }, signal }),
    enabled: id !== '' && from !== '',
    retry: false,
  });

/**
 * Median reply times of listings `ids` (issue 22 "no ghosting"; the messaging wing's endpoint). A failure only
 * hides the line: the pages work without it.
 */
export const useReplyTimes = (ids: string[]) =>
  useQuery({
    queryKey: likeKeys.replyTimes(ids),
    queryFn: ({ signal }) =>
      apiCall(conversationEndpoints.findReplyTimes, { query: { listingIds: ids.join(',') }, signal }),
    enabled: ids.length > 0,
    retry: false,
    select: (data) => new Map(data.items.map((item) => [item.listingId, item.medianReplyMinutes])),
  });

/** Sends a message request (409 CONTACT_DETAILS: resend with `confirmFlagged`). */
export const useSendMessageRequest = () =>
  useMutation({
    mutationFn: (body: SendMessageRequestInput) =>
      apiCall(conversationEndpoints.sendMessageRequest, { body }),
  });

/** The agency's matchmaking settings (admins). */
export const useMatchmakingSettings = () =>
  useQuery({
    queryKey: likeKeys.settings,
    queryFn: ({ signal }) => apiCall(e.getSettings, { signal }),
  });

/** Saves them. */
export function useSaveMatchmakingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MatchmakingSettings) => apiCall(e.saveSettings, { body }),
    onSuccess: (saved) => queryClient.setQueryData(likeKeys.settings, saved),
  });
}
