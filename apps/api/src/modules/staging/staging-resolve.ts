/**
 * Resolution of one staged row (issue 23; spec s.3 StagingShift, StagingResolutionRule, GivIdMapping):
 * active resolution rules rewrite the row's values first (a name spelling, an id merge, a billing-code
 * alias; each application counted), then the caregiver and the client are linked through a stored
 * GivIdMapping, else matched (`PeopleMatcher`: exact id or a name one person has → a new AUTO_MAPPED
 * mapping; fuzzy → PENDING_APPROVAL with ranked candidates; nothing → NOT_FOUND), and the row is READY
 * only when both are linked and it has a date, a clock-in before its clock-out and a billing code.
 * Pure over a loaded `StagingResolver` (one per import run or call).
 */
import { hash as digest, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ConnectionStatus, EntityType, StagingCandidate, StagingRuleType } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { loadMatchablePeople } from '../people/people-matching.ts';
import { comparableName, PeopleMatcher } from './staging-names.ts';
import { givIdMappings, stagingResolutionRules } from './staging.table.ts';

/** A row to stage, from any source (CSV import, OCR, direct sync), before rules and mapping. */
export interface StageRecord {
  givShiftId: string;
  caregiverGivId: string | null;
  caregiverName: string | null;
  clientGivId: string | null;
  clientName: string | null;
  /** `YYYY-MM-DD` service date. */
  date: string | null;
  evvStart: Date | null;
  evvEnd: Date | null;
  billingCode: string | null;
  mod1: string | null;
  evvInLat: number | null;
  evvInLong: number | null;
  evvOutLat: number | null;
  evvOutLong: number | null;
  raw: Record<string, unknown>;
}

/** A mapping as the resolver knows it. */
interface KnownMapping {
  id: string;
  entityId: string;
  method: 'EXACT_ID' | 'NAME_MATCH' | 'MANUAL_APPROVAL';
}

/** A mapping found while resolving, to insert with the row. */
export interface NewMapping {
  id: string;
  givId: string;
  entityType: EntityType;
  entityId: string;
  matchMethod: 'EXACT_ID' | 'NAME_MATCH';
  matchConfidence: number;
}

/** How one side (caregiver or client) of a row resolved. */
export interface SideResolution {
  entityId: string | null;
  status: ConnectionStatus;
  mappingId: string | null;
  candidates: StagingCandidate[];
}

/** A resolved row: what the staging tables store. */
export interface ResolvedRow {
  record: StageRecord;
  /** Values after rules. */
  caregiverGivId: string | null;
  caregiverName: string | null;
  clientGivId: string | null;
  clientName: string | null;
  billingCode: string | null;
  caregiver: SideResolution;
  client: SideResolution;
  status: 'READY' | 'NOT_READY';
  errorDetails: string | null;
  contentHash: string;
}

/**
 * The key of an external person in GivIdMapping.giv_id: their id, or `name:<folded name>` when the
 * source gave only a name (so an approval covers every later row spelled that way).
 */
export function givKeyOf(givId: string | null, name: string | null): string | null {
  if (givId?.trim()) return givId.trim();
  const folded = name ? comparableName(name) : '';
  return folded ? `name:${folded}` : null;
}

const ruleKey = (type: StagingRuleType, value: string) =>
  `${type}\u0000${type.endsWith('_NAME') ? comparableName(value) : value.trim().toLowerCase()}`;

interface LoadedRule {
  id: string;
  target: string;
}

/** Rules, people and mappings loaded once; resolves rows and counts rule applications. */
export class StagingResolver {
  /** Rule id → times applied since load (written back by the caller). */
  readonly ruleApplications = new Map<string, number>();
  /** Mappings created while resolving, not yet inserted. */
  pendingMappings: NewMapping[] = [];

  private constructor(
    private readonly rules: Map<string, LoadedRule>,
    private readonly matchers: Record<EntityType, PeopleMatcher>,
    private readonly mappings: Map<string, KnownMapping>,
  ) {}

  /** Loads the active rules, every caregiver and client, and every mapping. */
  static async load(executor: Executor): Promise<StagingResolver> {
    const [rules, people, mappings] = await Promise.all([
      executor
        .select({
          id: stagingResolutionRules.id,
          ruleType: stagingResolutionRules.ruleType,
          sourceValue: stagingResolutionRules.sourceValue,
          targetValue: stagingResolutionRules.targetValue,
        })
        .from(stagingResolutionRules)
        .where(eq(stagingResolutionRules.isActive, true)),
      loadMatchablePeople(executor),
      executor
        .select({
          id: givIdMappings.id,
          givId: givIdMappings.givId,
          entityType: givIdMappings.entityType,
          entityId: givIdMappings.entityId,
          method: givIdMappings.matchMethod,
        })
        .from(givIdMappings),
    ]);
    return new StagingResolver(
      new Map(
        rules.map((rule) => [
          ruleKey(rule.ruleType as StagingRuleType, rule.sourceValue),
          { id: rule.id, target: rule.targetValue },
        ]),
      ),
      { CAREGIVER: new PeopleMatcher(people.caregivers), CLIENT: new PeopleMatcher(people.clients) },
      new Map(mappings.map((m) => [`${m.entityType}:${m.givId}`, m])),
    );
  }

  /** Names of linked people (for lists). */
  nameOf(entityType: EntityType, id: string | null): string | null {
    return id ? (this.matchers[entityType].person(id)?.name ?? null) : null;
  }

  /** `value` rewritten by the active rule of `type` for it (counted), else unchanged. */
  private apply(type: StagingRuleType, value: string | null): string | null {
    if (!value) return value;
    const rule = this.rules.get(ruleKey(type, value));
    if (!rule) return value;
    this.ruleApplications.set(rule.id, (this.ruleApplications.get(rule.id) ?? 0) + 1);
    return rule.target;
  }

  /** `value` as the active rule of `type` rewrites it, without counting (for listing keys). */
  rewrite(type: StagingRuleType, value: string | null): string | null {
    return value ? (this.rules.get(ruleKey(type, value))?.target ?? value) : value;
  }

  /** Total rule applications since load. */
  get rulesApplied(): number {
    let total = 0;
    for (const count of this.ruleApplications.values()) total += count;
    return total;
  }

  private side(entityType: EntityType, givId: string | null, name: string | null): SideResolution {
    const key = givKeyOf(givId, name);
    if (!key) return { entityId: null, status: 'NOT_FOUND', mappingId: null, candidates: [] };
    const known = this.mappings.get(`${entityType}:${key}`);
    if (known)
      return {
        entityId: known.entityId,
        status: known.method === 'MANUAL_APPROVAL' ? 'MANUALLY_LINKED' : 'AUTO_MAPPED',
        mappingId: known.id,
        candidates: [],
      };
    const match = this.matchers[entityType].match(givId?.trim() || null, name);
    if (match.kind === 'linked') {
      const mapping: NewMapping = {
        id: randomUUID(),
        givId: key,
        entityType,
        entityId: match.entityId,
        matchMethod: match.method,
        matchConfidence: match.confidence,
      };
      this.pendingMappings.push(mapping);
      this.mappings.set(`${entityType}:${key}`, {
        id: mapping.id,
        entityId: match.entityId,
        method: match.method,
      });
      return { entityId: match.entityId, status: 'AUTO_MAPPED', mappingId: mapping.id, candidates: [] };
    }
    if (match.kind === 'pending')
      return { entityId: null, status: 'PENDING_APPROVAL', mappingId: null, candidates: match.candidates };
    return { entityId: null, status: 'NOT_FOUND', mappingId: null, candidates: [] };
  }

  /** Resolves one row (rules, then mapping, then its status). */
  resolve(record: StageRecord): ResolvedRow {
    const caregiverGivId = this.apply('CAREGIVER_ID', record.caregiverGivId);
    const caregiverName = this.apply('CAREGIVER_NAME', record.caregiverName);
    const clientGivId = this.apply('CLIENT_ID', record.clientGivId);
    const clientName = this.apply('CLIENT_NAME', record.clientName);
    const billingCode = this.apply('BILLING_CODE', record.billingCode?.trim() || null);
    const caregiver = this.side('CAREGIVER', caregiverGivId, caregiverName);
    const client = this.side('CLIENT', clientGivId, clientName);
    const problems = rowProblems({ record, caregiver, client, billingCode });
    const resolved = {
      record,
      caregiverGivId,
      caregiverName,
      clientGivId,
      clientName,
      billingCode,
      caregiver,
      client,
      status: problems.length ? ('NOT_READY' as const) : ('READY' as const),
      errorDetails: problems.length ? problems.join('; ') : null,
    };
    return { ...resolved, contentHash: contentHash(resolved) };
  }
}

/** Why a row cannot be promoted, in words an admin can act on (empty = READY). */
export function rowProblems(row: {
  record: StageRecord;
  caregiver: SideResolution;
  client: SideResolution;
  billingCode: string | null;
}): string[] {
  const problems: string[] = [];
  const who = (side: SideResolution, role: string) =>
    side.status === 'PENDING_APPROVAL'
      ? `${role} needs a mapping approved (${side.candidates.length} candidates)`
      : `${role} not found in Tend: link them manually or add a rule`;
  if (!row.caregiver.entityId) problems.push(who(row.caregiver, 'caregiver'));
  if (!row.client.entityId) problems.push(who(row.client, 'client'));
  if (!row.record.date) problems.push('no service date');
  if (!row.record.evvStart) problems.push('no clock-in time');
  if (!row.record.evvEnd) problems.push('no clock-out time');
  if (row.record.evvStart && row.record.evvEnd && row.record.evvEnd <= row.record.evvStart)
    problems.push('clock-out is not after clock-in');
  if (!row.billingCode) problems.push('no billing code');
  return problems;
}

function contentHash(row: Omit<ResolvedRow, 'contentHash'>): string {
  const r = row.record;
  return digest(
    'sha256',
    JSON.stringify([
      r.date,
      r.evvStart?.toISOString() ?? null,
      r.evvEnd?.toISOString() ?? null,
      row.billingCode,
      r.mod1,
      row.caregiver.entityId,
      row.client.entityId,
    ]),
    'hex',
  );
}
