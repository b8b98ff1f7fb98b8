/**
 * Client prime import routes (admin only; docs/evv-import.md "Client prime"): the import pipeline's
 * five routes (platform/imports/import-routes.ts) for the `client-prime` kind under
 * `/api/client-prime-imports` (upload, list, one upload, preview, start).
 */
import {
  importDetail,
  importFileList,
  importOptions,
  importPreview,
  importStarted,
  importUploaded,
} from '@tend/contracts';
import { importRoutes } from '../../platform/imports/import-routes.ts';
import { clientPrimeImportKind } from './budget-import.ts';

export const clientPrimeImportRoutes = importRoutes({
  kind: clientPrimeImportKind,
  basePath: '/api/client-prime-imports',
  tags: ['client prime import'],
  schemas: {
    uploaded: importUploaded,
    list: importFileList,
    detail: importDetail,
    options: importOptions,
    preview: importPreview,
    started: importStarted,
  },
});
