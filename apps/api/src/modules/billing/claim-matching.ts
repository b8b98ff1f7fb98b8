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
  const orphan = (key: number, reason: string) =>
    outcomes.set(key, { key, itemId: null, confidence: null, reason });
  // 2. By client, date, code, modifier and units.
  const factIndex = new Map<string, MatchItem[]>();
  for (const item of items) {
    if (item.status !== 'EXPORTED' || item.matchedElsewhere || takenBy.has(item.id)) continue;
    for (const pid of item.clientPids) {
      const key = `${norm(pid)}|${item.date}|${norm(item.billingCode)}|${norm(item.modifier)}`;
      factIndex.set(key, [...(factIndex.get(key) ?? []), item]);
    }
  }
  interface Pair {
    line: MatchLine;
    item: MatchItem;
    distance: number;
  }
  const pairs: Pair[] = [];
  const pairsOfLine = new Map<number, Pair[]>();
  const pairsOfItem = new Map<string, Pair[]>();
  const nearestMiss = new Map<number, { units: number; tolerance: number }>();
  for (const line of rest) {
    const idText = line.billingId
      ? `No billing item has billing id ${line.billingId.trim()}, and`
      : 'The line has no billing id, and';
    if (!line.clientPid || !line.serviceDate || !line.procedureCode) {
      orphan(line.key, `${idText} it lacks a client prime, service date or procedure code to search by`);
      continue;
    }
    const candidates = factIndex.get(
      `${norm(line.clientPid)}|${line.serviceDate}|${norm(line.procedureCode)}|${norm(line.modifier)}`,
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
          const miss = nearestMiss.get(line.key);
          if (!miss || Math.abs(miss.units - line.units) > difference)
            nearestMiss.set(line.key, { units: item.units, tolerance });
          continue;
        }
        distance = round2(difference / tolerance);
      }
      const pair = { line, item, distance };
      pairs.push(pair);
      pairsOfLine.set(line.key, [...(pairsOfLine.get(line.key) ?? []), pair]);
      pairsOfItem.set(item.id, [...(pairsOfItem.get(item.id) ?? []), pair]);
    }
  }
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
      orphan(
        line.key,
        `${otherItems.length + 1} billing items fit equally well (client, date, code, units): link the right one by hand`,
      );
      continue;
    }
    const otherLines = (pairsOfItem.get(item.id) ?? []).filter(
      (p) => p.line.key !== line.key && p.distance === distance && !outcomes.has(p.line.key),
    );
    if (otherLines.length) {
      for (const p of [pair, ...otherLines])
        orphan(
          p.line.key,
          `Lines ${[line.key, ...otherLines.map((o) => o.line.key)].sort((a, b) => a - b).join(', ')} fit one billing item equally well: link the right one by hand`,
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
  for (const line of rest) {
    if (outcomes.has(line.key)) continue;
    const idText = line.billingId
      ? `No billing item has billing id ${line.billingId.trim()}`
      : 'The line has no billing id';
    const winner = lostTo.get(line.key);
    const miss = nearestMiss.get(line.key);
    if (winner !== undefined)
      orphan(
        line.key,
        `${idText}; the billing item that fits was matched to line ${winner}, which is closer`,
      );
    else if (miss)
      orphan(
        line.key,
        `${idText}; the nearest exported item for this client, date and code has ${miss.units} units, outside the tolerance of ±${round2(miss.tolerance)}`,
      );
    else
      orphan(
        line.key,
        `${idText}, and no unmatched exported item has this client prime, service date, procedure code and modifier`,
      );
  }
  return [...rest].sort((a, b) => a.key - b.key).map((line) => outcomes.get(line.key) as MatchOutcome);
}
