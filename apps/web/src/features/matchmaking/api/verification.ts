/**
 * Verification calls (issue 21 "Verification and privacy"; decision 0057) over contracts'
 * `matchmakingVerificationEndpoints`: the caller's own state, provider number, family code and identity-document
 * upload (multipart, sent through `lib/upload.ts` so the page shows upload progress), and the admins' review queues.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDENTITY_DOCUMENT_MAX_BYTES,
  identityDocumentTypes,
  matchmakingVerificationEndpoints as e,
  type CaregiverChecksInput,
  type FamilyCodeInput,
  type IdentityDocument,
  type IdentityDocumentKind,
  type ProviderCheckDecision,
} from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';

export const verificationKeys = {
  mine: ['matchmaking', 'verification', 'mine'] as const,
  admin: ['matchmaking', 'verification', 'admin'] as const,
  familyCodes: ['matchmaking', 'verification', 'admin', 'family-codes'] as const,
  documents: ['matchmaking', 'verification', 'admin', 'documents'] as const,
  providerChecks: ['matchmaking', 'verification', 'admin', 'provider-checks'] as const,
  caregiverChecks: (q: string) => ['matchmaking', 'verification', 'admin', 'caregiver-checks', q] as const,
};

/** The caller's own verification state. */
export const useMyVerification = () =>
  useQuery({
    queryKey: verificationKeys.mine,
    queryFn: ({ signal }) => apiCall(e.getMyVerification, { signal }),
  });

/** A mutation that refreshes every verification query when it succeeds. */
function useVerificationMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['matchmaking', 'verification'] }),
  });
}

export const useSubmitProviderNumber = () =>
  useVerificationMutation((providerNumber: string) =>
    apiCall(e.submitProviderNumber, { body: { providerNumber } }),
  );

/** Spends a family code; `listingId` links that client listing to the code's care client (decision 0059 addendum). */
export const useRedeemFamilyCode = () =>
  useVerificationMutation((body: FamilyCodeInput) => apiCall(e.redeemFamilyCode, { body }));

/** Why a file cannot be sent as an identity document (the server checks the same), or null. */
export function documentFileProblem(file: File): 'type' | 'size' | null {
  if (!(identityDocumentTypes as readonly string[]).includes(file.type)) return 'type';
  return file.size > IDENTITY_DOCUMENT_MAX_BYTES ? 'size' : null;
}

/**
 * Sends `POST /api/matchmaking/identity-documents` (multipart `documentType`, `file`) and reports the share of bytes
 * sent (0..1) to `onProgress`. Resolves with the PENDING document (201); rejects with ApiError (400, 404 without a
 * profile, 413 above 10 MB, 415 another type; status 0 when the server could not be reached).
 */
export function uploadIdentityDocument(
  documentType: IdentityDocumentKind,
  file: File,
  onProgress: (share: number) => void,
): Promise<IdentityDocument> {
  return uploadWithProgress({
    endpoint: e.uploadIdentityDocument,
    url: endpointUrl(e.uploadIdentityDocument),
    fields: { documentType, file },
    onProgress,
  }) as Promise<IdentityDocument>;
}

/** The upload as a mutation that refreshes the caller's state. */
export const useUploadIdentityDocument = (onProgress: (share: number) => void) =>
  useVerificationMutation(({ documentType, file }: { documentType: IdentityDocumentKind; file: File }) =>
    uploadIdentityDocument(documentType, file, onProgress),
  );

// ---- Admin review ---------------------------------------------------------------------------------------------

export const useFamilyCodes = () =>
  useQuery({
    queryKey: verificationKeys.familyCodes,
    queryFn: async ({ signal }) => (await apiCall(e.findFamilyCodes, { signal })).items,
  });
export const useIssueFamilyCode = () =>
  useVerificationMutation((careClientId: string) => apiCall(e.issueFamilyCode, { body: { careClientId } }));
export const useRevokeFamilyCode = () =>
  useVerificationMutation((id: string) => apiCall(e.revokeFamilyCode, { params: { id } }));

export const usePendingDocuments = () =>
  useQuery({
    queryKey: verificationKeys.documents,
    queryFn: async ({ signal }) => (await apiCall(e.findPendingIdentityDocuments, { signal })).items,
  });
/** The address of a pending document's file (admins open it in a new tab). */
export const documentFileUrl = (id: string) => endpointUrl(e.downloadIdentityDocument, { params: { id } });
export const useReviewDocument = () =>
  useVerificationMutation(({ id, decision }: { id: string; decision: 'verify' | 'reject' }) =>
    apiCall(e.reviewIdentityDocument, { params: { id }, body: { decision } }),
  );

export const useProviderChecks = () =>
  useQuery({
    queryKey: verificationKeys.providerChecks,
    queryFn: async ({ signal }) => (await apiCall(e.findProviderChecks, { signal })).items,
  });
export const useDecideProviderCheck = () =>
  useVerificationMutation(({ id, ...decision }: ProviderCheckDecision & { id: string }) =>
    apiCall(e.decideProviderCheck, { params: { id }, body: decision }),
  );

export const useCaregiverChecks = (q: string) =>
  useQuery({
    queryKey: verificationKeys.caregiverChecks(q),
    queryFn: async ({ signal }) =>
      (await apiCall(e.findCaregiverChecks, { query: { q: q || undefined }, signal })).items,
  });
export const useUpdateCaregiverChecks = () =>
  useVerificationMutation(({ id, ...body }: CaregiverChecksInput & { id: string }) =>
    apiCall(e.updateCaregiverChecks, { params: { id }, body }),
  );
