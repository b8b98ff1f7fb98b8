/**
 * The ISP admin screens' calls (issue 19; docs/isp.md, docs/isp-screens.md) over contracts' `ispEndpoints`
 * (decision 0032): the ISP list (`['isps', query]`), the upload (multipart `clientId` + `file`, sent with
 * `lib/upload.ts` so the page can show upload progress), retry, the protocols across clients
 * (`['protocols', query]`) with their order and include flags, the caregiver export (create, list, download URL,
 * email-ready variant) and the extraction test (pasted text or a file; nothing saved). The detail `['isp', id]`
 * belongs to the review page (`/verify`); these hooks only invalidate it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ISP_MAX_FILE_BYTES,
  ispEndpoints as e,
  type IspExportCreateInput,
  type IspExportLocale,
  type IspListQuery,
  type IspSummary,
  type ProtocolListQuery,
  type ProtocolUpdateInput,
} from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';

export const ispKeys = {
  lists: ['isps'] as const,
  list: (query: IspListQuery) => ['isps', query] as const,
  /** The review page's detail key (its owner reads it; the pages here only invalidate it). */
  detail: (id: string) => ['isp', id] as const,
  protocols: ['protocols'] as const,
  protocolList: (query: ProtocolListQuery) => ['protocols', query] as const,
  exports: (id: string) => ['isp-exports', id] as const,
  email: (id: string, locale: IspExportLocale) => ['isp-export-email', id, locale] as const,
};

/** Statuses after which an ISP changes only by a person's action (retry, verify). */
export const settledIspStatuses = ['COMPLETED', 'VERIFIED', 'ERROR'] as const;
const isSettled = (isp: IspSummary) => (settledIspStatuses as readonly string[]).includes(isp.status);

/**
 * One page of ISPs (newest first) with counts per status, refreshed every 2 s while one on the page is still
 * being processed (UPLOADED, PROCESSING, ANALYZED).
 */
export const useIsps = (query: IspListQuery) =>
  useQuery({
    queryKey: ispKeys.list(query),
    queryFn: ({ signal }) => apiCall(e.findIsps, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((isp) => !isSettled(isp)) ? 2000 : false),
  });

/**
 * One ISP's summary as the list shows it, polled every second until it is COMPLETED, VERIFIED or ERROR (the
 * upload page follows its processing this way). Found through the list filtered by its client (newest first),
 * so this page never reads the ISP's text.
 */
export const useIspProgress = (isp: IspSummary | null) =>
  useQuery({
    queryKey: ['isps', 'progress', isp?.id ?? ''] as const,
    queryFn: async ({ signal }) => {
      const page = await apiCall(e.findIsps, {
        query: { clientId: isp?.clientId, pageSize: 50 },
        signal,
      });
      return page.items.find((item) => item.id === isp?.id) ?? null;
    },
    enabled: Boolean(isp),
    initialData: isp,
    initialDataUpdatedAt: 0,
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data) ? false : 1000),
  });

/** Why a file cannot be uploaded as an ISP before it is sent (the server checks the same), or null. */
export function ispFileProblem(file: File): string | null {
  const pdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!pdf) return 'Choose a PDF file (.pdf).';
  if (file.size === 0) return 'The file is empty. Choose the ISP again.';
  if (file.size > ISP_MAX_FILE_BYTES) return 'The file is larger than 50 MiB. Upload a smaller copy.';
  return null;
}

/**
 * Sends `POST /api/isps` (multipart `clientId`, `file`) and reports the share of bytes sent (0..1) to
 * `onProgress`. Resolves with the queued ISP (202); rejects with ApiError (400 naming `clientId` or `file`,
 * 404 unknown client, 413 above 50 MiB; status 0 when the server could not be reached).
 */
export function uploadIspFile(
  clientId: string,
  file: File,
  onProgress: (share: number) => void,
): Promise<IspSummary> {
  return uploadWithProgress({
    endpoint: e.uploadIsp,
    url: endpointUrl(e.uploadIsp),
    fields: { clientId, file },
    onProgress,
    tooLargeMessage: 'The file is larger than 50 MiB. Upload a smaller copy.',
  }) as Promise<IspSummary>;
}

/** The upload as a mutation (`onProgress` 0..1 while the bytes go); the ISP lists refresh when it is queued. */
export function useUploadIsp(onProgress: (share: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, file }: { clientId: string; file: File }) =>
      uploadIspFile(clientId, file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ispKeys.lists }),
  });
}

/** Queues processing again for an ISP in ERROR (202; 409 ISP_NOT_READY otherwise). */
export function useRetryIsp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(e.retryIsp, { params: { id } }),
    onSuccess: (isp) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ispKeys.lists }),
        queryClient.invalidateQueries({ queryKey: ispKeys.detail(isp.id) }),
      ]),
  });
}

/** The query string form of the protocol filters (booleans as text, as the contract reads them). */
const protocolQueryText = (query: ProtocolListQuery) => {
  const { serious, excluded, ...rest } = query;
  const text = (flag: boolean | undefined) => (flag === undefined ? undefined : flag ? 'true' : 'false');
  return { ...rest, serious: text(serious), excluded: text(excluded) } as const;
};

/** One page of current protocols across clients (by client, ISP newest first, then `sortOrder`). */
export const useProtocols = (query: ProtocolListQuery) =>
  useQuery({
    queryKey: ispKeys.protocolList(query),
    queryFn: ({ signal }) => apiCall(e.findProtocols, { query: protocolQueryText(query), signal }),
    placeholderData: keepPreviousData,
  });

/** Every current protocol of one ISP in its order (for reordering it). */
export const fetchIspProtocols = (ispId: string) =>
  apiCall(e.findProtocols, { query: { ispId, pageSize: 200 } }).then((page) => page.items);

/** Puts an ISP's current protocols in the order given (every one once). */
export function useReorderProtocols() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ispId, protocolIds }: { ispId: string; protocolIds: string[] }) =>
      apiCall(e.reorderProtocols, { params: { id: ispId }, body: { protocolIds } }),
    onSuccess: (_answer, { ispId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ispKeys.protocols }),
        queryClient.invalidateQueries({ queryKey: ispKeys.detail(ispId) }),
      ]),
  });
}

/** The include flags of a protocol (what goes into the caregiver PDF and into emails). */
export type IncludeFlags = Pick<
  ProtocolUpdateInput,
  | 'includeDescription'
  | 'includeDescriptionEmail'
  | 'includePrevention'
  | 'includePreventionEmail'
  | 'includeResponse'
  | 'includeResponseEmail'
  | 'includeEmergency'
  | 'includeEmergencyEmail'
>;

/** Saves include flags of one protocol (allowed also on locked and verified protocols). */
export function useUpdateIncludeFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flags }: { id: string; flags: IncludeFlags }) =>
      apiCall(e.updateProtocol, { params: { id }, body: flags }),
    onSuccess: (saved) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ispKeys.protocols }),
        queryClient.invalidateQueries({ queryKey: ispKeys.detail(saved.ispId) }),
        queryClient.invalidateQueries({ queryKey: ['isp-export-email', saved.ispId] }),
      ]),
  });
}

/** The stored exports of an ISP, newest first. */
export const useIspExports = (id: string) =>
  useQuery({
    queryKey: ispKeys.exports(id),
    queryFn: ({ signal }) => apiCall(e.findIspExports, { params: { id }, signal }),
  });

/** Renders and stores the caregiver PDF (201; 409 ISP_NOT_READY without a FINALIZED protocol). */
export function useCreateIspExport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IspExportCreateInput) => apiCall(e.createIspExport, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ispKeys.exports(id) }),
  });
}

/** The URL of a stored export's PDF (served as an attachment). */
export const ispExportFileUrl = (id: string, exportId: string) =>
  endpointUrl(e.downloadIspExport, { params: { id, exportId } });

/** The email-ready variant (subject, HTML, text) honouring the email include flags; nothing stored. */
export const useIspExportEmail = (id: string, locale: IspExportLocale) =>
  useQuery({
    queryKey: ispKeys.email(id, locale),
    queryFn: ({ signal }) => apiCall(e.getIspExportEmail, { params: { id }, query: { locale }, signal }),
    retry: false,
  });

/** Extraction of pasted text; nothing saved. */
export const useTestIspExtraction = () =>
  useMutation({ mutationFn: (text: string) => apiCall(e.testIspExtraction, { body: { text } }) });

/** Extraction of an uploaded file (`problem` set for a file that cannot be read); nothing saved. */
export const useTestIspExtractionFile = () =>
  useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiCall(e.testIspExtractionFile, { body });
    },
  });
