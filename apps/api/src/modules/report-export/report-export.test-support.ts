/**
 * Calls the report export's route tests share (issue 24; decision 0066): the listing, a download through the signed
 * link (without a session, as a browser follows it) and the audit events of an entity.
 */
import { expect } from 'vitest';
import type { GeneratedReport } from '@tend/contracts';
import type { as } from '../../../test/helpers.ts';

type Caller = ReturnType<typeof as>;

/** `GET /api/report-exports<query>` as `admin`; fails the test unless 200. */
export async function listReports(admin: Caller, query = '') {
  const response = await admin({ method: 'GET', url: `/api/report-exports${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: GeneratedReport[]; total: number }>();
}

/** Downloads `report` through its signed URL (asked for by `admin`, fetched by `anonymous`), named as stored. */
export async function downloadReport(admin: Caller, anonymous: Caller, report: GeneratedReport) {
  const link = await admin({ method: 'GET', url: `/api/report-exports/${report.id}/download` });
  expect(link.statusCode, link.body).toBe(200);
  const file = await anonymous({ method: 'GET', url: link.json<{ url: string }>().url });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-disposition']).toContain(`filename="${report.fileName}"`);
  return file;
}

/** The audit events of `action` on `entityId` (up to 50), as `admin` reads them. */
export async function auditEventsOf(admin: Caller, entityId: string, action: string) {
  const response = await admin({
    method: 'GET',
    url: `/api/audit-events?entityId=${entityId}&action=${action}&pageSize=50`,
  });
  return response.json<{ items: { details: Record<string, unknown> | null }[] }>().items;
}
