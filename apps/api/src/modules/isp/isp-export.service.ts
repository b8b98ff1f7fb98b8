/**
 * The caregiver export of an ISP (issue 19 "Export and reports"; spec s.3 ReportReference; docs/isp.md): the
 * FINALIZED, not excluded, current protocols rendered by isp-export's `renderProtocolsPdf` (serious risks first, each
 * with its included sections), stored in bucket `generated-reports` with a `report_reference` row (report type
 * `isp-protocols`), listed and downloaded; and the same content as email-ready HTML honouring the email include
 * flags (`renderProtocolsEmailHtml`), not stored. Audited `isp_export.create`, `.list`, `.download`, `.email`.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  ISP_PROTOCOLS_REPORT_TYPE,
  type IspExport,
  type IspExportEmail,
  type IspExportLocale,
} from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { findPeopleIdentities } from '../people/people.service.ts';
import type { ExportedProtocol, ProtocolsDocument } from './export/protocols-document.ts';
import { renderProtocolsEmailHtml } from './export/protocols-email.ts';
import { renderProtocolsPdf } from './export/protocols-pdf.ts';
import { reportReferences } from './isp.table.ts';
import { openReport, reportFileName, storeReport } from './report-references.ts';
import { toIspExport, type IspRow, type ProtocolRow } from './isp-rows.ts';
import { loadIsp, loadProtocolRows } from './isp.service.ts';

/** What the export uses: the agency's name and time zone are printed on the document. */
export interface IspExportDeps {
  db: Database;
  storage: StorageService;
  agencyName: string;
  agencyTimeZone: string;
  /** Storage region written on the report reference (S3); null for local storage. */
  storageRegion: string | null;
  now?: () => Date;
}

function exported(row: ProtocolRow): ExportedProtocol {
  return {
    riskType: row.riskType,
    serious: row.serious,
    mar: row.mar,
    pbsp: row.pbsp,
    description: row.description,
    prevention: row.prevention,
    response: row.response,
    emergency: row.emergency,
    include: {
      description: row.includeDescription,
      prevention: row.includePrevention,
      response: row.includeResponse,
      emergency: row.includeEmergency,
    },
    includeEmail: {
      description: row.includeDescriptionEmail,
      prevention: row.includePreventionEmail,
      response: row.includeResponseEmail,
      emergency: row.includeEmergencyEmail,
    },
    thresholds: row.thresholds,
    escalationSteps: row.escalationSteps,
    medicationReferences: row.medicationReferences,
    author: row.author,
    authorLicensed: row.authorLicensed,
    effectiveDate: row.effectiveDate,
    reviewDueDate: row.reviewDueDate,
    version: row.version,
    sortOrder: row.sortOrder,
  };
}

/** The document of an ISP's finalized protocols; ISP_NOT_READY when none is FINALIZED. */
async function documentOf(
  deps: IspExportDeps,
  isp: IspRow,
  locale: IspExportLocale,
  generatedAt: Date,
): Promise<ProtocolsDocument> {
  const { current } = await loadProtocolRows(deps.db, isp.id);
  const finalized = current.filter((row) => row.status === 'FINALIZED' && !row.excluded);
  if (!finalized.length)
    throw new AppError(
      'ISP_NOT_READY',
      'No protocol of this ISP is finalized yet: finalize the protocols to export',
    );
  const people = await findPeopleIdentities(deps.db, { caregiverIds: [], clientIds: [isp.clientId] });
  const client = people.clients.get(isp.clientId);
  return {
    agencyName: deps.agencyName,
    client: { name: client?.name ?? '', pid: client?.pid ?? null },
    plan: { start: isp.planStart, end: isp.planEnd },
    generatedAt: generatedAt.toISOString(),
    timeZone: deps.agencyTimeZone,
    locale,
    protocols: finalized.map(exported),
  };
}

/** `2026-01-01..2026-12-31`, or the one date known, or null. */
function planPeriod(isp: IspRow): string | null {
  if (isp.planStart && isp.planEnd) return `${isp.planStart}..${isp.planEnd}`;
  return isp.planStart ?? isp.planEnd ?? null;
}

/**
 * Renders, stores and references the caregiver PDF. Audited `isp_export.create`. Errors: NOT_FOUND; ISP_NOT_READY
 * when no protocol is FINALIZED.
 */
export async function createIspExport(
  deps: IspExportDeps,
  ctx: RequestContext,
  ispId: string,
  input: { year?: number | undefined; period: string | null; locale: IspExportLocale },
): Promise<IspExport> {
  const isp = await loadIsp(deps.db, ispId);
  const now = deps.now?.() ?? new Date();
  const doc = await documentOf(deps, isp, input.locale, now);
  const bytes = Buffer.from(await renderProtocolsPdf(doc));
  const year = input.year ?? Number((isp.planStart ?? now.toISOString()).slice(0, 4));
  const row = await storeReport(deps, ctx, {
    clientId: isp.clientId,
    reportType: ISP_PROTOCOLS_REPORT_TYPE,
    year,
    period: input.period ?? planPeriod(isp),
    fileName: reportFileName('isp-protocols', doc.client.name, now.toISOString().slice(0, 10)),
    folder: `${isp.clientId}/${ispId}`,
    bytes,
    ispId,
    protocolCount: doc.protocols.length,
    audit: {
      action: 'isp_export.create',
      details: { ispId, clientId: isp.clientId, protocols: doc.protocols.length, size: bytes.length },
    },
  });
  return toIspExport(row);
}

/** The stored exports of an ISP, newest first. Audited `isp_export.list`. Errors: NOT_FOUND. */
export async function listIspExports(db: Database, ctx: RequestContext, ispId: string): Promise<IspExport[]> {
  await loadIsp(db, ispId);
  const rows = await db
    .select()
    .from(reportReferences)
    .where(and(eq(reportReferences.ispId, ispId), eq(reportReferences.reportType, ISP_PROTOCOLS_REPORT_TYPE)))
    .orderBy(desc(reportReferences.createdAt), desc(reportReferences.id));
  await recordAudit(db, ctx, {
    action: 'isp_export.list',
    entityType: 'isp',
    entityId: ispId,
    details: { returned: rows.length },
  });
  return rows.map(toIspExport);
}

/** Opens a stored export of an ISP. Audited `isp_export.download`. Errors: NOT_FOUND (ISP, export, object). */
export async function openIspExport(
  deps: Pick<IspExportDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  ispId: string,
  exportId: string,
  range: string | undefined,
): ReturnType<typeof openReport> {
  return openReport(deps, ctx, {
    where: and(eq(reportReferences.id, exportId), eq(reportReferences.ispId, ispId)),
    range,
    audit: (row) => ({ action: 'isp_export.download', details: { ispId, clientId: row.clientId } }),
  });
}

/**
 * The email-ready HTML and text of an ISP's finalized protocols (the email include flags: nothing about a person's
 * health unless chosen). Not stored. Audited `isp_export.email`. Errors: NOT_FOUND; ISP_NOT_READY.
 */
export async function getIspExportEmail(
  deps: IspExportDeps,
  ctx: RequestContext,
  ispId: string,
  locale: IspExportLocale,
): Promise<IspExportEmail> {
  const isp = await loadIsp(deps.db, ispId);
  const doc = await documentOf(deps, isp, locale, deps.now?.() ?? new Date());
  const email = renderProtocolsEmailHtml(doc);
  await recordAudit(deps.db, ctx, {
    action: 'isp_export.email',
    entityType: 'isp',
    entityId: ispId,
    details: { clientId: isp.clientId, protocols: doc.protocols.length },
  });
  return { subject: email.subject, html: email.html, text: email.text, protocolCount: doc.protocols.length };
}
