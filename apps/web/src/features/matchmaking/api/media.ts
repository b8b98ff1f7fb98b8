/**
 * Matchmaking media calls (issue 21 "Media"; decision 0055) over contracts' `matchmakingMediaEndpoints`: a client's
 * photo, a caregiver's photos, profile photo and videos, and mobile-upload links. Uploads go through `lib/upload.ts` (a
 * progress bar); everything else through `apiCall`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MOBILE_UPLOAD_TOKEN_HEADER,
  matchmakingMediaEndpoints as e,
  type CreateMobileUploadLinkInput,
  type UpdateVideoInput,
} from '@tend/contracts';
import type { EndpointSpec } from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';
import { pageLanguageHeaders } from '../../../lib/page-language.ts';
import { uploadError, uploadWithProgress } from '../../../lib/upload.ts';

export const mediaKeys = {
  clientAvatar: (clientId: string) => ['matchmaking', 'media', 'client', clientId] as const,
  caregiver: ['matchmaking', 'media', 'caregiver'] as const,
  link: (linkId: string) => ['matchmaking', 'media', 'link', linkId] as const,
  token: (token: string) => ['matchmaking', 'media', 'token', token] as const,
};

/** Sends `file` as multipart part `file` (lib/upload.ts). */
const uploadFile = <E extends EndpointSpec>(request: {
  endpoint: E;
  url: string;
  file: File;
  headers?: Record<string, string>;
  onProgress: (share: number) => void;
}) => {
  const { file, ...rest } = request;
  return uploadWithProgress({ ...rest, fields: { file } });
};

/** A client listing's photo (404 for someone else's: not retried). */
export const useClientAvatar = (clientId: string) =>
  useQuery({
    queryKey: mediaKeys.clientAvatar(clientId),
    queryFn: ({ signal }) => apiCall(e.getClientAvatar, { params: { id: clientId }, signal }),
    retry: false,
  });

/** Uploads a client listing's photo (replacing the old one; records step `avatar`). */
export function useUploadClientAvatar(clientId: string, onProgress: (share: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadFile({
        endpoint: e.uploadClientAvatar,
        url: endpointUrl(e.uploadClientAvatar, { params: { id: clientId } }),
        file,
        onProgress,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.clientAvatar(clientId) }),
  });
}

/** Removes a client listing's photo. */
export function useDeleteClientAvatar(clientId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(e.deleteClientAvatar, { params: { id: clientId } }),
    onSuccess: (data) => queryClient.setQueryData(mediaKeys.clientAvatar(clientId), data),
  });
}

/** "Skip for now": records step `avatar` without a photo. */
export const useSkipClientAvatar = (clientId: string) =>
  useMutation({ mutationFn: () => apiCall(e.skipClientAvatar, { params: { id: clientId } }) });

/** The caller's caregiver listing's photos and videos (404 without a listing: not retried). */
export const useCaregiverMedia = () =>
  useQuery({
    queryKey: mediaKeys.caregiver,
    queryFn: ({ signal }) => apiCall(e.getCaregiverMedia, { signal }),
    retry: false,
  });

/** Invalidates the caregiver's media after a change. */
function useCaregiverMediaChange<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.caregiver }),
  });
}

/** Uploads an additional photo. */
export const useAddCaregiverPhoto = (onProgress: (share: number) => void) =>
  useCaregiverMediaChange((file: File) =>
    uploadFile({ endpoint: e.addCaregiverPhoto, url: endpointUrl(e.addCaregiverPhoto), file, onProgress }),
  );

/** Deletes an additional photo. */
export const useDeleteCaregiverPhoto = () =>
  useCaregiverMediaChange((photoId: string) => apiCall(e.deleteCaregiverPhoto, { params: { photoId } }));

/** Uploads a new profile photo (records step `profilePhoto`). */
export const useUploadProfilePhoto = (onProgress: (share: number) => void) =>
  useCaregiverMediaChange((file: File) =>
    uploadFile({
      endpoint: e.setCaregiverProfilePhoto,
      url: endpointUrl(e.setCaregiverProfilePhoto),
      file,
      onProgress,
    }),
  );

/** Uses additional photo `photoId` as the profile photo, or (undefined) keeps the current one; records the step. */
export const useChooseProfilePhoto = () =>
  useCaregiverMediaChange(async (photoId: string | undefined) => {
    const response = await fetch(endpointUrl(e.setCaregiverProfilePhoto), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...pageLanguageHeaders() },
      body: JSON.stringify(photoId ? { photoId } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw uploadError(response.status, text, response.headers.get('x-request-id'));
    return e.setCaregiverProfilePhoto.response[200].parse(JSON.parse(text));
  });

/** Uploads a video bio. */
export const useAddCaregiverVideo = (onProgress: (share: number) => void) =>
  useCaregiverMediaChange((file: File) =>
    uploadFile({ endpoint: e.addCaregiverVideo, url: endpointUrl(e.addCaregiverVideo), file, onProgress }),
  );

/** Saves a video's transcript or makes it the primary video. */
export const useUpdateCaregiverVideo = () =>
  useCaregiverMediaChange(({ videoId, ...body }: UpdateVideoInput & { videoId: string }) =>
    apiCall(e.updateCaregiverVideo, { params: { videoId }, body }),
  );

/** Deletes a video. */
export const useDeleteCaregiverVideo = () =>
  useCaregiverMediaChange((videoId: string) => apiCall(e.deleteCaregiverVideo, { params: { videoId } }));

/** Records step `addMedia` (photos and video are optional there). */
export const useFinishCaregiverMedia = () =>
  useMutation({ mutationFn: () => apiCall(e.finishCaregiverMedia) });

/** A new mobile-upload link (the QR code's address). */
export const useCreateMobileUploadLink = () =>
  useMutation({
    mutationFn: (body: CreateMobileUploadLinkInput) => apiCall(e.createMobileUploadLink, { body }),
  });

/**
 * A link's status, polled every 3 s while it waits (`linkId` null: not polled); `onUsed` runs once, when the poll
 * first sees the phone's upload arrived (polling stops then).
 */
export const useMobileUploadLinkStatus = (linkId: string | null, onUsed: () => void) =>
  useQuery({
    queryKey: mediaKeys.link(linkId ?? ''),
    queryFn: async ({ signal }) => {
      const status = await apiCall(e.getMobileUploadLink, { params: { linkId: linkId ?? '' }, signal });
      if (status.status === 'used') onUsed();
      return status;
    },
    enabled: linkId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'waiting' || !query.state.data ? 3000 : false),
  });

/** What a phone's token allows (403 with `errors[0].message` invalid / used / expired: not retried). */
export const useMobileUploadToken = (token: string) =>
  useQuery({
    queryKey: mediaKeys.token(token),
    queryFn: ({ signal }) => apiCall(e.checkMobileUpload, { body: { token }, signal }),
    enabled: token.length > 0,
    retry: false,
  });

/** The phone's one upload with its token. */
export const useMobileUpload = (token: string, onProgress: (share: number) => void) =>
  useMutation({
    mutationFn: (file: File) =>
      uploadFile({
        endpoint: e.mobileUpload,
        url: endpointUrl(e.mobileUpload),
        file,
        headers: { [MOBILE_UPLOAD_TOKEN_HEADER]: token },
        onProgress,
      }),
  });
