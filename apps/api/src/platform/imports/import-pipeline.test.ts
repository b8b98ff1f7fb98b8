/**
 * The pipeline's one duplicate and error model (`rowIntake`, `createRejections`) and the typed routes
 * (`importRoutes` refuses an endpoint whose schema does not accept the kind's answers, at typecheck).
 */
import { describe, expect, it } from 'vitest';
import {
  importDetail,
  importFileList,
  importOptions,
  importPreview,
  importStarted,
  importEndpointSet,
  importUploaded,
  shiftImportPreview,
  shiftImportUploaded,
  type ImportPreviewRow,
  type ImportResult,
} from '@tend/contracts';
import { Batcher } from './import-batcher.ts';
import { createRejections, rowIntake } from './import-job.ts';
import type { ImportKindDefinition, LineRecord } from './import-kind.ts';
import { importRoutes } from './import-routes.ts';

describe('rowIntake', () => {
  it('rejects every problem of a row, sets a repeated key apart as a duplicate, and batches the rest', async () => {
    const written: LineRecord<string>[][] = [];
    const batcher = new Batcher<string>(async (records) => void written.push([...records]), 1);
    const rejections = createRejections();
    const add = rowIntake<string>({
      rejections,
      duplicate: { field: 'Id', reason: (row, first) => `repeats ${row.key} of line ${first}` },
      batcher,
    });
    await add(2, { ok: true, key: 'a', record: 'first' });
    await add(3, {
      ok: false,
      key: 'b',
      problems: [
        { field: 'Date', reason: 'is not a date' },
        { field: 'Time', reason: 'is not a time' },
      ],
    });
    await add(4, { ok: true, key: 'a', label: 'A-1', record: 'again' });
    await add(5, { ok: true, key: 'a#2', writeKey: 'a', record: 'version 2' });
    await batcher.flush();
    expect(rejections.list()).toEqual([
      { line: 3, field: 'Date', reason: 'is not a date', externalId: 'b' },
      { line: 3, field: 'Time', reason: 'is not a time', externalId: 'b' },
    ]);
    // A duplicate is not a rejection (decision 0036): its own list, with the line of its first copy.
    expect(rejections.duplicates()).toEqual([
      { line: 4, firstLine: 2, field: 'Id', reason: 'repeats a of line 2', externalId: 'A-1' },
    ]);
    expect(rejections.staleVersions()).toEqual([]);
    // Two versions sharing a write key never share a batch.
    expect(written).toEqual([
      [{ line: 2, key: 'a', record: 'first' }],
      [{ line: 5, key: 'a', record: 'version 2' }],
    ]);
  });
});

describe('importRoutes', () => {
  const kind = {} as ImportKindDefinition<{
    record: string;
    preview: ImportPreviewRow;
    summary: null;
    result: ImportResult;
    field: string;
    jsonFormat: never;
  }>;
  const schemas = {
    uploaded: importUploaded,
    list: importFileList,
    detail: importDetail,
    options: importOptions,
    preview: importPreview,
    started: importStarted,
  };

  it('takes the endpoints whose schemas accept what the pipeline answers for the kind', () => {
    const endpoints = importEndpointSet('/api/x', schemas);
    expect(typeof importRoutes({ kind, endpoints, tags: [] })).toBe('function');
  });

  it('refuses, at typecheck, a schema that does not accept the kind’s answer', () => {
    const wrongPreview = () =>
      importRoutes({
        kind,
        tags: [],
        // @ts-expect-error -- shift preview rows are not the kind's generic preview rows
        endpoints: importEndpointSet('/api/x', { ...schemas, preview: shiftImportPreview }),
      });
    const wrongUpload = () =>
      importRoutes({
        kind,
        tags: [],
        // @ts-expect-error -- the kind has no JSON format, but neither does this fit its CSV analysis
        endpoints: importEndpointSet('/api/x', { ...schemas, uploaded: shiftImportUploaded }),
      });
    expect([wrongPreview, wrongUpload].every((f) => typeof f === 'function')).toBe(true);
  });
});
