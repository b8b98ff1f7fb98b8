/**
 * Email export calls (issue 24 "Email export"; decision 0065) over contracts' `emailExportEndpoints`: the preview
 * of a filter, the download addresses of its CSV and vCard, and marking an address opted out (which refreshes the
 * preview).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailExportEndpoints as e,
  type EmailExportFilterInput,
  type EmailExportFormat,
  type EmailOptOutInput,
} from '@tend/contracts';
import { apiCall, endpointUrl } from '../../../lib/api-client.ts';

export const emailExportKeys = {
  all: ['email-export'] as const,
  preview: (filter: EmailExportFilterInput) => ['email-export', 'preview', filter] as const,
};

/** Figures, first rows and excluded people of `filter` (the previous answer stays while a new one loads). */
export const useEmailExportPreview = (filter: EmailExportFilterInput) =>
  useQuery({
    queryKey: emailExportKeys.preview(filter),
    queryFn: ({ signal }) => apiCall(e.previewEmailExport, { query: filter, signal }),
    placeholderData: keepPreviousData,
  });

/** The same-origin download address of `filter`'s file in `format` (the session cookie goes along). */
export const emailExportFileUrl = (format: EmailExportFormat, filter: EmailExportFilterInput) =>
  endpointUrl(e.downloadEmailExport, { query: { ...filter, format } });

/** Marks an address opted out; every preview is read again. */
export function useMarkEmailOptedOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailOptOutInput) => apiCall(e.markEmailOptedOut, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailExportKeys.all }),
  });
}
