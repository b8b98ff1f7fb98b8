/**
 * Shift import routes (admin only; docs/evv-import.md): the import pipeline's routes
 * (platform/imports/import-routes.ts) for the `shifts` kind under `/api/shift-imports`:
 *   POST /api/shift-imports               multipart `file` → 202 queued (JSON) or 201 analysis (CSV)
 *   GET  /api/shift-imports               the newest uploads with their latest job
 *   GET  /api/shift-imports/:id           one upload (+ CSV analysis, to resume the mapping step)
 *   POST /api/shift-imports/:id/preview   the first rows parsed with a column map
 *   POST /api/shift-imports/:id/start     saves the column map and queues the import → 202
 */
import {
  csvFileList,
  shiftImportDetail,
  shiftImportOptions,
  shiftImportPreview,
  shiftImportStarted,
  shiftImportUploaded,
} from '@tend/contracts';
import { importRoutes } from '../../platform/imports/import-routes.ts';
import { shiftImportKind } from './shift-import.service.ts';

export const shiftImportRoutes = importRoutes({
  kind: shiftImportKind,
  basePath: '/api/shift-imports',
  tags: ['shift imports'],
  schemas: {
    uploaded: shiftImportUploaded,
    list: csvFileList,
    detail: shiftImportDetail,
    options: shiftImportOptions,
    preview: shiftImportPreview,
    started: shiftImportStarted,
  },
});
