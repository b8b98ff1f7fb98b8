/**
 * The calls of the ISP review page (`/verify`; issue 19 "Review and verification") over contracts' `ispEndpoints`
 * (decision 0032): the ISP with its protocols and PDF versions, protocol edits, status changes, exclusion, new
 * versions of a locked protocol, annotated PDF versions and verification. Query keys: `['isp', id]` for the detail;
 * every write also invalidates the ISP lists (`['isps']`) and protocol lists (`['protocols']`) other pages show.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ispEndpoints,
  type IspDetail,
  type Protocol,
  type ProtocolExclusionInput,
  type ProtocolStatus,
  type ProtocolUpdateInput,
} from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';

export const ispReviewKeys = {
  detail: (id: string) => ['isp', id] as const,
  lists: ['isps'] as const,
  protocols: ['protocols'] as const,
};

/** The same-origin address of a PDF version of the ISP (the viewer fetches it by Range requests). */
export const ispPdfUrl = (id: string, version: number) =>
  endpointUrl(ispEndpoints.downloadIspPdf, { params: { id }, query: { version } });

/** The ISP with its protocols, PDF versions and changes; polls while it is still being processed. */
export const useIsp = (id: string) =>
  useQuery({
    queryKey: ispReviewKeys.detail(id),
    queryFn: ({ signal }) => apiCall(ispEndpoints.findIsp, { params: { id }, signal }),
    enabled: Boolean(id),
    refetchInterval: (query) =>
      ['UPLOADED', 'PROCESSING', 'ANALYZED'].includes(query.state.data?.status ?? '') ? 2000 : false,
  });

/** Puts a changed protocol into the cached ISP (so the page shows the server's answer at once), then refreshes. */
function protocolChanged(queryClient: QueryClient, ispId: string, changed?: Protocol) {
  if (changed)
    queryClient.setQueryData<IspDetail>(ispReviewKeys.detail(ispId), (isp) =>
      isp
        ? {
            ...isp,
            protocols: isp.protocols.map((protocol) => (protocol.id === changed.id ? changed : protocol)),
          }
        : isp,
    );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ispReviewKeys.detail(ispId) }),
    queryClient.invalidateQueries({ queryKey: ispReviewKeys.lists }),
    queryClient.invalidateQueries({ queryKey: ispReviewKeys.protocols }),
  ]);
}

/** `PATCH /api/protocols/:id`: the fields sent change. 409 PROTOCOL_LOCKED for a licensed author's order. */
export function useUpdateProtocol(ispId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProtocolUpdateInput }) =>
      apiCall(ispEndpoints.updateProtocol, { params: { id }, body }),
    onSuccess: (protocol) => protocolChanged(queryClient, ispId, protocol),
  });
}

/** `POST /api/protocols/:id/status`. 409 PROTOCOL_NOT_READY names the unconfirmed thresholds. */
export function useChangeProtocolStatus(ispId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ProtocolStatus }) =>
      apiCall(ispEndpoints.changeProtocolStatus, { params: { id }, body: { status } }),
    onSuccess: (protocol) => protocolChanged(queryClient, ispId, protocol),
  });
}

/** `POST /api/protocols/:id/exclusion`: exclude with a reason, or include again. */
export function useSetProtocolExclusion(ispId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProtocolExclusionInput }) =>
      apiCall(ispEndpoints.setProtocolExclusion, { params: { id }, body }),
    onSuccess: (protocol) => protocolChanged(queryClient, ispId, protocol),
  });
}

/** `POST /api/protocols/:id/versions`: a new DRAFT version of a locked protocol (the old one is superseded). */
export function useCreateProtocolVersion(ispId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProtocolUpdateInput }) =>
      apiCall(ispEndpoints.createProtocolVersion, { params: { id }, body }),
    onSuccess: () => protocolChanged(queryClient, ispId),
  });
}

/** `POST /api/isps/:id/pdf-versions`: the annotated PDF as the next version (the original is never overwritten). */
export function useSaveIspPdfVersion(ispId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bytes, note }: { bytes: Uint8Array; note?: string }) => {
      const body = new FormData();
      if (note) body.append('note', note);
      body.append(
        'file',
        new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
        'annotated.pdf',
      );
      return apiCall(ispEndpoints.saveIspPdfVersion, { params: { id: ispId }, body });
    },
    onSuccess: () => protocolChanged(queryClient, ispId),
  });
}

/** `POST /api/isps/:id/verify`. 409 ISP_NOT_READY names each protocol neither FINALIZED nor excluded. */
export function useVerifyIsp(ispId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ispEndpoints.verifyIsp, { params: { id: ispId } }),
    onSuccess: () => protocolChanged(queryClient, ispId),
  });
}
