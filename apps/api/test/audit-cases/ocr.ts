/**
 * Audit-completeness cases of the OCR documents (issue 23; docs/ocr-documents.md): the upload (`ocr_document.upload`
 * and the storage's `file.upload`), staging marked rows (`ocr_document.stage`) and the `ocr-document` job
 * (`ocr_document.process`, written by the run the upload queued).
 */
import { timesheetPng } from '../../src/modules/ocr/timesheet-corpus.test-support.ts';
import { multipartBody } from '../multipart.ts';
import { waitForJob } from '../shift-import.ts';
import type { JobCase, RouteCase } from './types.ts';

export const ocrRouteCases: RouteCase[] = [
  {
    route: 'POST /api/ocr-documents',
    request: async () => ({
      method: 'POST',
      url: '/api/ocr-documents',
      ...multipartBody([
        { name: 'file', filename: 'timesheet.png', contentType: 'image/png', data: await timesheetPng() },
      ]),
    }),
    after: async (s, body) => {
      const document = body as { id: string; jobId: string };
      await waitForJob(s.admin, document.jobId);
      s.ids.ocrDocument = document.id;
    },
    events: [
      ['ocr_document.upload', 'ocr_document'],
      ['file.upload', 'storage_object'],
    ],
  },
  {
    route: 'POST /api/ocr-documents/:id/staged-rows',
    request: (s) => ({
      method: 'POST',
      url: `/api/ocr-documents/${s.ids.ocrDocument}/staged-rows`,
      payload: {
        rows: [
          {
            pageNumber: 1,
            date: '03/02/2026',
            start: '9:00 AM',
            end: '1:30 PM',
            caregiverName: 'Maria Lopez',
            clientName: 'Henry Walsh',
            billingCode: 'T1019',
          },
        ],
      },
    }),
    events: [['ocr_document.stage', 'ocr_document']],
  },
];

export const ocrJobCases: JobCase[] = [
  { job: 'ocr-document', events: [['ocr_document.process', 'ocr_document']] },
];
