/**
 * The `shift-notes` import kind (docs/shift-notes.md; docs/decisions/0008-import-kinds.md): a CSV of
 * caregivers' notes (spec s.3 ShiftNote) through the shared import pipeline. Each note is matched to a
 * shift (`shift-note-matching.ts`): a given shift id that exists wins; otherwise the caregiver
 * and client are linked like the shift import links them (external id, then name/altNames; unknown
 * people are never created here) and the one shift whose window holds the submitted time (or on the
 * service date) is chosen. A note with no or several fitting shifts is stored with
 * `needsManualReview` and a `reviewReason` in words. Idempotent on `import_key`: a re-import adds nothing.
 */
import {
  importColumnMapProblems,
  shiftNoteFieldSpec,
  shiftNoteReasonPrefixes,
  type ImportPreviewRow,
  type ImportResult,
} from '@tend/contracts';
import { recordAuditEvents } from '../../platform/audit/audit.service.ts';
import { PERSON_ID_SYNONYMS, suggestFromSynonyms } from '../../platform/imports/column-map.ts';
import type {
  ImportKindDefinition,
  ImportRun,
  LineRecord,
  ParsedRow,
} from '../../platform/imports/import-kind.ts';
import type { Database, Transaction } from '../../platform/db/client.ts';
import { ImportPeopleIndex, type PersonMatch } from '../people/people-matching.ts';
import { localDateOf } from '../shifts/csv/local-time.ts';
import {
  findShiftsByGivShiftIds,
  findShiftWindows,
  pickShiftForNote,
  type ShiftWindow,
} from './shift-note-matching.ts';
import { csvRowToNote, type NoteRecord } from './shift-note-csv.ts';
import { shiftNotes } from './screening.table.ts';

export const SHIFT_NOTE_IMPORT_JOB = 'shift-note-import';

/** Header spellings per field, normalised (lower case, letters and digits only). */
export const SHIFT_NOTE_SYNONYMS: Record<(typeof shiftNoteFieldSpec.fields)[number], readonly string[]> = {
  givShiftId: ['shiftid', 'givshiftid', 'shift', 'visitid', 'visit', 'shiftnumber', 'visitotherid'],
  caregiverName: ['caregiver', 'caregivername', 'employee', 'employeename', 'worker', 'dsp', 'dspname'],
  caregiverExternalId: PERSON_ID_SYNONYMS.caregiver,
  clientName: ['client', 'clientname', 'member', 'membername', 'individual', 'consumer', 'participant'],
  pid: PERSON_ID_SYNONYMS.client,
  date: ['date', 'servicedate', 'shiftdate', 'visitdate', 'dateofservice', 'dos'],
  submittedAt: [
    'submittedat',
    'submitted',
    'submitteddate',
    'submittedtime',
    'submittedon',
    'notetime',
    'notedate',
    'timestamp',
    'createdat',
    'entered',
    'enteredat',
  ],
  prompt: ['prompt', 'question', 'notequestion', 'field', 'fieldname'],
  documentation: ['documentation', 'note', 'notes', 'answer', 'response', 'text', 'notetext', 'narrative'],
  sectionType: ['sectiontype', 'section', 'notetype', 'type', 'category'],
  staffName: ['staffname', 'staff', 'author', 'submittedby', 'writtenby', 'enteredby'],
};

/** What one notes import did, besides the rejected rows. */
export interface NoteImportSummary {
  created: number;
  unchanged: number;
  matched: number;
  needsReview: number;
}

const who = (ref: { externalId: string | null; name: string | null }, what: string) =>
  ref.name ?? (ref.externalId ? `${what} ${ref.externalId}` : what);

/** `YYYY-MM-DD` `days` days from `date`. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function unknownReason(kind: 'caregiver' | 'client', label: string, match: PersonMatch): string {
  const prefix = shiftNoteReasonPrefixes['unknown-person'];
  return match.kind === 'ambiguous'
    ? `${prefix} ${kind}: “${label}” matches ${match.count} ${kind}s by name`
    : `${prefix} ${kind} “${label}”: not in Tend (a notes import does not create people)`;
}

interface Decision {
  shift: ShiftWindow | null;
  caregiverId: string | null;
  clientId: string | null;
  reviewReason: string | null;
}

/** A note that names its caregiver and client (both found) and a time: matched against shift windows. */
interface PendingNote {
  note: NoteRecord;
  caregiverId: string;
  clientId: string;
}

/** The local date a note is matched on: its submitted time's date in the zone, else its service date. */
const matchDate = (note: NoteRecord, timeZone: string) =>
  note.submittedAt ? localDateOf(note.submittedAt, timeZone) : note.serviceDate;

/** Words for a note whose shift id is not in Tend, appended to its review reason. */
const missingId = (note: NoteRecord) =>
  note.givShiftId ? ` (shift id ${note.givShiftId} is not in Tend)` : '';

/**
 * The decision for a note without a known shift id: pending (people found and a date to match on), or
 * needing review with the reason (an unknown or ambiguous person, or nothing to match with).
 */
function decideByPeople(
  note: NoteRecord,
  people: ImportPeopleIndex,
  timeZone: string,
): { pending: PendingNote } | { decision: Decision } {
  const caregiver = people.matchCaregiver({ ...note.caregiver, placeholderName: '' });
  const client = people.matchClient({
    externalId: note.client.pid,
    name: note.client.name,
    placeholderName: '',
  });
  const caregiverId = caregiver.kind === 'found' ? caregiver.id : null;
  const clientId = client.kind === 'found' ? client.id : null;
  if (caregiverId && clientId && matchDate(note, timeZone))
    return { pending: { note, caregiverId, clientId } };
  const reason =
    caregiver.kind !== 'found' && (note.caregiver.name || note.caregiver.externalId)
      ? unknownReason('caregiver', who(note.caregiver, 'caregiver'), caregiver)
      : client.kind !== 'found' && (note.client.name || note.client.pid)
        ? unknownReason('client', who({ externalId: note.client.pid, name: note.client.name }, 'pid'), client)
        : `${shiftNoteReasonPrefixes['no-shift']} found: the note names no caregiver, client or time to match`;
  return { decision: { shift: null, caregiverId, clientId, reviewReason: reason + missingId(note) } };
}

/** The decisions for pending notes: the one shift of theirs whose window fits, else the review reason. */
async function decideByWindows(
  db: Database,
  pending: PendingNote[],
  timeZone: string,
  decisions: Map<NoteRecord, Decision>,
): Promise<void> {
  if (!pending.length) return;
  const dates = pending.map((p) => matchDate(p.note, timeZone) as string).sort();
  const windows = await findShiftWindows(db, {
    caregiverIds: pending.map((p) => p.caregiverId),
    clientIds: pending.map((p) => p.clientId),
    from: addDays(dates[0] as string, -1),
    to: addDays(dates.at(-1) as string, 1),
  });
  for (const { note, caregiverId, clientId } of pending) {
    const candidates = windows.filter((w) => w.caregiverId === caregiverId && w.clientId === clientId);
    const match = pickShiftForNote(note, candidates);
    const cg = who(note.caregiver, 'caregiver');
    const cl = who({ externalId: note.client.pid, name: note.client.name }, 'client');
    const when = note.submittedAt
      ? `at ${matchDate(note, timeZone)} ${note.submittedAt.toLocaleTimeString('en-US', { timeZone, hour: '2-digit', minute: '2-digit' })}`
      : `on ${note.serviceDate}`;
    decisions.set(note, {
      shift: match.kind === 'matched' ? match.shift : null,
      caregiverId,
      clientId,
      reviewReason:
        match.kind === 'matched'
          ? null
          : match.kind === 'none'
            ? `${shiftNoteReasonPrefixes['no-shift']} of ${cg} for ${cl} ${when}${missingId(note)}`
            : `${shiftNoteReasonPrefixes.ambiguous}: ${match.shifts.length} shifts of ${cg} for ${cl} fit ${when} (${match.shifts.map((s) => s.givShiftId ?? 'no shift id').join(', ')})`,
    });
  }
}

/** Each note's shift (or review reason): a given shift id that exists wins, else people and time. */
async function decideNotes(
  db: Database,
  run: ImportRun,
  people: ImportPeopleIndex,
  notes: NoteRecord[],
): Promise<Map<NoteRecord, Decision>> {
  const byGivId = await findShiftsByGivShiftIds(
    db,
    notes.flatMap((n) => (n.givShiftId ? [n.givShiftId] : [])),
  );
  const pending: PendingNote[] = [];
  const decisions = new Map<NoteRecord, Decision>();
  for (const note of notes) {
    const direct = note.givShiftId ? byGivId.get(note.givShiftId) : undefined;
    if (direct) {
      decisions.set(note, {
        shift: direct,
        caregiverId: direct.caregiverId,
        clientId: direct.clientId,
        reviewReason: null,
      });
      continue;
    }
    const decided = decideByPeople(note, people, run.timeZone);
    if ('pending' in decided) pending.push(decided.pending);
    else decisions.set(note, decided.decision);
  }
  await decideByWindows(db, pending, run.timeZone, decisions);
  return decisions;
}

/**
 * Inserts the notes, skipping those already imported (same `import_key`), with one `shift_note.import`
 * audit event per new note, and counts them in `summary`.
 */
async function insertNotes(
  tx: Transaction,
  run: ImportRun,
  input: { notes: NoteRecord[]; decisions: Map<NoteRecord, Decision>; summary: NoteImportSummary },
): Promise<void> {
  const { notes, decisions, summary } = input;
  const inserted = await tx
    .insert(shiftNotes)
    .values(
      notes.map((note) => {
        const decision = decisions.get(note) as Decision;
        return {
          shiftId: decision.shift?.id ?? null,
          submittedAt: note.submittedAt,
          prompt: note.prompt,
          documentation: note.documentation,
          staffName: note.staffName,
          caregiverId: decision.caregiverId,
          sectionType: note.sectionType,
          clientId: decision.clientId,
          givShiftId: note.givShiftId,
          matchedGivShiftId: decision.shift?.givShiftId ?? null,
          needsManualReview: decision.shift === null,
          reviewReason: decision.reviewReason,
          importKey: note.importKey,
          csvFileId: run.file.id,
        };
      }),
    )
    .onConflictDoNothing({ target: shiftNotes.importKey })
    .returning({ id: shiftNotes.id, shiftId: shiftNotes.shiftId });
  const matched = inserted.filter((n) => n.shiftId !== null).length;
  summary.created += inserted.length;
  summary.unchanged += notes.length - inserted.length;
  summary.matched += matched;
  summary.needsReview += inserted.length - matched;
  await recordAuditEvents(
    tx,
    run.ctx,
    inserted.map((note) => ({
      action: 'shift_note.import',
      entityType: 'shift_note',
      entityId: note.id,
      details: { csvFileId: run.file.id, matched: note.shiftId !== null },
    })),
  );
}

/** Matches and writes one batch of notes (distinct import keys) in one transaction. */
async function writeNotes(
  db: Database,
  run: ImportRun,
  people: ImportPeopleIndex,
  records: LineRecord<NoteRecord>[],
  summary: NoteImportSummary,
): Promise<void> {
  const notes = records.map((r) => r.record);
  const decisions = await decideNotes(db, run, people, notes);
  await db.transaction((tx) => insertNotes(tx, run, { notes, decisions, summary }));
}

/** Documentation shortened for the preview. */
const excerpt = (text: string, max = 120) =>
  [...text].length > max ? `${[...text].slice(0, max).join('')}…` : text;

function previewRow(line: number, parsed: ParsedRow<NoteRecord>): ImportPreviewRow {
  if (!parsed.ok) return { line, key: parsed.key, values: {}, errors: parsed.problems };
  const note = parsed.record;
  return {
    line,
    key: note.givShiftId,
    values: {
      submittedAt: note.submittedAt?.toISOString() ?? null,
      date: note.serviceDate,
      givShiftId: note.givShiftId,
      caregiver: note.caregiver.name ?? note.caregiver.externalId,
      client: note.client.name ?? note.client.pid,
      prompt: note.prompt,
      documentation: excerpt(note.documentation),
      sectionType: note.sectionType,
      staffName: note.staffName,
    },
    errors: [],
  };
}

/** The `shift-notes` import kind. */
export const shiftNoteImportKind: ImportKindDefinition<{
  record: NoteRecord;
  preview: ImportPreviewRow;
  summary: NoteImportSummary;
  result: ImportResult;
  field: string;
  jsonFormat: never;
}> = {
  kind: 'shift-notes',
  jobType: SHIFT_NOTE_IMPORT_JOB,
  folder: 'shift-notes',
  audit: { import: 'shift_note.import', read: 'shift_import.read', preview: 'shift_import.preview' },
  suggestColumnMap: (headers) => suggestFromSynonyms(headers, SHIFT_NOTE_SYNONYMS),
  columnMapProblems: (map) => importColumnMapProblems(shiftNoteFieldSpec, map),
  parseRow: csvRowToNote,
  previewRow,
  duplicate: {
    field: 'documentation',
    reason: (_row, firstLine) =>
      `repeats the note at line ${firstLine} (same shift, people, time and text): only the first copy is imported`,
  },
  async openWriter(deps, run) {
    const people = await ImportPeopleIndex.load(deps.db);
    const summary: NoteImportSummary = { created: 0, unchanged: 0, matched: 0, needsReview: 0 };
    return {
      write: (records) => writeNotes(deps.db, run, people, records, summary),
      summary: () => summary,
    };
  },
  result: (base, summary) => ({
    kind: 'shift-notes',
    format: 'csv',
    total: base.total,
    created: summary.created,
    updated: 0,
    unchanged: summary.unchanged,
    rejected: base.rejected,
    duplicates: base.duplicates,
    stale: base.stale,
    counts: { matched: summary.matched, needsReview: summary.needsReview },
  }),
  changed: (summary) => summary.matched > 0,
};
