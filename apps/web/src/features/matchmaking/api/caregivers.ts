/**
 * Caregiver listing calls (issue 21; decision 0054) over contracts' `caregiverListingEndpoints`: the caller's own
 * listing, each onboarding step's save, bios and the family-side preview. A save puts the listing it answers into
 * the cache, so the next step opens with it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  caregiverListingEndpoints as e,
  type CaregiverAdditionalInfoInput,
  type CaregiverBioInput,
  type CaregiverFormInput,
  type CaregiverListing,
  type CaregiverMedallionInput,
} from '@tend/contracts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { meQueryKey } from '../../../lib/me.ts';

export const caregiverListingKeys = {
  own: ['matchmaking', 'caregivers', 'me'] as const,
  bios: ['matchmaking', 'caregivers', 'me', 'bios'] as const,
  preview: ['matchmaking', 'caregivers', 'me', 'preview'] as const,
};

/** Whether `error` means the account has no listing yet (404). */
export const isNoListing = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The caller's own listing; a 404 (no listing yet) is not retried. */
export const useOwnCaregiverListing = () =>
  useQuery({
    queryKey: caregiverListingKeys.own,
    queryFn: ({ signal }) => apiCall(e.getOwnCaregiverListing, { signal }),
    retry: (count, error) => !isNoListing(error) && count < 2,
  });

export const useCaregiverBios = () =>
  useQuery({
    queryKey: caregiverListingKeys.bios,
    queryFn: ({ signal }) => apiCall(e.findCaregiverBios, { signal }),
    retry: false,
  });

export const useCaregiverPreview = () =>
  useQuery({
    queryKey: caregiverListingKeys.preview,
    queryFn: ({ signal }) => apiCall(e.getCaregiverPreview, { signal }),
    retry: false,
  });

/** A save answering the listing: the cache takes it, the preview and bios are refetched. */
function useListingSave<I>(save: (input: I) => Promise<CaregiverListing>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: async (listing) => {
      queryClient.setQueryData(caregiverListingKeys.own, listing);
      await queryClient.invalidateQueries({ queryKey: caregiverListingKeys.preview });
    },
  });
}

/** Step `form`: creates the listing (no listing yet) or edits it. A new listing may change the account's role. */
export function useSaveCaregiverForm(exists: boolean) {
  const queryClient = useQueryClient();
  return useListingSave(async (body: CaregiverFormInput) => {
    if (exists) return apiCall(e.updateOwnCaregiverListing, { body });
    const created = await apiCall(e.createCaregiverListing, { body });
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
    return created;
  });
}

export const useSaveCaregiverMedallion = () =>
  useListingSave((body: CaregiverMedallionInput) => apiCall(e.updateCaregiverMedallion, { body }));

export const useSaveCaregiverAdditionalInfo = () =>
  useListingSave((body: CaregiverAdditionalInfoInput) => apiCall(e.updateCaregiverAdditionalInfo, { body }));

export const useFinalizeCaregiverListing = () => useListingSave(() => apiCall(e.finalizeCaregiverListing));

export const useCompleteCaregiverVerificationStep = () =>
  useListingSave(() => apiCall(e.completeCaregiverVerificationStep));

/** Step `bioCreation`: a new current version; the listing and the versions are refetched. */
export function useSaveCaregiverBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CaregiverBioInput) => apiCall(e.createCaregiverBio, { body }),
    onSuccess: async () => {
      await Promise.all(
        [caregiverListingKeys.own, caregiverListingKeys.bios, caregiverListingKeys.preview].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
