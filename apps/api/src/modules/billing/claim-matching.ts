/**
 * Matching imported claim lines to billing items (docs/claim-reconciliation.md "Matching"). Pure: the
 * caller loads the candidate items in bulk and writes the result.
 *
 * 1. **Exact**: the line's billing id is a billing item's id (case-insensitive) or the GIV billing id
 *    of the item's segment → confidence 1. A VOID item, or an item an earlier line of the same file
 *    already took, leaves the line ORPHANED with the reason. (An item matched by a line of an earlier
 *    import may be matched again: the newer line is the claim's newer status.)
 * 2. **By facts**, for the other lines: EXPORTED items not matched by any line, of the same client
 *    (the line's client prime is one of the item client's Medicaid ids), service date, procedure code
 *    and modifier (blank = none), whose units are within the tolerance
 *    `max(1 unit, 10 % of the item's units)` ({@link unitTolerance}). distance = |Δunits| / tolerance
 *    (0..1; 1 when either side has no units); confidence = 0.95 − 0.35 × distance (0.60..0.95).
 *    Pairs are taken closest first; a line with two equally close items, or two lines equally close to
 *    one item, is ambiguous and left ORPHANED with the reason (an admin links it by hand).
 */

/** A claim line as matching sees it. `key` identifies it in the result (the line number). */
export interface MatchLine {
  key: number;
  billingId: string | null;
  clientPid: string | null;
  serviceDate: string | null;
  procedureCode: string | null;
  modifier: string | null;
  units: number | null;
}

/** A billing item as matching sees it. */
export interface MatchItem {
  id: string;
  /** GIV billing id of the item's segment, if any. */
  segmentBillingId: string | null;
  /** Medicaid ids of the item's client (prime id, pid), upper case. */
  clientPids: string[];
  date: string;
  billingCode: string;
  modifier: string | null;
  units: number | null;
  hours: number;
  status: 'EXPORTED' | 'MATCHED' | 'VOID';
  /** Some line of an earlier import is already MATCHED to it. */
  matchedElsewhere: boolean;
}

export type MatchOutcome =
  | { key: number; itemId: string; confidence: number; reason: null }
  | { key: number; itemId: null; confidence: null; reason: string };

/** Units either side of the item's units still counted as the same service: max(1, 10 %). */
export const unitTolerance = (itemUnits: number): number => Math.max(1, Math.abs(itemUnits) * 0.1);

const norm = (value: string | null | undefined) => (value ?? '').trim().toUpperCase();
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Matches every line (see the module comment); one outcome per line, in line order. */
export function matchClaimLines(lines: MatchLine[], items: MatchItem[]): MatchOutcome[] {
  const takenBy = new Map<string, number>();
  const exact = matchByBillingId(lines, items, takenBy);
  const outcomes = new Map<number, MatchOutcome>(exact.outcomes.map((o) => [o.key, o]));
  for (const outcome of matchByFacts(exact.rest, items, takenBy)) outcomes.set(outcome.key, outcome);
  return [...lines].sort((a, b) => a.key - b.key).map((line) => outcomes.get(line.key) as MatchOutcome);
}

/**
 * Step 1 of {@link matchClaimLines}, for lines in file order (a file may be matched chunk by chunk:
 * `takenBy` — item id → the line that took it — carries over from the earlier chunks): each line whose
 * billing id names one of `items` (by id or segment billing id) gets its outcome (confidence 1, or
 * ORPHANED: the item is VOID, or an earlier line took it); the other lines are returned in `rest`,
 * for {@link matchByFacts} once every line has had this step.
 */
export function matchByBillingId(
  lines: readonly MatchLine[],
  items: readonly MatchItem[],
  takenBy: Map<string, number>,
): { outcomes: MatchOutcome[]; rest: MatchLine[] } {
  const byId = new Map<string, MatchItem>();
  const bySegmentBillingId = new Map<string, MatchItem[]>();
  for (const item of items) {
    byId.set(item.id.toLowerCase(), item);
    if (item.segmentBillingId) {
      const key = norm(item.segmentBillingId);
      bySegmentBillingId.set(key, [...(bySegmentBillingId.get(key) ?? []), item]);
    }
  }
  const outcomes: MatchOutcome[] = [];
  const orphan = (key: number, reason: string) =>
    outcomes.push({ key, itemId: null, confidence: null, reason });
  const sorted = [...lines].sort((a, b) => a.key - b.key);
  const rest: MatchLine[] = [];
  for (const line of sorted) {
    const billingId = line.billingId?.trim();
    const viaId = billingId ? byId.get(billingId.toLowerCase()) : undefined;
    const viaSegment = billingId ? (bySegmentBillingId.get(norm(billingId)) ?? []) : [];
    const found = viaId ? [viaId] : viaSegment;
    if (!found.length) {
      rest.push(line);
      continue;
    }
    const live = found.find((item) => item.status !== 'VOID');
    if (!live) {
      orphan(line.key, `Billing item for billing id ${billingId} is VOID: it was voided after export`);
      continue;
    }
    const earlier = takenBy.get(live.id);
    if (earlier !== undefined) {
      orphan(
        line.key,
        `Line ${earlier} of this file already matched the billing item of billing id ${billingId}`,
      );
      continue;
    }
    takenBy.set(live.id, line.key);
    outcomes.push({ key: line.key, itemId: live.id, confidence: 1, reason: null });
  }
  return { outcomes, rest };
}

/**
 * Step 2 of {@link matchClaimLines}: the lines step 1 left (`rest`, all of the file's) matched by client
 * prime, service date, code, modifier and units to EXPORTED `items` that no earlier import matched and
 * no line of this file took (`takenBy`, updated). One outcome per line, in line order.
 */
export function matchByFacts(
  rest: readonly MatchLine[],
  items: readonly MatchItem[],
  takenBy: Map<string, number>,
): MatchOutcome[] {
  const outcomes = new Map<number, MatchOutcome>();
  const candidates = candidatePairs(rest, factIndex(items, takenBy), outcomes);
  const lostTo = takeClosestPairs(candidates, takenBy, outcomes);
  for (const line of rest) {
    if (!outcomes.has(line.key))
      outcomes.set(line.key, orphaned(line.key, unmatchedReason(line, lostTo, candidates.nearestMiss)));
  }
  return [...rest].sort((a, b) => a.key - b.key).map((line) => outcomes.get(line.key) as MatchOutcome);
}

const orphaned = (key: number, reason: string): MatchOutcome => ({
  key,
  itemId: null,
  confidence: null,
  reason,
});

/** The key facts are matched by: client prime, service date, procedure code and modifier (normalized). */
const factKey = (pid: string, date: string, code: string, modifier: string | null) =>
  `${norm(pid)}|${date}|${norm(code)}|${norm(modifier)}`;

/** The items step 2 may take (EXPORTED, matched by no earlier import, not taken) by {@link factKey}, once per client prime. */
function factIndex(
  items: readonly MatchItem[],
  takenBy: ReadonlyMap<string, number>,
): Map<string, MatchItem[]> {
  const index = new Map<string, MatchItem[]>();
  for (const item of items) {
    if (item.status !== 'EXPORTED' || item.matchedElsewhere || takenBy.has(item.id)) continue;
    for (const pid of item.clientPids) {
      const key = factKey(pid, item.date, item.billingCode, item.modifier);
      index.set(key, [...(index.get(key) ?? []), item]);
    }
  }
  return index;
}

/** A line and an item of the same facts within the unit tolerance; `distance` 0..1 (module comment). */
interface Pair {
  line: MatchLine;
  item: MatchItem;
  distance: number;
}

/** Every candidate pair, indexed by line and by item, and per line the nearest item outside the tolerance. */
interface CandidatePairs {
  pairs: Pair[];
  pairsOfLine: Map<number, Pair[]>;
  pairsOfItem: Map<string, Pair[]>;
  nearestMiss: Map<number, { units: number; tolerance: number }>;
}

/**
 * The pairs of each line with the indexed items of its facts whose units are within
 * `unitTolerance` (distance = |Δunits| / tolerance, rounded to 0.01; 1 when either has no units). A
 * line without a client prime, service date or procedure code is ORPHANED at once (in `outcomes`).
 */
function candidatePairs(
  rest: readonly MatchLine[],
  index: Map<string, MatchItem[]>,
  outcomes: Map<number, MatchOutcome>,
): CandidatePairs {
  const found: CandidatePairs = {
    pairs: [],
    pairsOfLine: new Map(),
    pairsOfItem: new Map(),
    nearestMiss: new Map(),
  };
  for (const line of rest) {
    if (!line.clientPid || !line.serviceDate || !line.procedureCode) {
      const idText = line.billingId
        ? `No billing item has billing id ${line.billingId.trim()}, and`
        : 'The line has no billing id, and';
      outcomes.set(
        line.key,
        orphaned(line.key, `${idText} it lacks a client prime, service date or procedure code to search by`),
      );
      continue;
    }
    const candidates = index.get(
      factKey(line.clientPid, line.serviceDate, line.procedureCode, line.modifier),
    );
    const seen = new Set<string>();
    for (const item of candidates ?? []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      let distance = 1;
      if (line.units !== null && item.units !== null) {
        const tolerance = unitTolerance(item.units);
        const difference = Math.abs(line.units - item.units);
        if (difference > tolerance + 1e-9) {
          const miss = found.nearestMiss.get(line.key);
          if (!miss || Math.abs(miss.units - line.units) > difference)
            found.nearestMiss.set(line.key, { units: item.units, tolerance });
          continue;
        }
        distance = round2(difference / tolerance);
      }
      const pair = { line, item, distance };
      found.pairs.push(pair);
      found.pairsOfLine.set(line.key, [...(found.pairsOfLine.get(line.key) ?? []), pair]);
      found.pairsOfItem.set(item.id, [...(found.pairsOfItem.get(item.id) ?? []), pair]);
    }
  }
  return found;
}

/**
 * Takes the pairs closest first (then by line, then item id): confidence = 0.95 − 0.35 × distance. A
 * line with two equally close free items, or an item with two equally close open lines, is ambiguous:
 * those lines are ORPHANED. Returns, for a line whose item went to a closer line, that line's key.
 */
function takeClosestPairs(
  candidates: CandidatePairs,
  takenBy: Map<string, number>,
  outcomes: Map<number, MatchOutcome>,
): Map<number, number> {
  const { pairs, pairsOfLine, pairsOfItem } = candidates;
  pairs.sort(
    (a, b) => a.distance - b.distance || a.line.key - b.line.key || a.item.id.localeCompare(b.item.id),
  );
  const lostTo = new Map<number, number>();
  for (const pair of pairs) {
    const { line, item, distance } = pair;
    if (outcomes.has(line.key) || takenBy.has(item.id)) {
      const winner = takenBy.get(item.id);
      if (!outcomes.has(line.key) && winner !== undefined) lostTo.set(line.key, winner);
      continue;
    }
    const otherItems = (pairsOfLine.get(line.key) ?? []).filter(
      (p) => p.item.id !== item.id && p.distance === distance && !takenBy.has(p.item.id),
    );
    if (otherItems.length) {
      outcomes.set(
        line.key,
        orphaned(
          line.key,
          `${otherItems.length + 1} billing items fit equally well (client, date, code, units): link the right one by hand`,
        ),
      );
      continue;
    }
    const otherLines = (pairsOfItem.get(item.id) ?? []).filter(
      (p) => p.line.key !== line.key && p.distance === distance && !outcomes.has(p.line.key),
    );
    if (otherLines.length) {
      const keys = [line.key, ...otherLines.map((o) => o.line.key)].sort((a, b) => a - b).join(', ');
      for (const p of [pair, ...otherLines])
        outcomes.set(
          p.line.key,
          orphaned(p.line.key, `Lines ${keys} fit one billing item equally well: link the right one by hand`),
        );
      continue;
    }
    takenBy.set(item.id, line.key);
    outcomes.set(line.key, {
      key: line.key,
      itemId: item.id,
      confidence: round2(0.95 - 0.35 * distance),
      reason: null,
    });
  }
  return lostTo;
}

/** Why a line step 2 did not match is ORPHANED: its item went to a closer line, the nearest item is outside the tolerance, or no item has its facts. */
function unmatchedReason(
  line: MatchLine,
  lostTo: ReadonlyMap<number, number>,
  nearestMiss: CandidatePairs['nearestMiss'],
): string {
  const idText = line.billingId
    ? `No billing item has billing id ${line.billingId.trim()}`
    : 'The line has no billing id';
  const winner = lostTo.get(line.key);
  const miss = nearestMiss.get(line.key);
  if (winner !== undefined)
    return `${idText}; the billing item that fits was matched to line ${winner}, which is closer`;
  if (miss)
    return `${idText}; the nearest exported item for this client, date and code has ${miss.units} units, outside the tolerance of ±${round2(miss.tolerance)}`;
  return `${idText}, and no unmatched exported item has this client prime, service date, procedure code and modifier`;
}
