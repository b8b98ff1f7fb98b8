/** The URL that reopens an upload on its kind's page. */
import { describe, expect, it } from 'vitest';
import { importUrl } from './import-api.ts';

const file = { id: 'f1', latestJob: null };
const withJob = {
  id: 'f1',
  latestJob: { id: 'j1', status: 'COMPLETED' as const, progress: 100, completedAt: null, fates: null },
};

describe('importUrl', () => {
  it('adds the upload and its job to the page path', () => {
    expect(importUrl('/upload', file)).toBe('/upload?file=f1');
    expect(importUrl('/upload', withJob)).toBe('/upload?file=f1&job=j1');
  });

  it('keeps a query the page path already has', () => {
    expect(importUrl('/admin/mismatched-shift-notes?view=import', withJob)).toBe(
      '/admin/mismatched-shift-notes?view=import&file=f1&job=j1',
    );
  });
});
