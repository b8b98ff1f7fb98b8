/**
 * The report export (issue 24 "Report export"; decision 0066; docs/report-export.md): start an export (a job writes
 * the files), list the generated reports, and hand out a short-lived signed URL to download one. Admin only (the
 * routes guard). Audited: `report_export.start` (the job), `report_export.list`, `report_export.download` (each
 * report reference; the storage service adds `file.sign`); the job audits each file it stores
 * (`report_export.generate`, report-export.job.ts).
 */
import {
  REPORT_DOWNLOAD_SECONDS,
  REPORT_EXPORT_JOB,
  reportExportTypeInfo,
  reportExportTypes,
  reportFormats,
  type GeneratedReport,
  type ReportDownloadLink,
  type ReportExportInput,
  type ReportExportListQuery,
  type ReportExportType,
  type ReportFormat,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { JobRunner } from '../../platform/jobs/jobs.service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import { findReportReference, findReportReferences, type ReportRow } from '../isp/report-references.ts';

/** What the routes need. */
export interface ReportExportDeps {
  db: Database;
  storage: Pick<StorageService, 'createSignedUrl'>;
  jobs: Pick<JobRunner, 'enqueue'>;
}

/** Every subject of `input`'s reports, by kind. */
function subjectsOf(input: ReportExportInput): { clientIds: string[]; caregiverIds: string[] } {
  const ids = { clientIds: new Set<string>(), caregiverIds: new Set<string>() };
  for (const report of input.reports) {
    const set = reportExportTypeInfo[report.type].subject === 'client' ? ids.clientIds : ids.caregiverIds;
    for (const id of report.subjectIds) set.add(id);
  }
  return { clientIds: [...ids.clientIds], caregiverIds: [...ids.caregiverIds] };
}

/**
 * The names of `input`'s subjects (id → name), each checked to be of its report's kind. Errors: VALIDATION_FAILED
 * naming `reports.<i>.subjectIds.<j>` for a caregiver given to a client's report or the reverse; NOT_FOUND for an id
 * that is nobody. One query per kind.
 */
export async function subjectNames(
  executor: Executor,
  input: ReportExportInput,
): Promise<Map<string, string>> {
  const everyone = [...new Set(input.reports.flatMap((report) => report.subjectIds))];
  const { clients, caregivers } = await findPeopleNames(executor, {
    clientIds: everyone,
    caregiverIds: everyone,
  });
  const names = new Map<string, string>();
  input.reports.forEach((report, i) => {
    const kind = reportExportTypeInfo[report.type].subject;
    const [wanted, other] = kind === 'client' ? [clients, caregivers] : [caregivers, clients];
    report.subjectIds.forEach((id, j) => {
      const name = wanted.get(id);
      if (name !== undefined) return void names.set(id, name);
      if (other.has(id))
        throw AppError.field(`reports.${i}.subjectIds.${j}`, `must be a ${kind} (${report.type})`);
      throw notFound(kind === 'client' ? 'Client' : 'Caregiver');
    });
  });
  return names;
}

/**
 * Starts an export: checks its subjects (see {@link subjectNames}), queues the `report-export` job with the request
 * as its metadata, and audits `report_export.start` (entity processing_job; details: types, formats, file count).
 * Returns the queued job and how many files it will write (one per report and subject).
 */
export async function startReportExport(
  deps: ReportExportDeps,
  ctx: RequestContext,
  input: ReportExportInput,
) {
  await subjectNames(deps.db, input);
  const files = input.reports.reduce((sum, report) => sum + report.subjectIds.length, 0);
  const job = await deps.jobs.enqueue({
    jobType: REPORT_EXPORT_JOB,
    metadata: { from: input.from, to: input.to, reports: input.reports },
    triggeredBy: ctx.actor?.userAccountId ?? null,
  });
  await recordAudit(deps.db, ctx, {
    action: 'report_export.start',
    entityType: 'processing_job',
    entityId: job.id,
    details: {
      from: input.from,
      to: input.to,
      types: input.reports.map((report) => report.type),
      formats: input.reports.map((report) => report.format),
      files,
      subjects: subjectsOf(input),
    },
  });
  return { job, files };
}

/** The format of a stored file, from its name's extension (`csv`, `xlsx`, `pdf`). */
export function formatOf(fileName: string): ReportFormat {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return (reportFormats as readonly string[]).includes(extension) ? (extension as ReportFormat) : 'pdf';
}

/** A stored period `from/to` (ISO 8601 interval) as its two dates; a bare year or quarter spans what it names. */
export function periodOf(row: Pick<ReportRow, 'year' | 'period'>): { from: string; to: string } {
  const [from, to] = (row.period ?? '').split('/');
  if (from && to) return { from, to };
  return { from: `${row.year}-01-01`, to: `${row.year}-12-31` };
}

/**
 * A page of generated reports (report types of the export only), newest first, with subject and creator names.
 * Audited `report_export.list` (details: the filter, rows returned).
 */
export async function listGeneratedReports(
  db: Database,
  ctx: RequestContext,
  query: ReportExportListQuery,
): Promise<{ items: GeneratedReport[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await findReportReferences(
    db,
    {
      reportTypes: query.type ? [query.type] : reportExportTypes,
      clientId: query.clientId,
      caregiverId: query.caregiverId,
      jobId: query.jobId,
    },
    query,
  );
  const [people, creators] = await Promise.all([
    findPeopleNames(db, {
      clientIds: rows.flatMap((row) => (row.clientId ? [row.clientId] : [])),
      caregiverIds: rows.flatMap((row) => (row.caregiverId ? [row.caregiverId] : [])),
    }),
    findUserNames(db, { ids: rows.map((row) => row.createdBy) }),
  ]);
  const items = rows.map((row): GeneratedReport => {
    const type = row.reportType as ReportExportType;
    const byCaregiver = row.caregiverId !== null;
    const subjectId = (row.caregiverId ?? row.clientId) as string;
    return {
      id: row.id,
      type,
      title: reportExportTypeInfo[type].title,
      subjectKind: byCaregiver ? 'caregiver' : 'client',
      subjectId,
      subjectName: (byCaregiver ? people.caregivers : people.clients).get(subjectId) ?? '',
      format: formatOf(row.fileName),
      ...periodOf(row),
      fileName: row.fileName,
      size: row.size,
      createdByName: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
  await recordAudit(db, ctx, {
    action: 'report_export.list',
    entityType: 'report_reference',
    details: {
      filter: {
        type: query.type ?? null,
        clientId: query.clientId ?? null,
        caregiverId: query.caregiverId ?? null,
        jobId: query.jobId ?? null,
      },
      page: query.page,
      returned: items.length,
    },
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * A signed URL (REPORT_DOWNLOAD_SECONDS) that downloads the generated report `id` as an attachment under its file
 * name. Audited `report_export.download` (entity report_reference). Errors: NOT_FOUND (no such report of the
 * export, or its file is gone).
 */
export async function reportDownloadLink(
  deps: Pick<ReportExportDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  id: string,
): Promise<ReportDownloadLink> {
  const row = await findReportReference(deps.db, id, reportExportTypes);
  if (!row) throw notFound('Report');
  const signed = await deps.storage.createSignedUrl(ctx, row.bucket, row.storageKey, REPORT_DOWNLOAD_SECONDS);
  await recordAudit(deps.db, ctx, {
    action: 'report_export.download',
    entityType: 'report_reference',
    entityId: row.id,
    details: { type: row.reportType, expiresAt: signed.expiresAt },
  });
  return {
    url: `${signed.signedUrl}&download=${encodeURIComponent(row.fileName)}`,
    fileName: row.fileName,
    expiresAt: signed.expiresAt,
  };
}
