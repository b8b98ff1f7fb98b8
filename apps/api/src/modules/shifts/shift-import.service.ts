/**
 * Shift records and EVV import (spec s.3 Shift, CSVFile, ProcessingJob; issue "foundation" slice:
 * Sandata OpenEVV JSON). The upload keeps the raw file in the `imports` bucket, creates a CSVFile row
 * and a `shift-import` job. The job imports visit by visit, each in its own transaction (a crash never
 * leaves a half-written shift), idempotent on `givShiftId` (= VisitOtherID): a re-import changes
 * nothing; a higher SequenceID updates the shift and records what changed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { text as streamToText } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import {
  evaluateEvv,
  type ProcessingJob,
  type RejectedRecord,
  type ShiftImportResult,
} from '@tend/contracts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { JobInputError, type JobContext, type JobRunner } from '../../platform/jobs/jobs.service.ts';
import type { StorageService } from '../../platform/storage/storage.service.ts';
import { resolveCaregiverForImport, resolveClientForImport } from '../people/people.service.ts';
import {
  extractSandataVisits,
  normalizeSandataVisit,
  sandataVisit,
  type NormalizedVisit,
} from './evv-sandata.ts';
import { csvFiles, shifts, type ChangeHistoryEntry } from './shifts.table.ts';
import { createImportSegments, syncImportSegments } from './shift-segments.ts';
import { iso, type ShiftRow } from './shift-view.ts';

export const SHIFT_IMPORT_JOB = 'shift-import';
export const IMPORTS_BUCKET = 'imports';

/**
 * Stores an uploaded EVV file (raw bytes kept in the `imports` bucket), records it as a CSVFile and
 * queues the import job. Errors: from storage (PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE).
 */
export async function startShiftImport(
  deps: { db: Database; storage: StorageService; jobs: JobRunner },
  ctx: RequestContext,
  file: { originalName: string; contentType: string; body: Readable },
): Promise<{ csvFileId: string; job: ProcessingJob }> {
  const hash = createHash('sha256');
  const tee = new PassThrough();
  file.body.on('data', (chunk: Buffer) => hash.update(chunk));
  file.body.on('error', (error) => tee.destroy(error));
  file.body.pipe(tee);
  const safeName = file.originalName.replace(/[^\w.-]+/g, '_').slice(-120) || 'upload';
  const path = `evv/${new Date().toISOString().slice(0, 10)}/${randomUUID()}-${safeName}`;
  await deps.storage.upload(ctx, {
    bucketId: IMPORTS_BUCKET,
    path,
    body: tee,
    contentType: file.contentType,
  });
  const [csvFile] = await deps.db
    .insert(csvFiles)
    .values({
      fileName: path.split('/').at(-1) ?? safeName,
      originalName: file.originalName.slice(0, 500),
      filePath: path,
      bucket: IMPORTS_BUCKET,
      contentHash: hash.digest('hex'),
    })
    .returning({ id: csvFiles.id });
  if (!csvFile) throw new AppError('INTERNAL');
  const job = await deps.jobs.enqueue({
    jobType: SHIFT_IMPORT_JOB,
    csvFileId: csvFile.id,
    triggeredBy: ctx.actor?.userAccountId ?? null,
    metadata: { originalName: file.originalName.slice(0, 200) },
  });
  await recordAudit(deps.db, ctx, {
    action: 'shift.import',
    entityType: 'csv_file',
    entityId: csvFile.id,
    details: { jobId: job.id },
  });
  return { csvFileId: csvFile.id, job };
}

/** Tracked shift fields and how they compare (instants by time value). */
const trackedFields = [
  'date',
  'providerMedicaidId',
  'billingCode',
  'mod1',
  'pid',
  'evvInTime',
  'evvOutTime',
  'evvInLat',
  'evvInLong',
  'evvOutLat',
  'evvOutLong',
  'caregiverId',
  'clientId',
  'timeZone',
] as const;
type Tracked = Pick<ShiftRow, (typeof trackedFields)[number]>;
const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

function diff(before: Tracked, after: Tracked): ChangeHistoryEntry['changes'] {
  const changes: ChangeHistoryEntry['changes'] = {};
  for (const field of trackedFields) {
    const from = comparable(before[field]);
    const to = comparable(after[field]);
    if (from !== to) changes[field] = { from, to };
  }
  return changes;
}

function adjustmentEntries(visit: NormalizedVisit): ChangeHistoryEntry[] {
  return visit.adjustments.map((adjustment) => ({
    at: adjustment.at ?? new Date().toISOString(),
    by: null,
    byName: adjustment.by,
    action: 'evv-adjustment',
    reason: adjustment.reason,
    changes: {
      ...(visit.callInTime?.getTime() !== visit.evvInTime?.getTime()
        ? { evvInTime: { from: iso(visit.callInTime), to: iso(visit.evvInTime) } }
        : {}),
      ...(visit.callOutTime?.getTime() !== visit.evvOutTime?.getTime()
        ? { evvOutTime: { from: iso(visit.callOutTime), to: iso(visit.evvOutTime) } }
        : {}),
    },
  }));
}

type VisitOutcome = { kind: 'created' | 'updated' | 'unchanged'; newCaregiver: boolean; newClient: boolean };

async function importVisit(
  tx: Transaction,
  ctx: RequestContext,
  visit: NormalizedVisit,
  csvFileId: string,
  raw: unknown,
): Promise<VisitOutcome> {
  const caregiver = await resolveCaregiverForImport(tx, ctx, {
    externalId: visit.employeeKey,
    displayName: `New caregiver (employee …${visit.employeeHint})`,
  });
  const client = await resolveClientForImport(tx, ctx, {
    pid: visit.clientMedicaidId,
    displayName: `New client (Medicaid id …${visit.clientMedicaidId.slice(-4)})`,
  });
  const evv = evaluateEvv({ ...visit, adjustmentReason: visit.adjustments[0]?.reason ?? null });
  const values: Tracked = {
    date: visit.serviceDate,
    providerMedicaidId: visit.providerId,
    billingCode: visit.procedureCode,
    mod1: visit.modifier1,
    pid: visit.clientMedicaidId,
    evvInTime: visit.evvInTime,
    evvOutTime: visit.evvOutTime,
    evvInLat: visit.evvInLat,
    evvInLong: visit.evvInLong,
    evvOutLat: visit.evvOutLat,
    evvOutLong: visit.evvOutLong,
    caregiverId: caregiver.id,
    clientId: client.id,
    timeZone: visit.timeZone,
  };
  const people = { newCaregiver: caregiver.created, newClient: client.created };
  const [existing] = await tx
    .select()
    .from(shifts)
    .where(eq(shifts.givShiftId, visit.externalId))
    .for('update');
  const now = new Date().toISOString();
  if (!existing) {
    const history: ChangeHistoryEntry[] = [
      {
        at: now,
        by: ctx.actor?.userAccountId ?? null,
        action: 'import',
        reason: `Imported (sequence ${visit.sequence})`,
        changes: {},
      },
      ...adjustmentEntries(visit),
    ];
    const [row] = await tx
      .insert(shifts)
      .values({
        ...values,
        givShiftId: visit.externalId,
        externalSequence: visit.sequence,
        evvStatus: evv.status,
        evvStatusReason: evv.reason,
        csvFileId,
        rawData: raw as Record<string, unknown>,
        changeHistory: history,
      })
      .returning();
    if (row) await createImportSegments(tx, [row]);
    await recordAudit(tx, ctx, {
      action: 'shift.import',
      entityType: 'shift',
      entityId: row?.id ?? null,
      details: { csvFileId, outcome: 'created' },
    });
    return { kind: 'created', ...people };
  }
  if (existing.externalSequence !== null && visit.sequence <= existing.externalSequence)
    return { kind: 'unchanged', ...people };
  const changes = diff(existing, values);
  const history: ChangeHistoryEntry[] = [
    ...existing.changeHistory,
    {
      at: now,
      by: ctx.actor?.userAccountId ?? null,
      action: 'import',
      reason: `Updated by sequence ${visit.sequence} (was ${existing.externalSequence ?? 'none'})`,
      changes,
    },
    ...adjustmentEntries(visit).filter(
      (entry) =>
        !existing.changeHistory.some(
          (old) => old.action === entry.action && old.at === entry.at && old.reason === entry.reason,
        ),
    ),
  ];
  const [updatedRow] = await tx
    .update(shifts)
    .set({
      ...values,
      externalSequence: visit.sequence,
      evvStatus: evv.status,
      evvStatusReason: evv.reason,
      csvFileId,
      rawData: raw as Record<string, unknown>,
      changeHistory: history,
    })
    .where(eq(shifts.id, existing.id))
    .returning();
  if (updatedRow) await syncImportSegments(tx, [updatedRow], () => history.at(-1) as ChangeHistoryEntry);
  await recordAudit(tx, ctx, {
    action: 'shift.import',
    entityType: 'shift',
    entityId: existing.id,
    details: { csvFileId, outcome: 'updated', fields: Object.keys(changes) },
  });
  return { kind: 'updated', ...people };
}

/** The `shift-import` job: reads the raw file back from storage and imports every visit. */
export function createShiftImportHandler(deps: {
  db: Database;
  storage: StorageService;
  agencyTimeZone: string;
}) {
  return async (job: JobContext): Promise<ShiftImportResult> => {
    const ctx: RequestContext = { actor: null, requestId: `job:${job.jobId}`, ip: null, userAgent: null };
    if (!job.csvFileId) throw new JobInputError('The job names no uploaded file');
    const [file] = await deps.db.select().from(csvFiles).where(eq(csvFiles.id, job.csvFileId));
    if (!file) throw new JobInputError('The uploaded file record is missing');
    const stored = await deps.storage.download(ctx, file.bucket ?? IMPORTS_BUCKET, file.filePath);
    const content = (await streamToText(stored.body)).replace(/^\uFEFF/, '');
    let document: unknown;
    try {
      document = JSON.parse(content);
    } catch {
      throw new JobInputError(
        'The file is not valid JSON. Upload a Sandata OpenEVV visit export (a JSON array of visits).',
      );
    }
    const visits = extractSandataVisits(document);
    if (!visits)
      throw new JobInputError(
        'No visits found: expected a JSON array of Sandata OpenEVV visits, each with a VisitOtherID.',
      );
    await job.progress(1, `Found ${visits.length} visits`);
    const result: ShiftImportResult = {
      format: 'sandata-openevv',
      total: visits.length,
      created: 0,
      updated: 0,
      unchanged: 0,
      rejected: [],
      newCaregivers: 0,
      newClients: 0,
    };
    const seen = new Map<string, number>();
    for (const [index, raw] of visits.entries()) {
      const line = index + 1;
      const rawId: unknown =
        raw && typeof raw === 'object' && 'VisitOtherID' in raw ? raw.VisitOtherID : null;
      const externalId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
      const reject = (field: string, reason: string) =>
        result.rejected.push({ line, field, reason, externalId } satisfies RejectedRecord);
      const parsed = sandataVisit.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) reject(issue.path.join('.') || 'visit', issue.message);
      } else {
        const key = `${parsed.data.VisitOtherID}#${parsed.data.SequenceID}`;
        const firstLine = seen.get(key);
        if (firstLine !== undefined) {
          reject(
            'VisitOtherID',
            `duplicates visit ${parsed.data.VisitOtherID} sequence ${parsed.data.SequenceID} at line ${firstLine}`,
          );
        } else {
          seen.set(key, line);
          try {
            const visit = normalizeSandataVisit(parsed.data, deps.agencyTimeZone);
            const outcome = await deps.db.transaction((tx) => importVisit(tx, ctx, visit, file.id, raw));
            result[outcome.kind] += 1;
            if (outcome.newCaregiver) result.newCaregivers += 1;
            if (outcome.newClient) result.newClients += 1;
          } catch (error) {
            const detail = error as { field?: string; reason?: string };
            if (!detail.field) throw error;
            reject(detail.field, detail.reason ?? 'is invalid');
          }
        }
      }
      if (line % 25 === 0 || line === visits.length)
        await job.progress(1 + (line / visits.length) * 98, `${line} of ${visits.length} visits read`);
    }
    await deps.db.update(csvFiles).set({ processed: true }).where(eq(csvFiles.id, file.id));
    await job.log(
      `Created ${result.created}, updated ${result.updated}, unchanged ${result.unchanged}, rejected ${result.rejected.length}`,
    );
    return result;
  };
}
