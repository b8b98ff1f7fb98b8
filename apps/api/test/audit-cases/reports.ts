/**
 * Audit-completeness cases of the report export (issue 24; docs/report-export.md; decision 0066): starting an export
 * (`report_export.start`, entity processing_job) and the `report-export` job (`report_export.generate` per stored
 * file, entity report_reference, written by the run the start queued), whose billing and payroll summaries read the
 * client's billing items (`billing_item.list`, entity client: `findClientBilledItems`) and the caregiver's payroll of
 * each pay period (`payroll.list`, entity caregiver). Its subjects are the caregiver and client earlier cases made
 * (`maria`, `dana`).
 */
import { waitForJob } from '../shift-import.ts';
import type { JobCase, RouteCase } from './types.ts';

export const reportsRouteCases: RouteCase[] = [
  {
    route: 'POST /api/report-exports',
    request: (s) => ({
      method: 'POST',
      url: '/api/report-exports',
      payload: {
        from: '2026-01-01',
        to: '2026-03-31',
        reports: [
          { type: 'caregiver-hours', subjectIds: [s.ids.maria], format: 'csv' },
          { type: 'budget-use', subjectIds: [s.ids.dana], format: 'pdf' },
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

export const reportsJobCases: JobCase[] = [
  {
    job: 'report-export',
    events: [
      ['report_export.generate', 'report_reference'],
      ['billing_item.list', 'client'],
      ['payroll.list', 'caregiver'],
    ],
  },
];
