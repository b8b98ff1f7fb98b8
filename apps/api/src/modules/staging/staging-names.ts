/**
 * Who a GIV caregiver or client is in Tend (issue 23 "id mapping"; spec s.3 GivIdMapping, s.4
 * MappingMethod): pure matching over the agency's people. An external id equal to the person's own id
 * (caregiver external id, client pid) is EXACT_ID; a name equal (folded: case, accents, spaces) to one
 * person's name or alt name is NAME_MATCH with confidence 1; anything else is scored with a normalised
 * Levenshtein similarity (`fastest-levenshtein`, decision 0062) over the name and every alt name, the
 * words also compared sorted ("Smith, John" = "John Smith"). Decision 0035 "never link on a guess":
 * only an exact id or a name exactly one person has links by itself; a fuzzy match is a candidate an
 * admin approves.
 */
import { distance } from 'fastest-levenshtein';
import type { StagingCandidate } from '@tend/contracts';
import { nameKey, type IndexedPerson } from '../people/people-matching.ts';

/** Candidates below this similarity (0..1) are not offered. */
export const CANDIDATE_FLOOR = 0.6;
/** Candidates offered per external person, best first. */
export const CANDIDATE_LIMIT = 5;

/** A name for comparison: folded (`nameKey`), punctuation as spaces. */
export function comparableName(name: string): string {
  return nameKey(name)
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const sortedWords = (name: string) => name.split(' ').sort().join(' ');

/** 1 − Levenshtein distance / longer length (0..1), of `a` and `b` already `comparableName`d. */
function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 0 : 1 - distance(a, b) / longer;
}

/** A match only once the words are sorted ("Last, First") is a guess, never a certainty. */
export const SORTED_WORDS_FACTOR = 0.98;

/**
 * How alike two names are, 0..1 (1 = the same once folded): the better of the names as written and
 * with their words sorted (times `SORTED_WORDS_FACTOR`), so a "Last, First" export matches "First
 * Last" closely but below 1.
 */
export function nameSimilarity(a: string, b: string): number {
  const x = comparableName(a);
  const y = comparableName(b);
  if (!x || !y) return 0;
  if (x === y) return 1;
  return Math.max(similarity(x, y), similarity(sortedWords(x), sortedWords(y)) * SORTED_WORDS_FACTOR);
}

/** The outcome of matching one external person. */
export type NameMatch =
  | { kind: 'linked'; entityId: string; method: 'EXACT_ID' | 'NAME_MATCH'; confidence: number }
  | { kind: 'pending'; candidates: StagingCandidate[] }
  | { kind: 'none' };

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The people of one role, indexed for matching (build once per import). */
export class PeopleMatcher {
  private readonly byExternalId = new Map<string, IndexedPerson>();
  private readonly byName = new Map<string, IndexedPerson[]>();
  private readonly names: { person: IndexedPerson; name: string; comparable: string; alt: boolean }[] = [];
  private readonly cache = new Map<string, NameMatch>();
  private readonly byId = new Map<string, IndexedPerson>();

  constructor(people: IndexedPerson[]) {
    for (const person of people) {
      this.byId.set(person.id, person);
      if (person.externalId) this.byExternalId.set(person.externalId.trim().toLowerCase(), person);
      for (const [index, name] of [person.name, ...(person.altNames ?? [])].entries()) {
        const comparable = comparableName(name);
        if (!comparable) continue;
        this.names.push({ person, name, comparable, alt: index > 0 });
        const list = this.byName.get(comparable) ?? [];
        if (!list.includes(person)) list.push(person);
        this.byName.set(comparable, list);
      }
    }
  }

  /** The person with this id, if any. */
  person(id: string): IndexedPerson | undefined {
    return this.byId.get(id);
  }

  /**
   * Matches an external person by id, then name. Linked: an id equal to one person's own id, or a name
   * exactly one person has (and, with an id, a person without an id of their own). Pending: the
   * ranked candidates with their evidence. Memoised per (id, name).
   */
  match(givId: string | null, name: string | null): NameMatch {
    const key = `${givId ?? ''}\u0000${name ?? ''}`;
    const known = this.cache.get(key);
    if (known) return known;
    const result = this.matchUncached(givId, name);
    this.cache.set(key, result);
    return result;
  }

  private matchUncached(givId: string | null, name: string | null): NameMatch {
    if (givId) {
      const person = this.byExternalId.get(givId.trim().toLowerCase());
      if (person) return { kind: 'linked', entityId: person.id, method: 'EXACT_ID', confidence: 1 };
    }
    if (!name || !comparableName(name)) return { kind: 'none' };
    const exact = (this.byName.get(comparableName(name)) ?? []).filter(
      (person) => !givId || person.externalId === null,
    );
    if (exact.length === 1 && exact[0])
      return { kind: 'linked', entityId: exact[0].id, method: 'NAME_MATCH', confidence: 1 };
    const candidates = this.candidates(name);
    return candidates.length ? { kind: 'pending', candidates } : { kind: 'none' };
  }

  /** The people whose name or an alt name is at least `CANDIDATE_FLOOR` alike, best first (ties by name). */
  candidates(name: string): StagingCandidate[] {
    const target = comparableName(name);
    const best = new Map<string, StagingCandidate>();
    for (const entry of this.names) {
      // Lengths too far apart cannot reach the floor: skip the distance.
      const longer = Math.max(entry.comparable.length, target.length);
      if (Math.abs(entry.comparable.length - target.length) / longer > 1 - CANDIDATE_FLOOR) continue;
      const score = round(nameSimilarity(target, entry.comparable));
      if (score < CANDIDATE_FLOOR) continue;
      const previous = best.get(entry.person.id);
      if (previous && previous.confidence >= score) continue;
      best.set(entry.person.id, {
        entityId: entry.person.id,
        name: entry.person.name,
        method: 'NAME_MATCH',
        confidence: score,
        evidence: `"${name}" ~ ${entry.alt ? 'alt name' : 'name'} "${entry.name}" (${Math.round(score * 100)}%)`,
      });
    }
    return [...best.values()]
      .sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name))
      .slice(0, CANDIDATE_LIMIT);
  }
}
