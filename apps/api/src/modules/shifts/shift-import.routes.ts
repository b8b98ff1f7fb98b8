/**
 * Shift import routes (admin only; docs/evv-import.md): the import pipeline's five endpoints
 * (contracts `shiftImportEndpoints`, platform/imports/import-routes.ts) for the `shifts` kind under
 * `/api/shift-imports`: upload (202 queued for Sandata JSON, 201 analysis for a CSV), list, one upload,
 * preview, start (202).
 */
import { shiftImportEndpoints } from '@tend/contracts';
import { importRoutes } from '../../platform/imports/import-routes.ts';
import { shiftImportKind } from './shift-import.service.ts';

export const shiftImportRoutes = importRoutes({
  kind: shiftImportKind,
  endpoints: shiftImportEndpoints,
  tags: ['shift imports'],
});
