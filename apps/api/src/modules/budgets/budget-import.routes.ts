/**
 * Client prime import routes (admin only; docs/evv-import.md "Client prime"): the import pipeline's
 * five endpoints (contracts `clientPrimeImportEndpoints`, platform/imports/import-routes.ts) for the
 * `client-prime` kind under `/api/client-prime-imports` (upload, list, one upload, preview, start).
 */
import { clientPrimeImportEndpoints } from '@tend/contracts';
import { importRoutes } from '../../platform/imports/import-routes.ts';
import { clientPrimeImportKind } from './budget-import.ts';

export const clientPrimeImportRoutes = importRoutes({
  kind: clientPrimeImportKind,
  endpoints: clientPrimeImportEndpoints,
  tags: ['client prime import'],
});
