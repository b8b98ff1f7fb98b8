/**
 * The shift import as an import kind (docs/evv-import.md; components/imports): `shiftImportEndpoints`
 * take a CSV (column mapping, preview) or a Sandata OpenEVV JSON export (queued at once).
 */
import { shiftImportEndpoints, type ShiftImportPreviewRow } from '@tend/contracts';
import { importKeys, useImports, type ImportKindClient } from '../../../components/imports/import-api.ts';

export const shiftImportClient: ImportKindClient<ShiftImportPreviewRow> = {
  key: 'shift-imports',
  endpoints: shiftImportEndpoints,
  pagePath: '/upload',
};

export const shiftImportKeys = importKeys(shiftImportClient.key);

/** The newest shift uploads with their latest job (the shifts list's "import" filter uses it too). */
export const useShiftImports = () => useImports(shiftImportClient);
