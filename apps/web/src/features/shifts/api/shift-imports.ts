/**
 * The shift import as an import kind (docs/evv-import.md; components/imports): `/api/shift-imports`
 * takes a CSV (column mapping, preview) or a Sandata OpenEVV JSON export (queued at once).
 */
import { shiftImportPreview, shiftImportUploaded, type ShiftImportPreviewRow } from '@tend/contracts';
import { importKeys, useImports, type ImportKindClient } from '../../../components/imports/import-api.ts';

export const shiftImportClient: ImportKindClient<ShiftImportPreviewRow> = {
  key: 'shift-imports',
  basePath: '/api/shift-imports',
  pagePath: '/upload',
  uploaded: shiftImportUploaded,
  preview: shiftImportPreview,
};

export const shiftImportKeys = importKeys(shiftImportClient.key);

/** The newest shift uploads with their latest job (the shifts list's "import" filter uses it too). */
export const useShiftImports = () => useImports(shiftImportClient);
