/**
 * Writing staged rows (issue 23; spec s.3 StagingShift, StagingShiftSegment): every source — the
 * `staging-shifts` CSV import, OCR'd timesheets (module ocr, `stageShiftRows`), the direct sync — stages
 * through `writeStagedBatch`, so a row is resolved (rules, mapping, status) and stored the same way.
 * Idempotent on `givShiftId`: a row seen again is updated and its `seenCount` bumped; an UPLOADED row
 * whose resolved values did not change stays UPLOADED (promoting twice creates nothing new).
 */
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { localToInstant, nextDay, type CalendarDate, type TimeOfDay } from '../shifts/csv/local-time.ts';
import { StagingResolver, type ResolvedRow, type StageRecord } from './staging-resolve.ts';
import { givIdMappings, stagingResolutionRules } from './staging.table.ts';

/** What one staged batch did. */
export interface StageTally {
  created: number;
  updated: number;
  ready: number;
  notReady: number;
  rulesApplied: number;
}

export const emptyStageTally = (): StageTally => ({
  created: 0,
  updated: 0,
  ready: 0,
  notReady: 0,
  rulesApplied: 0,
});

/** Where a batch came from (stored on each row; ids only in the audit event). */
export interface StageSource {
  kind: 'csv' | 'ocr' | 'sync';
  csvFileId?: string | null;
  processingJobId?: string | null;
  documentId?: string;
}

/**
 * Resolves and stores one batch (distinct or repeated `givShiftId`s: the last copy wins) in one
 * transaction, with the mappings it found, the rules' applied counts and one `staging_shift.stage`
 * audit event (source, ids and counts). Returns each record's staging id, in order.
 */
export async function writeStagedBatch(
  db: Database,
  ctx: RequestContext,
  input: {
    records: StageRecord[];
    resolver: StagingResolver;
    source: StageSource;
    tally: StageTally;
    /**
     * `revalidate`: rows already staged, resolved again after a mapping, rule or fix changed (their
     * source, file, raw row and seen count are kept; rule applications are not counted again; audited
     * as `staging_shift.revalidate`). Default `stage`.
     */
    mode?: 'stage' | 'revalidate';
  },
): Promise<string[]> {
  const { resolver, source, tally } = input;
  const revalidation = input.mode === 'revalidate';
  const byId = new Map<string, ResolvedRow>();
  for (const record of input.records) byId.set(record.givShiftId, resolver.resolve(record));
  const rows = [...byId.values()];
  const mappings = resolver.pendingMappings;
  resolver.pendingMappings = [];
  const applications = [...resolver.ruleApplications.entries()];
  resolver.ruleApplications.clear();
  const applied = revalidation ? 0 : applications.reduce((n, [, count]) => n + count, 0);
  tally.rulesApplied += applied;
  if (!rows.length) return [];
  const ids = await db.transaction(async (tx) => {
    if (mappings.length) await tx.insert(givIdMappings).values(mappings).onConflictDoNothing();
    const written = await writeRows(tx, rows, source, revalidation);
    if (!revalidation)
      for (const [ruleId, count] of applications)
        await tx
          .update(stagingResolutionRules)
          .set({ appliedCount: sql`${stagingResolutionRules.appliedCount} + ${count}` })
          .where(sql`${stagingResolutionRules.id} = ${ruleId}`);
    let created = 0;
    for (const row of written.values()) if (row.created) created++;
    tally.created += created;
    tally.updated += rows.length - created;
    for (const row of rows) {
      if (row.status === 'READY') tally.ready++;
      else tally.notReady++;
    }
    await recordAudit(tx, ctx, {
      action: revalidation ? 'staging_shift.revalidate' : 'staging_shift.stage',
      entityType: 'staging_shift',
      details: {
        source: source.kind,
        csvFileId: source.csvFileId ?? null,
        processingJobId: source.processingJobId ?? null,
        documentId: source.documentId ?? null,
        rows: rows.length,
        created,
        mappingsCreated: mappings.length,
        rulesApplied: applied,
      },
    });
    return written;
  });
  return input.records.map((record) => (ids.get(record.givShiftId) as { id: string }).id);
}

/** Columns a re-import overwrites; a revalidation keeps the source's (`sourceColumns`). */
const resolvedColumns = [
  'client_id',
  'caregiver_id',
  'date',
  'processed_at',
  'client_connection_status',
  'caregiver_connection_status',
  'client_mapping_id',
  'caregiver_mapping_id',
  'client_match_candidates',
  'caregiver_match_candidates',
];
const sourceColumns = [
  'original_client_id',
  'original_caregiver_id',
  'original_client_name',
  'original_caregiver_name',
  'csv_file_id',
  'processing_job_id',
  'last_seen_at',
  'source',
  'raw_data',
];

/** A coordinate for JSON: Infinity and NaN as the words PostgreSQL reads (JSON would make them null). */
const asFloat = (value: number | null): number | string | null =>
  value === null || Number.isFinite(value) ? value : String(value);

/** One resolved row as `writeRows` sends it: the columns of its `json_to_recordset`. */
function rowJson(row: ResolvedRow) {
  const { record } = row;
  return {
    giv_shift_id: record.givShiftId,
    client_id: row.client.entityId,
    caregiver_id: row.caregiver.entityId,
    original_client_id: record.clientGivId,
    original_caregiver_id: record.caregiverGivId,
    original_client_name: record.clientName,
    original_caregiver_name: record.caregiverName,
    date: record.date,
    status: row.status,
    error_details: row.errorDetails,
    content_hash: row.contentHash,
    raw_data: record.raw,
    client_connection_status: row.client.status,
    caregiver_connection_status: row.caregiver.status,
    client_mapping_id: row.client.mappingId,
    caregiver_mapping_id: row.caregiver.mappingId,
    client_match_candidates: row.client.candidates,
    caregiver_match_candidates: row.caregiver.candidates,
    evv_start: record.evvStart?.toISOString() ?? null,
    evv_end: record.evvEnd?.toISOString() ?? null,
    evv_in_lat: asFloat(record.evvInLat),
    evv_in_long: asFloat(record.evvInLong),
    evv_out_lat: asFloat(record.evvOutLat),
    evv_out_long: asFloat(record.evvOutLong),
    billing_code: row.billingCode,
    original_billing_code: record.billingCode,
    modifier: record.mod1,
  };
}

/**
 * Upserts the batch's staged shifts and replaces their segments in ONE statement (decision 0062
 * addendum): the batch travels once as one JSON array (`json_to_recordset` types the columns), the
 * shifts are upserted on `giv_shift_id` (a re-import overwrites the resolved and source columns and
 * bumps `seen_count`; a revalidation keeps the source columns and the count; an UPLOADED row whose
 * content hash did not change keeps its status), and data-modifying CTEs delete the rows' old
 * segments and insert one new segment per row. Returns staging id and "created" (`xmax = 0`) per
 * `giv_shift_id`. Same result as the per-row Drizzle insert it replaces, at a fraction of the cost
 * (measured in decision 0062).
 */
async function writeRows(
  tx: Transaction,
  rows: ResolvedRow[],
  source: StageSource,
  revalidation: boolean,
): Promise<Map<string, { id: string; created: boolean }>> {
  const now = new Date().toISOString();
  const batch = JSON.stringify(rows.map(rowJson));
  const onConflict = [...resolvedColumns, ...(revalidation ? [] : sourceColumns)]
    .map((column) => `${column} = excluded.${column}`)
    .join(', ');
  const keep = `staging_shift.status = 'UPLOADED' and staging_shift.content_hash = excluded.content_hash`;
  const seen = revalidation ? 'staging_shift.seen_count' : 'staging_shift.seen_count + 1';
  const result = await tx.execute<{ id: string; giv_shift_id: string; created: boolean }>(sql`
    with input as (
      select * from json_to_recordset(${batch}::json) as t(giv_shift_id text, client_id uuid,
        caregiver_id uuid, original_client_id text, original_caregiver_id text, original_client_name text,
        original_caregiver_name text, date date, status staging_status, error_details text,
        content_hash text, raw_data jsonb, client_connection_status connection_status,
        caregiver_connection_status connection_status, client_mapping_id uuid, caregiver_mapping_id uuid,
        client_match_candidates jsonb, caregiver_match_candidates jsonb, evv_start timestamptz,
        evv_end timestamptz, evv_in_lat float8, evv_in_long float8, evv_out_lat float8,
        evv_out_long float8, billing_code text, original_billing_code text, modifier text)
    ),
    upserted as (
      insert into staging_shift (giv_shift_id, client_id, caregiver_id, original_client_id,
        original_caregiver_id, original_client_name, original_caregiver_name, date, status, error_details,
        csv_file_id, processing_job_id, last_seen_at, processed_at, source, content_hash, raw_data,
        client_connection_status, caregiver_connection_status, client_mapping_id, caregiver_mapping_id,
        client_match_candidates, caregiver_match_candidates)
      select giv_shift_id, client_id, caregiver_id, original_client_id, original_caregiver_id,
        original_client_name, original_caregiver_name, date, status, error_details,
        ${source.csvFileId ?? null}::uuid, ${source.processingJobId ?? null}::uuid, ${now}::timestamptz,
        ${now}::timestamptz, ${source.kind}, content_hash, raw_data, client_connection_status,
        caregiver_connection_status, client_mapping_id, caregiver_mapping_id, client_match_candidates,
        caregiver_match_candidates
      from input
      on conflict (giv_shift_id) do update set ${sql.raw(onConflict)},
        status = case when ${sql.raw(keep)} then staging_shift.status else excluded.status end,
        error_details = case when ${sql.raw(keep)} then null else excluded.error_details end,
        content_hash = excluded.content_hash,
        seen_count = ${sql.raw(seen)},
        updated_at = ${now}::timestamptz
      returning id, giv_shift_id, (xmax = 0) as created
    ),
    removed as (
      delete from staging_shift_segment s using upserted u where s.staging_shift_id = u.id
    ),
    segments as (
      insert into staging_shift_segment (staging_shift_id, evv_start, evv_end, evv_in_lat, evv_in_long,
        evv_out_lat, evv_out_long, billing_code, original_billing_code, modifier, status,
        last_validated_at)
      select u.id, i.evv_start, i.evv_end, i.evv_in_lat, i.evv_in_long, i.evv_out_lat, i.evv_out_long,
        i.billing_code, i.original_billing_code, i.modifier, i.status, ${now}::timestamptz
      from upserted u join input i using (giv_shift_id)
    )
    select id, giv_shift_id, created from upserted`);
  return new Map(
    result.rows.map((row) => [
      row.giv_shift_id,
      { id: row.id, created: row.created === true || String(row.created) === 'true' },
    ]),
  );
}

// ---- For module ocr --------------------------------------------------------------------------------

export interface StagedShiftInput {
  /** The source's shift id if it has one; else one is derived (e.g. `ocr:<documentId>:<n>`). */
  givShiftId: string | null;
  caregiverName: string;
  caregiverGivId: string | null;
  clientName: string;
  clientGivId: string | null;
  /** `YYYY-MM-DD`, and `HH:MM` 24-hour local times (agency time zone). */
  date: string;
  start: string;
  end: string;
  billingCode: string | null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

function calendarDate(text: string): CalendarDate | null {
  const m = DATE.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : null;
}

function timeOfDay(text: string): TimeOfDay | null {
  const m = TIME.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour < 24 && minute < 60 ? { hour, minute, second: 0, millisecond: 0 } : null;
}

/** A local date and time in `zone` as an instant, or null when either is not readable. */
function instantOf(date: CalendarDate | null, time: TimeOfDay | null, zone: string): Date | null {
  if (!date || !time) return null;
  const parsed = localToInstant(date, time, zone);
  return parsed.ok ? parsed.value : null;
}

/**
 * An OCR row as a stage record: times read in `zone`, an end before the start is the next day's
 * (overnight shift). An unreadable date or time is left null (the row is NOT_READY saying so).
 */
export function ocrStageRecord(
  row: StagedShiftInput,
  index: number,
  documentId: string,
  zone: string,
): StageRecord {
  const date = calendarDate(row.date);
  const start = instantOf(date, timeOfDay(row.start), zone);
  let end = instantOf(date, timeOfDay(row.end), zone);
  if (date && start && end && end <= start) end = instantOf(nextDay(date), timeOfDay(row.end), zone);
  return {
    givShiftId: row.givShiftId?.trim() || `ocr:${documentId}:${index + 1}`,
    caregiverGivId: row.caregiverGivId?.trim() || null,
    caregiverName: row.caregiverName.trim() || null,
    clientGivId: row.clientGivId?.trim() || null,
    clientName: row.clientName.trim() || null,
    date: date ? row.date : null,
    evvStart: start,
    evvEnd: end,
    billingCode: row.billingCode?.trim() || null,
    mod1: null,
    evvInLat: null,
    evvInLong: null,
    evvOutLat: null,
    evvOutLong: null,
    raw: { ...row, source: 'ocr', documentId },
  };
}

/**
 * Stages rows exactly as an import would (mapping, rules, status, audit); returns their staging ids in
 * order. For module ocr (issue 23): a row without a `givShiftId` gets `ocr:<documentId>:<n>` (1-based),
 * so staging the same document again updates its rows. Local times are read in `deps.agencyTimeZone`
 * (default the AGENCY_TIME_ZONE environment variable, else America/Los_Angeles). Errors: 400
 * VALIDATION_FAILED (field `rows`) for more than 5,000 rows.
 */
export async function stageShiftRows(
  deps: { db: Database; agencyTimeZone?: string },
  ctx: RequestContext,
  options: { rows: StagedShiftInput[]; source: { kind: 'ocr'; documentId: string } },
): Promise<{ stagingShiftIds: string[] }> {
  if (options.rows.length > 5000) throw AppError.field('rows', 'must be at most 5000 rows');
  if (!options.rows.length) return { stagingShiftIds: [] };
  const zone = deps.agencyTimeZone ?? (process.env.AGENCY_TIME_ZONE || 'America/Los_Angeles');
  const { documentId } = options.source;
  const resolver = await StagingResolver.load(deps.db);
  const ids = await writeStagedBatch(deps.db, ctx, {
    records: options.rows.map((row, index) => ocrStageRecord(row, index, documentId, zone)),
    resolver,
    source: { kind: 'ocr', documentId },
    tally: emptyStageTally(),
  });
  return { stagingShiftIds: ids };
}
