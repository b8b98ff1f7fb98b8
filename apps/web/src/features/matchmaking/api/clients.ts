/**
 * Guardian and client listing calls (issue 21; decision 0053) over contracts' `matchmakingClientEndpoints`: the
 * signed-in account's guardian record, its client listings and the onboarding steps `new`, `careDetails` and
 * `listingFinalization`. Someone else's listing is 404 (not retried).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  matchmakingClientEndpoints as e,
  type ClientCareDetailsInput,
  type ClientFinalizeInput,
  type ClientListingInput,
  type GuardianProfileInput,
} from '@tend/contracts';
import { apiCall, ApiError } from '../../../lib/api-client.ts';

export const clientKeys = {
  guardian: ['matchmaking', 'guardian', 'me'] as const,
  listings: ['matchmaking', 'clients'] as const,
  listing: (id: string) => ['matchmaking', 'clients', id] as const,
};

/** Whether `error` is the API's 404 (no guardian record; a listing not the caller's). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The account's guardian record; an error that `isNotFound` when it has none yet. */
export const useGuardianProfile = () =>
  useQuery({
    queryKey: clientKeys.guardian,
    queryFn: ({ signal }) => apiCall(e.getGuardianProfile, { signal }),
    retry: false,
  });

/** Creates the guardian record (`create`) or saves it (`update`). */
export function useSaveGuardianProfile(mode: 'create' | 'update') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuardianProfileInput) =>
      apiCall(mode === 'create' ? e.createGuardianProfile : e.updateGuardianProfile, { body }),
    onSuccess: (saved) => queryClient.setQueryData(clientKeys.guardian, saved),
  });
}

/** The account's client listings, each with where it resumes. */
export const useClientListings = () =>
  useQuery({
    queryKey: clientKeys.listings,
    queryFn: ({ signal }) => apiCall(e.findClientListings, { signal }),
  });

/** One listing the account manages (404 for anyone else's). Disabled without an id. */
export const useClientListing = (id: string) =>
  useQuery({
    queryKey: clientKeys.listing(id),
    queryFn: ({ signal }) => apiCall(e.getClientListing, { params: { id }, signal }),
    enabled: id !== '',
    retry: false,
  });

type ListingWrite =
  | { kind: 'create'; body: ClientListingInput }
  | { kind: 'update'; id: string; body: ClientListingInput }
  | { kind: 'careDetails'; id: string; body: ClientCareDetailsInput }
  | { kind: 'finalize'; id: string; body: ClientFinalizeInput }
  | { kind: 'archive'; id: string };

function writeListing(write: ListingWrite) {
  switch (write.kind) {
    case 'create':
      return apiCall(e.createClientListing, { body: write.body });
    case 'update':
      return apiCall(e.updateClientListing, { params: { id: write.id }, body: write.body });
    case 'careDetails':
      return apiCall(e.saveClientCareDetails, { params: { id: write.id }, body: write.body });
    case 'finalize':
      return apiCall(e.finalizeClientListing, { params: { id: write.id }, body: write.body });
    case 'archive':
      return apiCall(e.archiveClientListing, { params: { id: write.id } });
  }
}

/** Saves a step of a listing (or archives it); the listing and the list refresh. */
export function useWriteClientListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeListing,
    onSuccess: (saved) => {
      queryClient.setQueryData(clientKeys.listing(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: clientKeys.listings, exact: true });
    },
  });
}
