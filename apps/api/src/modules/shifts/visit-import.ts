/**
 * Writes a batch of `VisitRecord`s as shifts (issue "shift records with EVV": nothing is lost,
 * nothing doubles). Idempotent on the external shift id (`givShiftId`):
 *   - a new id creates the shift, its one `import` segment and an audit event;
 *   - a known id whose imported values hash the same as last time changes nothing (so an admin's
 *     later correction survives a re-import of the same file);
 *   - a Sandata `SequenceID` not higher than the stored one changes nothing and is reported as a stale
 *     update with both SequenceIDs (`ImportRejections.stale`; decision 0036) — unless it is the very
 *     version stored (same hash), which is unchanged;
 *   - otherwise the shift is updated, its history records old → new per field, and its segment follows.
 * People are linked through `ImportPeopleIndex` (external id, then name/altNames); unknown people are
 * created flagged for review in their own committed step; a name shared by several people, or one the
 * preview asked about and the admin left unanswered (decision 0035), rejects the record. All shifts of a batch are written in one transaction: a crash leaves whole batches only,
 * and re-running the job resumes (what was written comes back as unchanged).
 */
import { hash as digest } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { evaluateEvv, type ShiftImportResult, type StaleRecord } from '@tend/contracts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { auditEventsPerRow, recordAuditEvents, type AuditInput } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import type { ImportRejections } from '../../platform/imports/import-kind.ts';
import type { ImportPeopleIndex, PersonMatch, PersonReference } from '../people/people-matching.ts';
import { shifts, type ChangeHistoryEntry } from './shifts.table.ts';
import { syncImportSegments } from './shift-segments.ts';
import { iso, type ShiftRow } from './shift-view.ts';
import type { VisitRecord } from './visit-record.ts';

/**
 * Batches of visits written at a time (`ImportWriter.writers`), each in its own transaction on its own
 * connection: PostgreSQL's work per batch (shifts, segments, audit rows, indexes) is most of an import,
 * and two batches use both cores of a small server while the next batch is parsed. Batches never share
 * a shift id, and unknown people are created one batch at a time (decision 0022, session 8).
 */
export const VISIT_IMPORT_WRITERS = 2;

/** Shift fields an import sets, compared field by field for the change history. */
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

/** Names of the file's fields for rejection reports (CSV headers or Sandata JSON paths). */
export interface SourceFieldNames {
  caregiver: string;
  client: string;
  externalId: string;
}

/** Counts of one import, accumulated batch by batch (contracts `shiftImportResult`). */
export type ImportTally = Omit<ShiftImportResult, 'format' | 'total' | 'rejected' | 'duplicates' | 'stale'>;

export function emptyTally(): ImportTally {
  return { created: 0, updated: 0, unchanged: 0, newCaregivers: 0, newClients: 0 };
}

const caregiverRef = (record: VisitRecord): PersonReference => ({
  externalId: record.caregiver.externalId,
  name: record.caregiver.name,
  placeholderName: record.caregiver.placeholderName,
});
const clientRef = (record: VisitRecord): PersonReference => ({
  externalId: record.client.pid,
  name: record.client.name,
  placeholderName: record.client.placeholderName,
});

/**
 * SHA-256 (hex) of everything an import writes for a visit: equal hash = nothing to change. The input
 * text must never change (stored hashes are compared with it on every re-import); `crypto.hash` is the
 * one-shot form of `createHash('sha256').update(text).digest('hex')`, same value, less work per row.
 */
function importHash(values: Tracked, record: VisitRecord): string {
  return digest(
    'sha256',
    JSON.stringify([
      trackedFields.map((field) => comparable(values[field])),
      record.sequence,
      record.notes,
      record.adjustments,
    ]),
    'hex',
  );
}

/** The first reason the source gave for an adjustment of the visit, if any (the EVV status shows it). */
function adjustmentReason(record: VisitRecord): string | null {
  for (const adjustment of record.adjustments) if (adjustment.reason) return adjustment.reason;
  return null;
}

function adjustmentEntries(record: VisitRecord, now: string): ChangeHistoryEntry[] {
  return record.adjustments.map((adjustment) => ({
    at: adjustment.at ?? now,
    by: null,
    byName: adjustment.by,
    action: 'evv-adjustment',
    reason: adjustment.reason,
    changes: adjustment.changes,
  }));
}

/**
 * Imports one batch (records with distinct external ids), updating `tally`; a record naming a person
 * several people share by name goes to `rejections`. People first (own transaction), then every shift
 * of the batch in one transaction. Throws only on database failure.
 * Empties `input.records`: the records are let go as soon as the batch's statements are built, so a
 * batch does not outlive its write's round trips in memory (0022, session 6); callers pass a fresh array.
 */
export async function importVisitBatch(
  db: Database,
  ctx: RequestContext,
  input: {
    records: VisitRecord[];
    /** The upload the shifts came from (null: promoted from staging rows without one, e.g. OCR). */
    csvFileId: string | null;
    people: ImportPeopleIndex;
    fields: SourceFieldNames;
    tally: ImportTally;
    rejections: ImportRejections;
  },
): Promise<void> {
  const { people, tally, fields, csvFileId } = input;
  const reject = (record: VisitRecord, field: string, reason: string) =>
    input.rejections.reject({ line: record.line, field, reason, externalId: record.externalId });

  // Each record is matched once here (the name folding costs microseconds per call); only records
  // naming a person not yet known are matched again, after those people are created.
  const records: LinkedRecord[] = [];
  let unknown = false;
  for (const record of input.records) {
    const caregiver = people.matchCaregiver(caregiverRef(record));
    const client = people.matchClient(clientRef(record));
    const refused = refusal(caregiver, 'caregivers') ?? refusal(client, 'clients');
    if (refused) {
      reject(record, refused.kind === 'caregivers' ? fields.caregiver : fields.client, refused.reason);
      continue;
    }
    if (caregiver.kind === 'unknown' || client.kind === 'unknown') unknown = true;
    records.push({
      record,
      caregiverId: caregiver.kind === 'found' ? caregiver.id : null,
      clientId: client.kind === 'found' ? client.id : null,
    });
  }
  // From here on `records` holds the batch: the caller's array lets go (see the docstring).
  input.records.length = 0;
  if (!records.length) return;

  if (unknown) {
    // Batches are written two at a time (`VISIT_IMPORT_WRITERS`): people are created one batch at a
    // time, so a new person two batches name is created once.
    await people.oneCreationAtATime(() =>
      db.transaction(async (tx) => {
        const all = records.map((linked) => linked.record);
        tally.newCaregivers += await people.createUnknown(tx, ctx, 'caregiver', all.map(caregiverRef));
        tally.newClients += await people.createUnknown(tx, ctx, 'client', all.map(clientRef));
      }),
    );
    const resolved: LinkedRecord[] = [];
    for (const linked of records) {
      const caregiver = linked.caregiverId ? null : people.matchCaregiver(caregiverRef(linked.record));
      const client = linked.clientId ? null : people.matchClient(clientRef(linked.record));
      // A name without an id that the batch gave two new people with ids is ambiguous only now.
      const refused =
        (caregiver && refusal(caregiver, 'caregivers')) ?? (client && refusal(client, 'clients'));
      if (refused) {
        reject(
          linked.record,
          refused.kind === 'caregivers' ? fields.caregiver : fields.client,
          refused.reason,
        );
        continue;
      }
      if (caregiver) linked.caregiverId = idOf(caregiver);
      if (client) linked.clientId = idOf(client);
      resolved.push(linked);
    }
    records.splice(0, records.length, ...resolved);
    if (!records.length) return;
  }

  const rejections = input.rejections;
  await db.transaction((tx) => writeShifts(tx, ctx, { records, csvFileId, tally, rejections }));
}

/**
 * Why a match cannot be linked, in words, or null: a name several people have (`ambiguous`), or a name
 * the preview asked about and the admin did not answer (`namesake`, decision 0035).
 */
function refusal(
  match: PersonMatch,
  kind: 'caregivers' | 'clients',
): { kind: 'caregivers' | 'clients'; reason: string } | null {
  if (match.kind === 'ambiguous')
    return {
      kind,
      reason: `matches ${match.count} ${kind} by name; add their id to the file or make the names distinct`,
    };
  if (match.kind === 'namesake')
    return {
      kind,
      reason: `is a name more than one person may have and was not answered on the preview; import again and choose who it is, or add their id to the file`,
    };
  return null;
}

/** A record with the ids of its caregiver and client (null only until unknown people are created). */
interface LinkedRecord {
  record: VisitRecord;
  caregiverId: string | null;
  clientId: string | null;
}

const idOf = (match: ReturnType<ImportPeopleIndex['matchClient']>): string => {
  if (match.kind !== 'found') throw new Error('person not resolved before writing shifts');
  return match.id;
};

const resolved = (id: string | null): string => {
  if (id === null) throw new Error('person not resolved before writing shifts');
  return id;
};

/**
 * One new shift of a batch exactly as `insertShifts` sends it: the columns of its `json_to_recordset`
 * (snake_case), text as the driver would send it (`asSent`), instants as ISO strings, coordinates as
 * `asFloat` gives them, plus the notes its segment carries. Built once per record, straight from the
 * record (no intermediate objects: a batch of these is the one thing a write holds per record).
 */
interface NewShiftRow {
  giv_shift_id: string | null;
  date: string | null;
  provider_medicaid_id: string | null;
  billing_code: string | null;
  mod1: string | null;
  pid: string | null;
  evv_in_time: string | null;
  evv_out_time: string | null;
  evv_in_lat: number | string | null;
  evv_in_long: number | string | null;
  evv_out_lat: number | string | null;
  evv_out_long: number | string | null;
  caregiver_id: string;
  client_id: string;
  time_zone: string | null;
  external_sequence: number | null;
  evv_status: string;
  evv_status_reason: string | null;
  raw_data: Record<string, unknown>;
  import_hash: string;
  change_history: ChangeHistoryEntry[];
  notes: string | null;
}

/** Lone UTF-16 surrogates (what `Buffer.from(text)` writes as U+FFFD). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` as the driver would send it as a text parameter: a lone surrogate becomes U+FFFD (JSON writes
 * it as a `\ud800` escape, which PostgreSQL refuses). Text without surrogates is returned as is.
 */
const asSent = (text: string | null): string | null =>
  text !== null && /[\ud800-\udfff]/.test(text) ? text.replace(LONE_SURROGATE, '\ufffd') : text;

/** A coordinate for JSON: Infinity and NaN as the words PostgreSQL reads (JSON would make them null). */
const asFloat = (value: number | null): number | string | null =>
  value === null || Number.isFinite(value) ? value : String(value);

/**
 * Inserts new shifts, their one `import` segment each and one `shift.import` audit event each in a
 * single statement: the batch travels once, as one JSON array of row objects (`json_to_recordset`
 * types the columns; one `JSON.stringify` costs the driver far less than a text array per column), and
 * the segment and audit rows are made by PostgreSQL from the inserted shifts (data-modifying CTEs).
 * Same result as inserting through `createImportSegments` and `recordAuditEvents`, at a fraction of
 * the round trips.
 */
async function insertShifts(
  tx: Transaction,
  ctx: RequestContext,
  rows: NewShiftRow[],
  csvFileId: string | null,
) {
  // Notes travel on the segment: join them back by shift id only when the batch has any (most exports
  // have none, and the join is a sort of both sides).
  const segmentNotes = rows.some((r) => r.notes !== null)
    ? sql.raw('input.notes from inserted i join input using (giv_shift_id)')
    : sql.raw('null::text from inserted i');
  const batch = JSON.stringify(rows);
  // The rows are in `batch` now: let them go before the round trip (see `writeShifts`).
  rows.length = 0;
  await tx.execute(sql`
    with input as (
      select * from json_to_recordset(${batch}::json) as t(giv_shift_id text, date date,
        provider_medicaid_id text, billing_code text, mod1 text, pid text, evv_in_time timestamptz,
        evv_out_time timestamptz, evv_in_lat float8, evv_in_long float8, evv_out_lat float8,
        evv_out_long float8, caregiver_id uuid, client_id uuid, time_zone text, external_sequence int,
        evv_status text, evv_status_reason text, raw_data jsonb, import_hash text, change_history jsonb,
        notes text)
    ),
    inserted as (
      insert into shift (giv_shift_id, date, provider_medicaid_id, billing_code, mod1, pid, evv_in_time,
        evv_out_time, evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, caregiver_id, client_id, time_zone,
        external_sequence, evv_status, evv_status_reason, csv_file_id, raw_data, import_hash, change_history)
      select giv_shift_id, date, provider_medicaid_id, billing_code, mod1, pid, evv_in_time, evv_out_time,
        evv_in_lat, evv_in_long, evv_out_lat, evv_out_long, caregiver_id, client_id, time_zone,
        external_sequence, evv_status, evv_status_reason, ${csvFileId}::uuid, raw_data, import_hash,
        change_history
      from input
      returning id, giv_shift_id, evv_in_time, evv_out_time, evv_in_lat, evv_in_long, evv_out_lat,
        evv_out_long, billing_code, mod1
    ),
    segments as (
      insert into shift_segment (shift_id, evv_start, evv_end, evv_in_lat, evv_in_long, evv_out_lat,
        evv_out_long, billing_code, modifier, segment_group_id, creation_source, notes)
      select i.id, i.evv_in_time, i.evv_out_time, i.evv_in_lat, i.evv_in_long, i.evv_out_lat, i.evv_out_long,
        i.billing_code, i.mod1, gen_random_uuid(), 'import', ${segmentNotes}
    )
    ${auditEventsPerRow(ctx, {
      action: 'shift.import',
      entityType: 'shift',
      rows: sql`inserted`,
      entityId: sql`id::text`,
      details: sql`jsonb_build_object('csvFileId', ${csvFileId}::text, 'outcome', 'created')`,
    })}
  `);
}

/** The values an import sets on a record's shift, in the shift's fields. */
function trackedValues(linked: LinkedRecord): Tracked {
  const { record } = linked;
  return {
    date: record.serviceDate,
    providerMedicaidId: record.providerMedicaidId,
    billingCode: record.billingCode,
    mod1: record.mod1,
    pid: record.client.pid,
    evvInTime: record.evvInTime,
    evvOutTime: record.evvOutTime,
    evvInLat: record.evvInLat,
    evvInLong: record.evvInLong,
    evvOutLat: record.evvOutLat,
    evvOutLong: record.evvOutLong,
    caregiverId: resolved(linked.caregiverId),
    clientId: resolved(linked.clientId),
    timeZone: record.timeZone,
  };
}

/** The EVV status of a record (contracts `evaluateEvv`). */
function evvOf(record: VisitRecord) {
  // Plain object literals, never `{ ...values, … }`: V8 gives each object spread-and-extended this
  // way its own hidden class, kilobytes per record (0022, session 6).
  return evaluateEvv({
    evvInTime: record.evvInTime,
    evvOutTime: record.evvOutTime,
    evvInLat: record.evvInLat,
    evvInLong: record.evvInLong,
    evvOutLat: record.evvOutLat,
    evvOutLong: record.evvOutLong,
    adjusted: record.adjustments.length > 0,
    adjustmentReason: adjustmentReason(record),
  });
}

/** A new shift's row as `insertShifts` sends it (see `NewShiftRow`). */
function newShiftRow(
  record: VisitRecord,
  values: Tracked,
  written: { hash: string; evv: ReturnType<typeof evaluateEvv>; now: string; actor: string | null },
): NewShiftRow {
  const { hash, evv, now, actor } = written;
  return {
    giv_shift_id: asSent(record.externalId),
    date: asSent(values.date),
    provider_medicaid_id: asSent(values.providerMedicaidId),
    billing_code: asSent(values.billingCode),
    mod1: asSent(values.mod1),
    pid: asSent(values.pid),
    evv_in_time: iso(values.evvInTime),
    evv_out_time: iso(values.evvOutTime),
    evv_in_lat: asFloat(values.evvInLat),
    evv_in_long: asFloat(values.evvInLong),
    evv_out_lat: asFloat(values.evvOutLat),
    evv_out_long: asFloat(values.evvOutLong),
    caregiver_id: values.caregiverId,
    client_id: values.clientId,
    time_zone: asSent(values.timeZone),
    external_sequence: record.sequence,
    evv_status: evv.status,
    evv_status_reason: asSent(evv.reason),
    raw_data: record.raw,
    import_hash: hash,
    change_history: [
      {
        at: now,
        by: actor,
        action: 'import',
        reason: record.sequence === null ? 'Imported' : `Imported (sequence ${record.sequence})`,
        changes: {},
      },
      ...adjustmentEntries(record, now),
    ],
    notes: asSent(record.notes),
  };
}

/**
 * Updates a known shift from a newer version of its record (history entry old → new per field, new
 * adjustments, its import segment following) and returns its audit event.
 */
async function updateShift(
  tx: Transaction,
  before: ShiftRow,
  update: {
    record: VisitRecord;
    values: Tracked;
    hash: string;
    evv: ReturnType<typeof evaluateEvv>;
    now: string;
    actor: string | null;
    csvFileId: string | null;
  },
): Promise<AuditInput> {
  const { record, values, hash, evv, now, actor, csvFileId } = update;
  const changes = diff(before, values);
  const entry: ChangeHistoryEntry = {
    at: now,
    by: actor,
    action: 'import',
    reason:
      record.sequence === null
        ? 'Updated by a newer export'
        : `Updated by sequence ${record.sequence} (was ${before.externalSequence ?? 'none'})`,
    changes,
  };
  const newAdjustments = adjustmentEntries(record, now).filter(
    (adjustment) =>
      !before.changeHistory.some(
        (old) =>
          old.action === adjustment.action && old.at === adjustment.at && old.reason === adjustment.reason,
      ),
  );
  const [row] = await tx
    .update(shifts)
    .set({
      ...values,
      externalSequence: record.sequence,
      evvStatus: evv.status,
      evvStatusReason: evv.reason,
      csvFileId,
      rawData: record.raw,
      importHash: hash,
      changeHistory: [...before.changeHistory, entry, ...newAdjustments],
    })
    .where(eq(shifts.id, before.id))
    .returning();
  if (row) await syncImportSegments(tx, [row], () => entry);
  return {
    action: 'shift.import',
    entityType: 'shift',
    entityId: before.id,
    details: { csvFileId, outcome: 'updated', fields: Object.keys(changes) },
  };
}

/** The stale-update record of a version `sequence` of a visit Tend holds at `storedSequence`. */
function staleVersion(record: VisitRecord, sequence: number, storedSequence: number): StaleRecord {
  return {
    line: record.line,
    externalId: record.externalId,
    sequence,
    storedSequence,
    reason:
      sequence === storedSequence
        ? `sequence ${sequence} of visit ${record.externalId} differs from the sequence ${storedSequence} Tend already has: the version imported first is kept`
        : `sequence ${sequence} is older than sequence ${storedSequence}, which Tend already has for visit ${record.externalId}`,
  };
}

/** The shifts of `externalIds` that exist, locked for update, by external id. */
async function lockShifts(tx: Transaction, externalIds: string[]): Promise<Map<string | null, ShiftRow>> {
  // One array parameter (`= any`), not one parameter per id: the statement is the same for every batch.
  const rows = await tx
    .select()
    .from(shifts)
    .where(sql`${shifts.givShiftId} = any(${sql.param(externalIds)}::text[])`)
    .for('update');
  return new Map(rows.map((row) => [row.givShiftId, row]));
}

/**
 * Writes the batch's shifts in `tx`: new ones in one statement (`insertShifts`), changed ones one by
 * one (`updateShift`), stale or identical ones counted unchanged.
 */
async function writeShifts(
  tx: Transaction,
  ctx: RequestContext,
  input: {
    records: LinkedRecord[];
    csvFileId: string | null;
    tally: ImportTally;
    rejections: ImportRejections;
  },
): Promise<void> {
  const { records, csvFileId, tally, rejections } = input;
  const existing = await lockShifts(
    tx,
    records.map((r) => r.record.externalId),
  );
  const now = new Date().toISOString();
  const actor = ctx.actor?.userAccountId ?? null;
  const inserts: NewShiftRow[] = [];
  const audits: AuditInput[] = [];

  for (const linked of records) {
    const { record } = linked;
    const values = trackedValues(linked);
    const hash = importHash(values, record);
    const evv = evvOf(record);
    const before = existing.get(record.externalId);
    if (!before) {
      inserts.push(newShiftRow(record, values, { hash, evv, now, actor }));
      continue;
    }
    if (before.importHash === hash) {
      tally.unchanged += 1;
      continue;
    }
    if (
      record.sequence !== null &&
      before.externalSequence !== null &&
      record.sequence <= before.externalSequence
    ) {
      rejections.stale(staleVersion(record, record.sequence, before.externalSequence));
      continue;
    }
    audits.push(await updateShift(tx, before, { record, values, hash, evv, now, actor, csvFileId }));
    tally.updated += 1;
  }

  // The records are no longer needed: let them go before the statement's round trip (objects alive
  // across the wait are kept by the next young-generation collections and promoted; 0022, session 6).
  records.length = 0;
  existing.clear();
  const created = inserts.length;
  if (created) {
    await insertShifts(tx, ctx, inserts, csvFileId);
    tally.created += created;
  }
  await recordAuditEvents(tx, ctx, audits);
}
