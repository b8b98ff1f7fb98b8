/**
 * Rows of the ISP tables as the API shows them (contracts `isp.ts`): the ISP summary with its client's name and its
 * latest job, protocols with the names of who changed their status, PDF versions and exports. Names and jobs come
 * from their owners' read functions (users, people, platform jobs), one query per page.
 */
import { inArray } from 'drizzle-orm';
import type {
  IspExport,
  IspJob,
  IspPdfVersion,
  IspProblem,
  IspSummary,
  ProcessingJob,
  Protocol,
} from '@tend/contracts';
import { ispProblems } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { findJobsByIds } from '../../platform/jobs/jobs.service.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { findUserNames } from '../users/user-names.service.ts';
import { type ispPdfVersions, type isps, protocols, type reportReferences } from './isp.table.ts';

export type IspRow = typeof isps.$inferSelect;
export type ProtocolRow = typeof protocols.$inferSelect;
export type PdfVersionRow = typeof ispPdfVersions.$inferSelect;
export type ReportReferenceRow = typeof reportReferences.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The problem column as the contracts' enum (null for anything else). */
export function problemOf(value: string | null): IspProblem | null {
  return (ispProblems as readonly string[]).includes(value ?? '') ? (value as IspProblem) : null;
}

/** A job log line without the time the runner writes before it. */
const LOG_TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+Z\s+/;

/** The latest step of a job's log ("Reading page 3 of 12"), without its time. */
export function toIspJob(job: ProcessingJob): IspJob {
  return {
    id: job.id,
    status: job.status,
    progress: job.progress,
    step: job.log.at(-1)?.replace(LOG_TIME, '') ?? null,
    interrupted: job.interrupted,
    error: job.error,
    startedAt: job.startedAt,
    completedAt: job.completedAt,
  };
}

/** Counts of current (not superseded) protocols per ISP: all, and FINALIZED or excluded. */
async function protocolCounts(executor: Executor, ispIds: string[]) {
  const counts = new Map<string, { total: number; done: number }>();
  if (!ispIds.length) return counts;
  const rows = await executor
    .select({
      ispId: protocols.ispId,
      status: protocols.status,
      excluded: protocols.excluded,
      supersededById: protocols.supersededById,
    })
    .from(protocols)
    .where(inArray(protocols.ispId, ispIds));
  for (const row of rows) {
    if (row.supersededById) continue;
    const entry = counts.get(row.ispId) ?? { total: 0, done: 0 };
    entry.total += 1;
    if (row.excluded || row.status === 'FINALIZED') entry.done += 1;
    counts.set(row.ispId, entry);
  }
  return counts;
}

/** ISP rows as summaries (client names, account names, jobs and protocol counts in one query each). */
export async function toIspSummaries(executor: Executor, rows: IspRow[]): Promise<IspSummary[]> {
  const [people, users, jobs, counts] = await Promise.all([
    findPeopleNames(executor, { caregiverIds: [], clientIds: [...new Set(rows.map((row) => row.clientId))] }),
    findUserNames(executor, { ids: rows.flatMap((row) => [row.uploadedBy, row.verifiedBy]) }),
    findJobsByIds(
      executor,
      rows.map((row) => row.jobId),
    ),
    protocolCounts(
      executor,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => {
    const job = row.jobId ? jobs.get(row.jobId) : undefined;
    const count = counts.get(row.id) ?? { total: 0, done: 0 };
    return {
      id: row.id,
      clientId: row.clientId,
      clientName: people.clients.get(row.clientId) ?? '',
      status: row.status,
      fileName: row.fileName,
      fileSize: row.fileSize,
      sha256: row.sha256,
      pageCount: row.pageCount,
      problem: problemOf(row.problem),
      errorMessage: row.errorMessage,
      planStart: row.planStart,
      planEnd: row.planEnd,
      warnings: row.warnings,
      currentPdfVersion: row.currentPdfVersion,
      uploadedBy: row.uploadedBy,
      uploadedByName: users.get(row.uploadedBy ?? '') ?? null,
      processingCompletedAt: iso(row.processingCompletedAt),
      verifiedAt: iso(row.verifiedAt),
      verifiedBy: row.verifiedBy,
      verifiedByName: users.get(row.verifiedBy ?? '') ?? null,
      protocolCount: count.total,
      protocolsDone: count.done,
      job: job ? toIspJob(job) : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** Protocol rows as the API shows them; `clientIdOf` gives each one's client (from its ISP). */
export async function toProtocols(
  executor: Executor,
  rows: ProtocolRow[],
  clientIdOf: (row: ProtocolRow) => string,
): Promise<Protocol[]> {
  const names = await findUserNames(executor, { ids: rows.map((row) => row.statusChangedBy) });
  return rows.map((row) => toProtocol(row, clientIdOf(row), names.get(row.statusChangedBy ?? '') ?? null));
}

/** One protocol row as the API shows it. */
export function toProtocol(row: ProtocolRow, clientId: string, statusChangedByName: string | null): Protocol {
  return {
    id: row.id,
    ispId: row.ispId,
    clientId,
    riskType: row.riskType,
    description: row.description,
    prevention: row.prevention,
    response: row.response,
    emergency: row.emergency,
    status: row.status,
    mar: row.mar,
    pbsp: row.pbsp,
    serious: row.serious,
    sortOrder: row.sortOrder,
    includeDescription: row.includeDescription,
    includeDescriptionEmail: row.includeDescriptionEmail,
    includePrevention: row.includePrevention,
    includePreventionEmail: row.includePreventionEmail,
    includeResponse: row.includeResponse,
    includeResponseEmail: row.includeResponseEmail,
    includeEmergency: row.includeEmergency,
    includeEmergencyEmail: row.includeEmergencyEmail,
    thresholds: row.thresholds,
    escalationSteps: row.escalationSteps,
    medicationReferences: row.medicationReferences,
    author: row.author,
    authorLicensed: row.authorLicensed,
    effectiveDate: row.effectiveDate,
    reviewDueDate: row.reviewDueDate,
    sources: row.sources,
    version: row.version,
    previousVersionId: row.previousVersionId,
    supersededById: row.supersededById,
    excluded: row.excluded,
    exclusionReason: row.exclusionReason,
    statusChangedBy: row.statusChangedBy,
    statusChangedByName,
    statusChangedAt: iso(row.statusChangedAt),
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    finalizedBy: row.finalizedBy,
    finalizedAt: iso(row.finalizedAt),
    lockedBecauseLicensed: isLockedOrder(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A licensed author's FINALIZED protocol is an order: changed only by a new version (issue 19). */
export function isLockedOrder(row: Pick<ProtocolRow, 'status' | 'authorLicensed'>): boolean {
  return row.status === 'FINALIZED' && row.authorLicensed;
}

/** PDF version rows with their creators' names. */
export async function toPdfVersions(executor: Executor, rows: PdfVersionRow[]): Promise<IspPdfVersion[]> {
  const names = await findUserNames(executor, { ids: rows.map((row) => row.createdBy) });
  return rows.map((row) => ({
    id: row.id,
    ispId: row.ispId,
    version: row.version,
    fileName: row.fileName,
    size: row.size,
    note: row.note,
    createdBy: row.createdBy,
    createdByName: names.get(row.createdBy ?? '') ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A report reference row as an ISP export. */
export function toIspExport(row: ReportReferenceRow): IspExport {
  return {
    id: row.id,
    ispId: row.ispId,
    // Stored with its client (only the report export stores caregivers' reports).
    clientId: row.clientId as string,
    reportType: row.reportType,
    year: row.year,
    period: row.period,
    storageKey: row.storageKey,
    bucket: row.bucket,
    region: row.region,
    fileName: row.fileName,
    size: row.size,
    protocolCount: row.protocolCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
