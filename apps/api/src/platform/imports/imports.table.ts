/**
 * The uploaded import files (spec s.3 CSVFile): every import kind keeps its raw file in storage and one row
 * here. Platform-owned (the import framework writes it); modules reference it for the file a row came from.
 */
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { ColumnMap, ImportKind } from '@tend/contracts';
import { idColumn, timestamps, tstz } from '../db/columns.ts';

/**
 * An uploaded import file (spec s.3 CSVFile) of one import `kind`. The raw file is kept in storage at
 * `bucket`/`filePath`; the path's first folder is only the storage layout, `kind` says what the file is.
 */
export const csvFiles = pgTable(
  'csv_file',
  {
    id: idColumn(),
    /**
     * The import kind the file was uploaded as (contracts `importKinds`); the pipeline lists, reads and
     * imports a file only as this kind (docs/decisions/0031-one-import-framework.md).
     */
    kind: text('kind').$type<ImportKind>().notNull(),
    /** Stored file name (storage key's last part). */
    fileName: text('file_name').notNull(),
    /** Name of the file as the user uploaded it. */
    originalName: text('original_name').notNull(),
    uploadDate: tstz('upload_date').notNull().defaultNow(),
    processed: boolean('processed').notNull().default(false),
    /** Storage key of the raw file inside `bucket`. */
    filePath: text('file_path').notNull(),
    /** Source column header -> Tend field name, as chosen or detected at import. */
    columnMap: jsonb('column_map').$type<ColumnMap>(),
    /** SHA-256 (hex) of the raw file, to recognise a re-upload of the same file. */
    contentHash: text('content_hash'),
    /** Storage bucket holding the raw file. */
    bucket: text('bucket'),
    /** Format detected from the content: `csv` or `sandata-openevv` (contracts `shiftImportFormats`). */
    format: text('format'),
    /** SHA-256 of the normalised CSV header (csv/column-map.ts), to offer a saved `columnMap` again. */
    headerSignature: text('header_signature'),
    /** Character encoding detected for a CSV: `utf-8` or `windows-1252`. */
    encoding: text('encoding'),
    /** IANA zone chosen at import for local times without one. */
    timeZone: text('time_zone'),
    ...timestamps,
  },
  (t) => [
    index('csv_file_content_hash_idx').on(t.contentHash),
    index('csv_file_header_signature_idx').on(t.headerSignature, t.uploadDate),
    index('csv_file_upload_date_idx').on(t.uploadDate),
    index('csv_file_kind_upload_date_idx').on(t.kind, t.uploadDate),
  ],
);
