/**
 * ANSI X12 835 (005010X221A1 Health Care Claim Payment/Advice) → claim lines, one per SVC service line
 * (docs/claim-reconciliation.md "X12 835"). Parsing (envelopes, delimiters from the ISA, SE/GE/IEA
 * counts) is node-x12's strict parser; this module maps the segments:
 * - claim (loop 2100): CLP01 patient control number → `claimId`, CLP02 status code → `claimStatus`
 *   ({@link claimStatusFromClp02}), CLP07 payer claim control number → `payerClaimNumber`,
 *   NM1*QC…MI NM109 → `clientPid`, DTM*232 claim service start (fallback date), claim-level CAS;
 * - service line (loop 2110): SVC01 `HC:code:mod…` → `procedureCode`, `modifier` (first modifier),
 *   SVC02 billed, SVC03 paid (cents), SVC05 units (else SVC07), DTM*472 (else DTM*150, else the
 *   claim's DTM*232) → `serviceDate`, CAS group+reason (e.g. `CO-45`) → `exceptionCode`,
 *   `denialReason`, REF*6R line item control number → `billingId` (our billing item id);
 * - payment: BPR16 → `paymentDate`; N1*PE NM104 (payee id) → `providerId`.
 * `rawData` keeps the service line's segments (and its claim's header segments) as arrays of elements.
 * A claim without SVC lines gives one line from its CLP amounts. Amounts are parsed as decimal text.
 */
import { X12Parser, type X12Interchange, type X12Segment } from 'node-x12';
import type { ClaimStatus, RejectedRecord } from '@tend/contracts';
import {
  ClaimFileError,
  MAX_FIELD_CHARS,
  moneyToCents,
  parseClaimDate,
  parseUnits,
  type ClaimLine,
  type ParsedClaimFile,
} from './claim-line.ts';

/** True when the bytes start (after a UTF-8 BOM and white space) with an ISA segment. */
export function looksLikeX12(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString('latin1')
    .replace(/^(\xEF\xBB\xBF|\s)+/, '');
  return head.startsWith('ISA');
}

/**
 * CLP02 claim status code → claim status (X12 005010X221A1): 1, 2, 3 processed (primary, secondary,
 * tertiary) and 19, 20, 21 (processed and forwarded) → paid; 4 denied and 23 not our claim → denied;
 * 22 reversal of previous payment → reversed; 25 predetermination pricing only → pended. Null for any
 * other code. A service line of a processed claim with nothing paid (SVC03 = 0) is denied.
 */
export function claimStatusFromClp02(code: string): ClaimStatus | null {
  switch (code.trim()) {
    case '1':
    case '2':
    case '3':
    case '19':
    case '20':
    case '21':
      return 'paid';
    case '4':
    case '23':
      return 'denied';
    case '22':
      return 'reversed';
    case '25':
      return 'pended';
    default:
      return null;
  }
}

/** Short descriptions of common claim adjustment reason codes (X12 CARC list), for denial reasons. */
export const adjustmentReasons: Record<string, string> = {
  '1': 'Deductible amount',
  '2': 'Coinsurance amount',
  '4': 'The procedure code is inconsistent with the modifier used',
  '16': 'Claim/service lacks information or has submission/billing error(s)',
  '18': 'Exact duplicate claim/service',
  '22': 'This care may be covered by another payer',
  '27': 'Expenses incurred after coverage terminated',
  '29': 'The time limit for filing has expired',
  '45': 'Charge exceeds fee schedule/maximum allowable',
  '96': 'Non-covered charge(s)',
  '97': 'The benefit for this service is included in the payment for another service',
  '109': 'Claim/service not covered by this payer/contractor',
  '119': 'Benefit maximum for this time period or occurrence has been reached',
  '197': 'Precertification/authorization/notification absent',
  '198': 'Precertification/authorization exceeded',
  '204': "This service is not covered under the patient's current benefit plan",
};

const elementValues = (segment: X12Segment): string[] => segment.elements.map((element) => element.value);
const asRaw = (segment: X12Segment): string[] => [segment.tag, ...elementValues(segment)];
const el = (segment: X12Segment, position: number): string =>
  segment.elements[position - 1]?.value?.trim() ?? '';

/** CAS segments → `GROUP-REASON` codes in order (each CAS holds up to 6 reason/amount/quantity triplets). */
function adjustmentCodes(segments: X12Segment[]): string[] {
  const codes: string[] = [];
  for (const cas of segments) {
    const group = el(cas, 1);
    for (let position = 2; position <= 17; position += 3) {
      const reason = el(cas, position);
      if (reason) codes.push(`${group}-${reason}`);
    }
  }
  return codes;
}

interface ClaimContext {
  clp: X12Segment;
  header: X12Segment[];
  clientPid: string | null;
  claimDate: string | null;
  claimAdjustments: X12Segment[];
  serviceLines: X12Segment[][];
}

/** One 835 transaction read: its payment date (BPR16), production date (DTM*405), payee id (N1*PE) and claims. */
interface Transaction835 {
  paymentDate: string | null;
  productionDate: string | null;
  providerId: string | null;
  claims: ClaimContext[];
}

/**
 * Parses a whole 835 file. Returns one claim line per SVC (numbered 1, 2, … through the file) and every
 * rejected line (its ordinal, the element such as `SVC02`, the reason). Throws `ClaimFileError` when
 * the file is not valid X12 (node-x12's message) or holds no 835 transaction.
 */
export function parse835(bytes: Buffer): ParsedClaimFile {
  const lines: ClaimLine[] = [];
  const rejected: RejectedRecord[] = [];
  let transactions835 = 0;
  let ordinal = 0;
  for (const interchange of parseInterchanges(bytes)) {
    const componentSeparator = el(interchange.header, 16) || ':';
    for (const group of interchange.functionalGroups) {
      for (const transaction of group.transactions) {
        if (el(transaction.header, 1) !== '835') continue;
        transactions835 += 1;
        const read = readTransaction(transaction.segments);
        for (const claim of read.claims) {
          for (const service of claim.serviceLines.length ? claim.serviceLines : [null]) {
            ordinal += 1;
            const line = serviceLineOf(read, claim, service ?? [], ordinal, componentSeparator, rejected);
            if (line) lines.push(line);
          }
        }
      }
    }
  }
  if (!transactions835)
    throw new ClaimFileError('The X12 file holds no 835 (claim payment/advice) transaction.');
  return { format: 'X12_835', lines, rejected, rawHeaders: [] };
}

/** The file's interchanges (node-x12, strict). Throws `ClaimFileError` on NUL characters or invalid X12. */
function parseInterchanges(bytes: Buffer): X12Interchange[] {
  const text = bytes.toString('latin1').replace(/^\xEF\xBB\xBF/, '');
  if (text.includes('\u0000')) throw new ClaimFileError('The X12 file contains NUL characters.');
  let parsed: ReturnType<X12Parser['parse']>;
  try {
    parsed = new X12Parser(true).parse(text.trim());
  } catch (error) {
    throw new ClaimFileError(
      `The file is not a valid X12 interchange: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return 'interchanges' in parsed ? (parsed as { interchanges: X12Interchange[] }).interchanges : [parsed];
}

/**
 * Walks a transaction's segments into claims (loop 2100, from CLP) and their service lines (loop
 * 2110, from SVC); LX, PLB and SE close a claim. A claim's segments before its first SVC are its
 * header (NM1*QC patient id, DTM*232 claim date, claim-level CAS).
 */
function readTransaction(segments: X12Segment[]): Transaction835 {
  const read: Transaction835 = { paymentDate: null, productionDate: null, providerId: null, claims: [] };
  let claim: ClaimContext | null = null;
  let inServiceLine = false;
  for (const segment of segments) {
    const tag = segment.tag;
    if (tag === 'BPR') read.paymentDate = parseClaimDate(el(segment, 16));
    else if (tag === 'DTM' && !claim && el(segment, 1) === '405')
      read.productionDate = parseClaimDate(el(segment, 2));
    else if (tag === 'N1' && !claim && el(segment, 1) === 'PE') read.providerId = el(segment, 4) || null;
    else if (tag === 'CLP') {
      claim = {
        clp: segment,
        header: [segment],
        clientPid: null,
        claimDate: null,
        claimAdjustments: [],
        serviceLines: [],
      };
      read.claims.push(claim);
      inServiceLine = false;
    } else if (tag === 'LX' || tag === 'PLB' || tag === 'SE') {
      claim = null;
      inServiceLine = false;
    } else if (claim && tag === 'SVC') {
      claim.serviceLines.push([segment]);
      inServiceLine = true;
    } else if (claim && inServiceLine) {
      claim.serviceLines.at(-1)?.push(segment);
    } else if (claim) {
      claim.header.push(segment);
      if (tag === 'NM1' && el(segment, 1) === 'QC') claim.clientPid = el(segment, 9).toUpperCase() || null;
      else if (tag === 'DTM' && el(segment, 1) === '232') claim.claimDate = parseClaimDate(el(segment, 2));
      else if (tag === 'CAS') claim.claimAdjustments.push(segment);
    }
  }
  return read;
}

/** The segment of `segments` with this tag and first element, if any. */
const findQualified = (segments: X12Segment[], tag: string, qualifier: string) =>
  segments.find((s) => s.tag === tag && el(s, 1) === qualifier);

/** A field as stored: null when empty, else cut at MAX_FIELD_CHARS. */
const clip = (value: string) => (value ? value.slice(0, MAX_FIELD_CHARS) : null);

/**
 * The claim line of one service line (`segments` from its SVC; empty for a claim without SVC lines,
 * whose CLP amounts are used), numbered `ordinal`, per the mapping in the file comment. A line with a
 * bad amount, units, date or claim status is not returned: its problems go into `rejected`.
 */
function serviceLineOf(
  read: Transaction835,
  claim: ClaimContext,
  segments: X12Segment[],
  ordinal: number,
  componentSeparator: string,
  rejected: RejectedRecord[],
): ClaimLine | null {
  const problems: RejectedRecord[] = [];
  const problem = (field: string, reason: string) =>
    problems.push({ line: ordinal, field, reason, externalId: null });
  const clp = claim.clp;
  const svc = segments[0];
  const baseStatus = claimStatusFromClp02(el(clp, 2));
  const moneyAt = (segment: X12Segment | undefined, position: number, field: string) => {
    const value = segment ? el(segment, position) : '';
    if (!value) return null;
    const cents = moneyToCents(value);
    if (cents === null) problem(field, `"${value.slice(0, 30)}" is not an amount`);
    return cents;
  };
  const billedAmount = svc ? moneyAt(svc, 2, 'SVC02') : moneyAt(clp, 3, 'CLP03');
  const paidAmount = svc ? moneyAt(svc, 3, 'SVC03') : moneyAt(clp, 4, 'CLP04');
  const unitsText = svc ? el(svc, 5) || el(svc, 7) : '';
  const units = unitsText ? parseUnits(unitsText) : null;
  if (unitsText && units === null) problem('SVC05', `"${unitsText.slice(0, 30)}" is not a number of units`);
  const lineDate = findQualified(segments, 'DTM', '472') ?? findQualified(segments, 'DTM', '150');
  const serviceDate = lineDate ? parseClaimDate(el(lineDate, 2)) : claim.claimDate;
  if (lineDate && !serviceDate) problem('DTM03', `"${el(lineDate, 2).slice(0, 30)}" is not a date`);
  if (!serviceDate && !lineDate)
    problem('DTM*472', 'the service line has no service date (DTM*472 or claim DTM*232)');
  if (!baseStatus) problem('CLP02', `claim status code "${el(clp, 2).slice(0, 10)}" is not one Tend knows`);
  if (problems.length) {
    rejected.push(...problems);
    return null;
  }
  const lineAdjustments = segments.filter((s) => s.tag === 'CAS');
  const codes = adjustmentCodes(lineAdjustments.length ? lineAdjustments : claim.claimAdjustments);
  const status: ClaimStatus = baseStatus === 'paid' && paidAmount === 0 ? 'denied' : (baseStatus ?? 'pended');
  const composite = svc ? el(svc, 1).split(componentSeparator) : [];
  const lineItem = findQualified(segments, 'REF', '6R');
  return {
    lineNumber: ordinal,
    claimId: clip(el(clp, 1)),
    payerClaimNumber: clip(el(clp, 7)),
    billingId: clip(lineItem ? el(lineItem, 2) : ''),
    clientPid: claim.clientPid,
    providerId: read.providerId,
    serviceDate,
    procedureCode: clip((composite[1] ?? '').toUpperCase()),
    modifier: clip((composite[2] ?? '').toUpperCase()),
    units,
    billedAmount,
    paidAmount,
    paymentDate: read.paymentDate ?? read.productionDate,
    claimStatus: status,
    denialReason: status === 'denied' ? denialReasonOf(codes, segments) : null,
    exceptionCode: codes.length ? codes.join(', ').slice(0, MAX_FIELD_CHARS) : null,
    rawData: { claim: claim.header.map(asRaw), serviceLine: segments.map(asRaw) },
  };
}

/**
 * A denied line's reason: its first adjustment code with the CARC description when known (else
 * "Denied by the payer"), then its LQ remark codes (`LQ01-LQ02`), `; `-separated, cut at MAX_FIELD_CHARS.
 */
function denialReasonOf(codes: string[], segments: X12Segment[]): string {
  const remarks = segments.filter((s) => s.tag === 'LQ').map((s) => `${el(s, 1)}-${el(s, 2)}`);
  const firstCode = codes[0];
  const description = firstCode ? adjustmentReasons[firstCode.split('-')[1] ?? ''] : undefined;
  return [
    firstCode ? `${firstCode}${description ? `: ${description}` : ''}` : 'Denied by the payer',
    ...remarks,
  ]
    .join('; ')
    .slice(0, MAX_FIELD_CHARS);
}
