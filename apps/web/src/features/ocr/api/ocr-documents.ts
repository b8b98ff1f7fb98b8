/**
 * The OCR document screens' calls (issue 23; docs/ocr-documents.md) over contracts' `ocrDocumentEndpoints`
 * (decision 0032): the list (`['ocr-documents']`, polled while a document is being read), one document
 * (`['ocr-document', id]`, polled until DONE or FAILED), the upload (multipart `file`, sent with `lib/upload.ts` for
 * its progress), the page image's address (same origin) and staging marked rows.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OCR_MAX_FILE_BYTES,
  OCR_MIME_TYPES,
  ocrDocumentEndpoints as e,
  type OcrDocumentSummary,
  type OcrMarkedRow,
} from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';
import { uploadWithProgress } from '../../../lib/upload.ts';

export const ocrKeys = {
  list: ['ocr-documents'] as const,
  detail: (id: string) => ['ocr-document', id] as const,
};

/** Whether a document's OCR has ended (DONE or FAILED). */
export const isSettled = (document: Pick<OcrDocumentSummary, 'status'>) =>
  document.status === 'DONE' || document.status === 'FAILED';

/** The documents, newest first, refreshed every 1.5 s while one is still queued or being read. */
export const useOcrDocuments = () =>
  useQuery({
    queryKey: ocrKeys.list,
    queryFn: ({ signal }) => apiCall(e.findOcrDocuments, { signal }),
    refetchInterval: (q) => (q.state.data?.items.some((item) => !isSettled(item)) ? 1500 : false),
  });

/** One document with its pages' words, refreshed every second until its OCR has ended. */
export const useOcrDocument = (id: string) =>
  useQuery({
    queryKey: ocrKeys.detail(id),
    queryFn: ({ signal }) => apiCall(e.findOcrDocument, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data && isSettled(q.state.data) ? false : 1000),
  });

/** The address of a page's image (grey PNG; the words' boxes are in its pixels). */
export const pageImageUrl = (id: string, page: number) =>
  endpointUrl(e.downloadOcrPageImage, { params: { id, page } });

/** Why a chosen file cannot be sent (type or size), or null. Checked again by the server. */
export function ocrFileProblem(file: File): string | null {
  const isPdf = file.name.toLowerCase().endsWith('.pdf');
  if (!(OCR_MIME_TYPES as readonly string[]).includes(file.type) && !isPdf)
    return 'Choose a PNG, JPEG, TIFF or WebP image, or a PDF.';
  if (file.size > OCR_MAX_FILE_BYTES) return 'The file is larger than 25 MiB. Scan at 300 dpi or less.';
  if (file.size === 0) return 'The file is empty.';
  return null;
}

/** Uploads a scan (`onProgress` 0..1 while the bytes go); the list refreshes when it is queued. */
export function useUploadOcrDocument(onProgress: (share: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      uploadWithProgress({
        endpoint: e.uploadOcrDocument,
        url: endpointUrl(e.uploadOcrDocument),
        fields: { file },
        onProgress,
        tooLargeMessage: 'The file is larger than 25 MiB.',
      }) as Promise<OcrDocumentSummary>,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ocrKeys.list }),
  });
}

/** Stages marked rows; the document and the list refresh. */
export function useStageOcrRows(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: OcrMarkedRow[]) => apiCall(e.stageOcrRows, { params: { id }, body: { rows } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ocrKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: ocrKeys.list });
    },
  });
}
