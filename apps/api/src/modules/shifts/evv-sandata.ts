/**
 * Sandata OpenEVV visit intake format (the public alternate-EVV specification many states use; the
 * example file in fixtures/evv comes from Connecticut DSS's copy). Pure parsing and normalisation:
 * no database. Mapping, documented in docs/evv-import.md:
 *   VisitOtherID → givShiftId (the idempotency key); SequenceID → externalSequence (higher = update);
 *   EmployeeQualifier + EmployeeIdentifier (or EmployeeOtherID) → caregiver external id;
 *   ClientID (Medicaid id) → client pid; ProcedureCode → billingCode; Modifier1 → mod1;
 *   ProviderIdentification.ProviderID → providerMedicaidId; VisitTimeZone → timeZone;
 *   clock-in/out = AdjIn/AdjOutDateTime when present, else the "Time In"/"Time Out" call's CallDateTime;
 *   coordinates from the Time In / Time Out calls; VisitChanges → change history and "manually adjusted".
 * Real senders are inconsistent (BillVisit as boolean or "true"/"false", SequenceID as number or
 * string, numbers as strings): each is accepted. A field whose value is a null token (`NULL`, `null`,
 * `N/A`, blank; platform/imports/null-tokens.ts) or JSON `null` is absent: `Modifier1: "NULL"` is no
 * modifier, a required field sent as `NULL` is "is required". Dates and times must fall in the years
 * 0001–9999 (as the visit's local date too), else the visit is rejected with that reason.
 */
import { z } from 'zod';
import type { ParsedRow } from '../../platform/imports/import-kind.ts';
import { withoutNullTokens } from '../../platform/imports/null-tokens.ts';
import { instantYearProblem } from './csv/local-time.ts';
import type { VisitRecord } from './visit-record.ts';

const looseNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number),
]);
const looseBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', 'TRUE', 'FALSE', 'True', 'False']).transform((v) => v.toLowerCase() === 'true'),
]);
const text = (max = 100) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !v.includes('\u0000'), 'must not contain NUL characters');
const dateTime = z
  .string()
  .trim()
  .refine(
    (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v),
    'must be an ISO 8601 date-time',
  )
  .superRefine((v, ctx) => {
    const reason = instantYearProblem(new Date(v), 'UTC');
    if (reason) ctx.addIssue({ code: 'custom', message: reason });
  });

const call = z.object({
  CallExternalID: text().optional(),
  CallDateTime: dateTime,
  CallAssignment: z.string().trim(),
  CallType: z.string().trim().optional(),
  ProcedureCode: z.string().trim().optional(),
  CallLatitude: looseNumber.nullish(),
  CallLongitude: looseNumber.nullish(),
  VisitLocationType: z.union([z.string(), z.number()]).optional(),
});

const visitChange = z.object({
  SequenceID: z.union([z.string(), z.number()]).optional(),
  ChangeMadeBy: z.string().trim().max(200).optional(),
  ChangeDateTime: dateTime.optional(),
  ReasonCode: z.union([z.string(), z.number()]).optional(),
  // Free text, kept as sent (decision 0036).
  ChangeReasonMemo: z.string().max(1000).optional(),
  ResolutionCode: z.union([z.string(), z.number()]).optional(),
});

export const sandataVisit = z
  .object({
    ProviderIdentification: z
      .object({ ProviderQualifier: z.string().optional(), ProviderID: text(50) })
      .optional(),
    VisitOtherID: text(),
    SequenceID: looseNumber.pipe(z.number().int('must be a whole number').min(0)),
    EmployeeQualifier: z.string().trim().max(50).optional(),
    EmployeeIdentifier: text(50).optional(),
    EmployeeOtherID: text(50).optional(),
    ClientIDQualifier: z.string().trim().max(50).optional(),
    ClientIdentifier: z.string().trim().max(50).optional(),
    ClientID: text(50),
    PayerID: z.string().trim().max(50).optional(),
    PayerProgram: z.string().trim().max(50).optional(),
    ProcedureCode: text(20),
    Modifier1: z.string().trim().max(10).optional(),
    Modifier2: z.string().trim().max(10).optional(),
    Modifier3: z.string().trim().max(10).optional(),
    Modifier4: z.string().trim().max(10).optional(),
    VisitTimeZone: z.string().trim().max(64).optional(),
    AdjInDateTime: dateTime.optional(),
    AdjOutDateTime: dateTime.optional(),
    BillVisit: looseBoolean.optional(),
    Calls: z.array(call).max(50).default([]),
    VisitChanges: z.array(visitChange).max(100).default([]),
  })
  .refine((v) => v.EmployeeIdentifier || v.EmployeeOtherID, {
    message: 'is required (or EmployeeOtherID)',
    path: ['EmployeeIdentifier'],
  });
export type SandataVisit = z.infer<typeof sandataVisit>;

/** Maps legacy zone aliases (US/Eastern) through Intl; unknown zones fall back to `fallbackZone`. */
export function resolveTimeZone(zone: string | undefined, fallbackZone: string): string {
  if (!zone) return fallbackZone;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return fallbackZone;
  }
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

const isIn = (assignment: string) => /^time\s*in$/i.test(assignment);
const isOut = (assignment: string) => /^time\s*out$/i.test(assignment);

/**
 * A visit's adjustments: its `VisitChanges`, each with the call time → adjusted time changes; adjusted times
 * (`AdjIn/AdjOutDateTime` differing from the calls) without a `VisitChanges` entry are one adjustment with no reason.
 */
function visitAdjustments(
  visit: SandataVisit,
  times: {
    callInTime: Date | null;
    callOutTime: Date | null;
    evvInTime: Date | null;
    evvOutTime: Date | null;
  },
): VisitRecord['adjustments'] {
  const { callInTime, callOutTime, evvInTime, evvOutTime } = times;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const timeChanges = {
    ...(callInTime?.getTime() !== evvInTime?.getTime()
      ? { evvInTime: { from: iso(callInTime), to: iso(evvInTime) } }
      : {}),
    ...(callOutTime?.getTime() !== evvOutTime?.getTime()
      ? { evvOutTime: { from: iso(callOutTime), to: iso(evvOutTime) } }
      : {}),
  };
  const adjustedTimes =
    (visit.AdjInDateTime !== undefined && 'evvInTime' in timeChanges) ||
    (visit.AdjOutDateTime !== undefined && 'evvOutTime' in timeChanges);
  const adjustments = visit.VisitChanges.map((change) => ({
    by: change.ChangeMadeBy ?? null,
    at: change.ChangeDateTime ? new Date(change.ChangeDateTime).toISOString() : null,
    reason:
      [
        change.ReasonCode !== undefined ? `reason code ${change.ReasonCode}` : null,
        change.ChangeReasonMemo ?? null,
      ]
        .filter(Boolean)
        .join(': ') || null,
    changes: timeChanges,
  }));
  if (!adjustments.length && adjustedTimes)
    adjustments.push({ by: null, at: null, reason: null, changes: timeChanges });
  return adjustments;
}

/**
 * The importer's `VisitRecord` for one validated visit (`line` = its 1-based position, `raw` = the
 * visit as sent). The caregiver is known by `Qualifier:Identifier` only (the format has no name), the
 * client by Medicaid id. Adjusted times (`AdjIn/AdjOutDateTime` differing from the calls) and
 * `VisitChanges` become adjustments with the call time → adjusted time; adjusted times without a
 * `VisitChanges` entry count as one adjustment with no reason known.
 * Throws `{ field, reason }` when no clock-in or clock-out time exists at all (the service date
 * cannot be known).
 */
export function normalizeSandataVisit(
  visit: SandataVisit,
  agencyTimeZone: string,
  line: number,
  raw: Record<string, unknown>,
): VisitRecord {
  const inCall = visit.Calls.find((c) => isIn(c.CallAssignment));
  const outCall = visit.Calls.find((c) => isOut(c.CallAssignment));
  const callInTime = inCall ? new Date(inCall.CallDateTime) : null;
  const callOutTime = outCall ? new Date(outCall.CallDateTime) : null;
  const evvInTime = visit.AdjInDateTime ? new Date(visit.AdjInDateTime) : callInTime;
  const evvOutTime = visit.AdjOutDateTime ? new Date(visit.AdjOutDateTime) : callOutTime;
  const anchor = evvInTime ?? evvOutTime;
  if (!anchor)
    throw Object.assign(new Error('no clock-in or clock-out time'), {
      field: 'Calls',
      reason: 'has no Time In or Time Out call and no adjusted times',
    });
  const timeZone = resolveTimeZone(visit.VisitTimeZone, agencyTimeZone);
  for (const [field, instant] of [
    [visit.AdjInDateTime ? 'AdjInDateTime' : 'Calls', evvInTime],
    [visit.AdjOutDateTime ? 'AdjOutDateTime' : 'Calls', evvOutTime],
  ] as const) {
    const reason = instant && instantYearProblem(instant, timeZone);
    if (reason) throw Object.assign(new Error('out of range'), { field, reason });
  }
  const identifier = (visit.EmployeeIdentifier ?? visit.EmployeeOtherID) as string;
  const qualifier = visit.EmployeeIdentifier ? (visit.EmployeeQualifier ?? 'EmployeeID') : 'EmployeeOtherID';
  const adjustments = visitAdjustments(visit, { callInTime, callOutTime, evvInTime, evvOutTime });
  return {
    line,
    externalId: visit.VisitOtherID,
    sequence: visit.SequenceID,
    caregiver: {
      externalId: `${qualifier}:${identifier}`,
      name: null,
      placeholderName: `New caregiver (employee …${identifier.slice(-4)})`,
    },
    client: {
      pid: visit.ClientID,
      name: null,
      placeholderName: `New client (Medicaid id …${visit.ClientID.slice(-4)})`,
    },
    providerMedicaidId: visit.ProviderIdentification?.ProviderID ?? null,
    billingCode: visit.ProcedureCode,
    mod1: visit.Modifier1 || null,
    timeZone,
    serviceDate: localDate(anchor, timeZone),
    evvInTime,
    evvOutTime,
    evvInLat: inCall?.CallLatitude ?? null,
    evvInLong: inCall?.CallLongitude ?? null,
    evvOutLat: outCall?.CallLatitude ?? null,
    evvOutLong: outCall?.CallLongitude ?? null,
    adjustments,
    notes: null,
    raw,
  };
}

/**
 * One visit of the export read for the import pipeline (`line` = its 1-based position): the visit's
 * problems (one per schema issue, or no Time In / Time Out at all), or its record. Its identity is the
 * version (`VisitOtherID#SequenceID`: a repeated version is a duplicate); its versions share one write
 * key, the visit id (they update one shift). Reports name it by its `VisitOtherID` as sent.
 */
export function parseSandataVisit(
  raw: unknown,
  line: number,
  agencyTimeZone: string,
): ParsedRow<VisitRecord> {
  const rawId: unknown = raw && typeof raw === 'object' && 'VisitOtherID' in raw ? raw.VisitOtherID : null;
  const externalId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : null;
  // Null tokens (`NULL`, `N/A`, blank) and JSON nulls are absent fields (null-tokens.ts; decision 0036).
  const parsed = sandataVisit.safeParse(withoutNullTokens(raw));
  if (!parsed.success)
    return {
      ok: false,
      key: externalId,
      problems: parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'visit',
        reason: issue.message,
      })),
    };
  try {
    const visit = normalizeSandataVisit(parsed.data, agencyTimeZone, line, raw as Record<string, unknown>);
    return {
      ok: true,
      record: visit,
      key: `${parsed.data.VisitOtherID}#${parsed.data.SequenceID}`,
      label: externalId,
      writeKey: visit.externalId,
    };
  } catch (error) {
    const detail = error as { field?: string; reason?: string };
    if (!detail.field) throw error;
    return {
      ok: false,
      key: externalId,
      problems: [{ field: detail.field, reason: detail.reason ?? 'is invalid' }],
    };
  }
}

/** Whether a parsed JSON document looks like a Sandata OpenEVV visit array (or `{ Visits: [...] }`). */
export function extractSandataVisits(document: unknown): unknown[] | null {
  const list = Array.isArray(document) ? document : (document as { Visits?: unknown } | null)?.Visits;
  if (!Array.isArray(list)) return null;
  return list.some((item) => item && typeof item === 'object' && 'VisitOtherID' in item) ? list : null;
}

/** Field names of a Sandata visit, for rejection reports. */
export const sandataFieldNames = {
  caregiver: 'EmployeeIdentifier',
  client: 'ClientID',
  externalId: 'VisitOtherID',
} as const;
