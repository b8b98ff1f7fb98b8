/**
 * Audit-completeness cases of the staging module (issue 23; docs/staging.md): every write route of
 * staging with the event its successful call writes, and the two jobs (`staging-import`,
 * `staging-promotion`). Runs after the other cases: its people ("Maria Lopez", "Dana Home") exist.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { fileUpload } from '../multipart.ts';
import { waitForJob } from '../shift-import.ts';
import type { JobCase, RouteCase, State } from './types.ts';

const stagingCsv =
  '\uFEFFVisit ID,Employee,Client,Service Date,Time In,Time Out,Service Code,Office\r\n' +
  'SG-1,Maria Lopez,Dana Home,01/04/2027,9:00 AM,1:00 PM,OR526,North\r\n' +
  'SG-2,Mria Lopes,Dana Home,01/05/2027,9:00 AM,1:00 PM,,North\r\n';
const columnMap = (s: State) => JSON.parse(s.ids['staging:map'] as string) as Record<string, string>;

async function stagedRows(s: State): Promise<{ id: string; givShiftId: string }[]> {
  const response = await s.admin({ method: 'GET', url: '/api/staging/shifts?pageSize=50' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

export const stagingRouteCases: RouteCase[] = [
  {
    route: 'POST /api/staging-imports',
    request: () => ({
      method: 'POST',
      url: '/api/staging-imports',
      ...fileUpload(stagingCsv, 'text/csv', 'staging.csv'),
    }),
    after: (s, body) => {
      const upload = body as { csvFileId: string; analysis: { suggestedColumnMap: unknown } };
      s.ids.staging = upload.csvFileId;
      s.ids['staging:map'] = JSON.stringify(upload.analysis.suggestedColumnMap);
    },
    events: [
      ['file.upload', 'storage_object'],
      ['staging_import.import', 'csv_file'],
    ],
  },
  {
    route: 'POST /api/staging-imports/:id/preview',
    request: (s) => ({
      method: 'POST',
      url: `/api/staging-imports/${s.ids.staging}/preview`,
      payload: { columnMap: columnMap(s) },
    }),
    events: [['staging_import.preview', 'csv_file']],
  },
  {
    route: 'POST /api/staging-imports/:id/test-sync',
    request: (s) => ({
      method: 'POST',
      url: `/api/staging-imports/${s.ids.staging}/test-sync`,
      payload: { columnMap: columnMap(s) },
    }),
    events: [['staging_import.test_sync', 'csv_file']],
  },
  {
    route: 'POST /api/staging-imports/:id/start',
    request: (s) => ({
      method: 'POST',
      url: `/api/staging-imports/${s.ids.staging}/start`,
      payload: { columnMap: columnMap(s) },
    }),
    after: async (s, body) => {
      const job = await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
      expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
      for (const row of await stagedRows(s)) s.ids[row.givShiftId] = row.id;
    },
    events: [['staging_import.import', 'csv_file']],
  },
  {
    route: 'PATCH /api/staging/shifts/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/staging/shifts/${s.ids['SG-2']}`,
      payload: { billingCode: 'OR526' },
    }),
    events: [
      ['staging_shift.update', 'staging_shift'],
      ['staging_shift.revalidate', 'staging_shift'],
    ],
  },
  {
    route: 'POST /api/staging/mappings',
    request: async (s) => {
      const unmapped = await s.admin({ method: 'GET', url: '/api/staging/unmapped' });
      const person = (unmapped.json().items as { givKey: string; candidates: { entityId: string }[] }[]).find(
        (p) => p.candidates.length,
      );
      if (!person) throw new Error('no unlinked person with a candidate');
      return {
        method: 'POST',
        url: '/api/staging/mappings',
        payload: {
          entityType: 'CAREGIVER',
          givKey: person.givKey,
          entityId: person.candidates[0]?.entityId,
          createRule: true,
          sourceName: 'Mria Lopes',
        },
      };
    },
    events: [['staging_mapping.approve', 'giv_id_mapping']],
  },
  {
    route: 'POST /api/staging/revalidate',
    request: () => ({ method: 'POST', url: '/api/staging/revalidate' }),
    events: [['staging_shift.revalidate', 'staging_shift']],
  },
  {
    route: 'POST /api/staging/rules',
    request: () => ({
      method: 'POST',
      url: '/api/staging/rules',
      payload: { ruleType: 'BILLING_CODE', sourceValue: 'OR-526', targetValue: 'OR526' },
    }),
    after: (s, body) => {
      s.ids.stagingRule = (body as { id: string }).id;
    },
    events: [['staging_rule.create', 'staging_resolution_rule']],
  },
  {
    route: 'PATCH /api/staging/rules/:id',
    request: (s) => ({
      method: 'PATCH',
      url: `/api/staging/rules/${s.ids.stagingRule}`,
      payload: { isActive: false },
    }),
    events: [['staging_rule.update', 'staging_resolution_rule']],
  },
  {
    route: 'POST /api/staging/promotions',
    request: () => ({
      method: 'POST',
      url: '/api/staging/promotions',
      payload: { from: '2027-01-01', to: '2027-01-31' },
    }),
    after: async (s, body) => {
      const job = await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
      expect(job.status, JSON.stringify(job)).toBe('COMPLETED');
    },
    events: [['staging_shift.promote', 'processing_job']],
  },
  {
    route: 'POST /api/staging/direct-sync',
    request: async (s) => {
      const folder = await mkdtemp(join(tmpdir(), 'tend-drop-'));
      await writeFile(join(folder, 'drop.csv'), stagingCsv.replace(/SG-/g, 'SD-'));
      (s.t.app.deps.config as { stagingDropFolder?: string | null }).stagingDropFolder = folder;
      return { method: 'POST', url: '/api/staging/direct-sync' };
    },
    after: async (s, body) => {
      const [file] = (body as { files: { job: { id: string } | null }[] }).files;
      if (file?.job) await waitForJob(s.admin, file.job.id);
    },
    events: [['staging.direct_sync', 'csv_file']],
  },
];

export const stagingJobCases: JobCase[] = [
  { job: 'staging-import', events: [['staging_shift.stage', 'staging_shift']] },
  { job: 'staging-promotion', events: [['staging_shift.promote', 'staging_shift']] },
];
