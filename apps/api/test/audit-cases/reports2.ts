/**
 * Audit-completeness cases of the report export's billing and payroll summaries (issue 24; docs/report-export.md;
 * decision 0066): an export of both (`report_export.start`), whose `report-export` run reads the client's billing
 * items (`billing_item.list`, entity client: `findClientBilledItems`) and the caregiver's payroll of each pay period
 * (`payroll.list`, entity caregiver). Its subjects are the caregiver and client earlier cases made (`maria`, `dana`).
 */
import { waitForJob } from '../shift-import.ts';
import type { JobCase, RouteCase } from './types.ts';

export const reports2RouteCases: RouteCase[] = [
  {
    route: 'POST /api/report-exports',
    request: (s) => ({
      method: 'POST',
      url: '/api/report-exports',
      payload: {
        from: '2026-01-01',
        to: '2026-01-31',
        reports: [
          { type: 'billing-summary', subjectIds: [s.ids.dana], format: 'csv' },
          { type: 'payroll-summary', subjectIds: [s.ids.maria], format: 'xlsx' },
        ],
      },
    }),
    after: async (s, body) => {
      await waitForJob(s.admin, (body as { job: { id: string } }).job.id);
    },
    events: [['report_export.start', 'processing_job']],
  },
];

export const reports2JobCases: JobCase[] = [
  {
    job: 'report-export',
    events: [
      ['billing_item.list', 'client'],
      ['payroll.list', 'caregiver'],
    ],
  },
];
