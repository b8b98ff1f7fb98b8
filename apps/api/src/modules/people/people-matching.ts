/**
 * Linking imported records to caregivers and clients (issue "shift records with EVV"; decision 0035):
 * by external id first (caregiver `externalId`, client Medicaid id `pid`), then by exact name or any of
 * the person's `altNames`, case- and accent-insensitive. A record whose id is not known falls back to
 * the name only among people without an id (a person with another id is another person). A name shared
 * by several people is ambiguous and never guessed: the import's preview asks (`NamesakeCensus`) and
 * the admin's answers (`NamesakeDecisions`) link the rows without an id; an unknown person is created
 * as a new record flagged `needsReview`, never merged.
 *
 * The index is loaded once per import job (every caregiver and client: a few thousand rows at most for
 * one agency) so a 100,000-row file needs no per-row lookups.
 */
import type { Executor } from '../../platform/db/client.ts';
import { serialRunner } from '../../platform/db/serial-runner.ts';
import { recordAuditEvents } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { NamesakeChoice } from '@tend/contracts';
import { caregivers, clients } from './people.table.ts';

/**
 * A name folded for matching: canonical decomposition (NFD) without combining marks, lower case,
 * single spaces. Canonical, not compatibility (NFKD): "María" = "Maria", but fullwidth "Ｍaria" or
 * other look-alike characters stay different names.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Who an imported record names: an external id and/or a name. */
export interface PersonReference {
  externalId: string | null;
  name: string | null;
  /** Name given to the new record when the person is unknown and the file has no name. */
  placeholderName: string;
}

/**
 * The outcome of matching one reference. `namesake`: the name, without an id, is one the import's
 * preview asked about (several people have it) and the admin has not answered: never linked.
 */
export type PersonMatch =
  | { kind: 'found'; id: string }
  | { kind: 'ambiguous'; count: number }
  | { kind: 'namesake'; count: number }
  | { kind: 'unknown' };

/** Caregiver or client. */
export type PersonRole = 'caregiver' | 'client';

/** A person as the import index knows them. */
export interface IndexedPerson {
  id: string;
  name: string;
  altNames: string[] | null;
  externalId: string | null;
}

/**
 * What the admin answered for a name shared by several people (decision 0035), keyed by `nameKey`:
 * link its rows without an id to `personId`, or treat them as the file's id `externalId`; `null` =
 * asked and unanswered (its rows are refused).
 */
export type NamesakeDecision = { personId: string } | { externalId: string } | null;
export type NamesakeDecisions = Record<PersonRole, Map<string, NamesakeDecision>>;

class PeopleDirectory {
  private readonly byExternalId = new Map<string, string>();
  private readonly byName = new Map<string, Set<string>>();
  private readonly byId = new Map<string, IndexedPerson>();

  constructor(
    people: IndexedPerson[],
    private readonly decisions: Map<string, NamesakeDecision> = new Map(),
  ) {
    for (const person of people) this.add(person);
  }

  add(person: IndexedPerson): void {
    this.byId.set(person.id, person);
    if (person.externalId) this.byExternalId.set(person.externalId, person.id);
    for (const name of [person.name, ...(person.altNames ?? [])]) {
      const key = nameKey(name);
      if (!key) continue;
      const ids = this.byName.get(key) ?? new Set<string>();
      ids.add(person.id);
      this.byName.set(key, ids);
    }
  }

  /** The people whose name or an alt name folds to `key`. */
  named(key: string): IndexedPerson[] {
    return [...(this.byName.get(key) ?? [])].flatMap((id) => this.byId.get(id) ?? []);
  }

  has(externalId: string): boolean {
    return this.byExternalId.has(externalId);
  }

  /**
   * The reference as the admin's answer makes it: a name without an id that was asked about takes the
   * file id chosen for it (so it is matched and created by that id). Unchanged otherwise.
   */
  decided(reference: PersonReference): PersonReference {
    if (reference.externalId || !reference.name) return reference;
    const decision = this.decisions.get(nameKey(reference.name));
    return decision && 'externalId' in decision
      ? { ...reference, externalId: decision.externalId }
      : reference;
  }

  match(input: PersonReference): PersonMatch {
    const reference = this.decided(input);
    if (reference.externalId) {
      const id = this.byExternalId.get(reference.externalId);
      if (id) return { kind: 'found', id };
    } else if (reference.name) {
      const key = nameKey(reference.name);
      const decision = this.decisions.get(key);
      if (decision && 'personId' in decision) return { kind: 'found', id: decision.personId };
      if (decision === null) return { kind: 'namesake', count: this.named(key).length };
    }
    if (reference.name) {
      // An id Tend does not know is a new person unless a person WITHOUT an id has the name.
      const people = this.named(nameKey(reference.name)).filter(
        (person) => !reference.externalId || person.externalId === null,
      );
      if (people.length === 1) return { kind: 'found', id: (people[0] as IndexedPerson).id };
      if (people.length > 1) return { kind: 'ambiguous', count: people.length };
    }
    return { kind: 'unknown' };
  }
}

/** The identity of an unknown person within one import: the same person is created once. */
function newPersonKey(reference: PersonReference): string {
  return reference.externalId ? `id:${reference.externalId}` : `name:${nameKey(reference.name ?? '')}`;
}

/**
 * Caregivers and clients of the agency, indexed for an import. `match*` are pure lookups;
 * `createUnknown` inserts the unknown people of a batch (flagged `needsReview`, audited as
 * `caregiver.create` / `client.create` with `source: import`) and adds them to the index.
 */
export class ImportPeopleIndex {
  /** Creations of unknown people, one at a time (see {@link oneCreationAtATime}). */
  private readonly creations = serialRunner();

  private constructor(
    private readonly caregiverDirectory: PeopleDirectory,
    private readonly clientDirectory: PeopleDirectory,
  ) {}

  /**
   * Runs `create` (a transaction calling {@link createUnknown}) once the one before it has settled, so
   * that batches written at the same time create a person they both name once: the later batch's
   * `createUnknown` finds the person the earlier one added. Resolves or rejects as `create` does.
   */
  oneCreationAtATime<T>(create: () => Promise<T>): Promise<T> {
    return this.creations(create);
  }

  /**
   * Loads every caregiver and client (id, name, altNames, external id / pid), with the admin's answers
   * to the import's namesake questions when it has any.
   */
  static async load(executor: Executor, decisions?: NamesakeDecisions): Promise<ImportPeopleIndex> {
    const [caregiverRows, clientRows] = await Promise.all([
      executor
        .select({
          id: caregivers.id,
          name: caregivers.name,
          altNames: caregivers.altNames,
          externalId: caregivers.externalId,
        })
        .from(caregivers),
      executor
        .select({ id: clients.id, name: clients.name, altNames: clients.altNames, externalId: clients.pid })
        .from(clients),
    ]);
    return new ImportPeopleIndex(
      new PeopleDirectory(caregiverRows, decisions?.caregiver),
      new PeopleDirectory(clientRows, decisions?.client),
    );
  }

  /** The caregivers or clients whose name or an alt name folds to `key`. */
  named(role: PersonRole, key: string): IndexedPerson[] {
    return (role === 'caregiver' ? this.caregiverDirectory : this.clientDirectory).named(key);
  }

  /**
   * The decisions to store with an import's job from the admin's `answers` to `questions` (decision
   * 0035): every question gets one (null when unanswered); a `new` answer creates its person now, in
   * `executor` (flagged `needsReview`, audited `caregiver.create` / `client.create` with `source:
   * import`), so a retried job links to the same person. Errors: VALIDATION_FAILED on `namesakes.N`
   * for an answer to a name not asked about, a person or file id the question does not offer, or a
   * second answer for one name.
   */
  async settleNamesakes(
    executor: Executor,
    ctx: RequestContext,
    questions: NamesakeQuestionOut[],
    answers: NamesakeChoice[],
  ): Promise<StoredNamesakeDecision[]> {
    const byName = new Map(questions.map((q) => [`${q.role}:${q.key}`, q]));
    const decided = new Map<string, StoredNamesakeDecision>();
    for (const [index, answer] of answers.entries()) {
      const id = `${answer.role}:${nameKey(answer.name)}`;
      const question = byName.get(id);
      const path = `namesakes.${index}`;
      if (!question) throw AppError.field(path, `${answer.name} is not a name this file asks about`);
      if (decided.has(id)) throw AppError.field(path, `${answer.name} is answered twice`);
      decided.set(id, await this.settleOne(executor, ctx, { question, answer, path }));
    }
    return questions.map((q) => decided.get(`${q.role}:${q.key}`) ?? { role: q.role, key: q.key });
  }

  private async settleOne(
    executor: Executor,
    ctx: RequestContext,
    input: { question: NamesakeQuestionOut; answer: NamesakeChoice; path: string },
  ): Promise<StoredNamesakeDecision> {
    const { question, answer, path } = input;
    const { role, key } = question;
    const link = answer.linkTo;
    if (link.to === 'person') {
      if (!question.inTend.some((person) => person.id === link.personId))
        throw AppError.field(`${path}.linkTo.personId`, `is not one of the people named ${question.name}`);
      return { role, key, personId: link.personId };
    }
    if (link.to === 'fileId') {
      if (!question.inFile.includes(link.externalId))
        throw AppError.field(`${path}.linkTo.externalId`, `is not an id the file gives ${question.name}`);
      return { role, key, externalId: link.externalId };
    }
    const [person] = await this.insertPeople(executor, ctx, role, [
      { name: question.name, externalId: null, placeholderName: question.name },
    ]);
    if (!person) throw new AppError('INTERNAL');
    return { role, key, personId: person.id, created: true };
  }

  matchCaregiver(reference: PersonReference): PersonMatch {
    return this.caregiverDirectory.match(reference);
  }

  matchClient(reference: PersonReference): PersonMatch {
    return this.clientDirectory.match(reference);
  }

  /**
   * Creates, in the caller's transaction, one record per distinct unknown person among `references`
   * (same external id, or same folded name without one, = same person). Returns how many were created.
   */
  async createUnknown(
    executor: Executor,
    ctx: RequestContext,
    kind: 'caregiver' | 'client',
    references: PersonReference[],
  ): Promise<number> {
    const directory = kind === 'caregiver' ? this.caregiverDirectory : this.clientDirectory;
    const distinct = new Map<string, PersonReference>();
    const unknown = references
      .filter((input) => directory.match(input).kind === 'unknown')
      .map((input) => directory.decided(input));
    // People with ids first: a name without an id that the batch gives one new id is that person
    // (matched by name once created), as it would be had the id come in an earlier batch.
    const namedById = new Set<string>();
    for (const reference of unknown)
      if (reference.externalId) {
        const key = newPersonKey(reference);
        if (!distinct.has(key)) distinct.set(key, reference);
        if (reference.name) namedById.add(nameKey(reference.name));
      }
    for (const reference of unknown) {
      const key = newPersonKey(reference);
      // The first spelling in the file names the new record.
      if (!reference.externalId && !namedById.has(nameKey(reference.name ?? '')) && !distinct.has(key))
        distinct.set(key, reference);
    }
    if (!distinct.size) return 0;
    const created = await this.insertPeople(executor, ctx, kind, [...distinct.values()]);
    for (const person of created) directory.add(person);
    return created.length;
  }

  /** Inserts people flagged `needsReview` (audited, `source: import`) and returns them. */
  private async insertPeople(
    executor: Executor,
    ctx: RequestContext,
    kind: PersonRole,
    values: PersonReference[],
  ): Promise<IndexedPerson[]> {
    const created =
      kind === 'caregiver'
        ? await executor
            .insert(caregivers)
            .values(
              values.map((r) => ({
                name: r.name ?? r.placeholderName,
                externalId: r.externalId,
                needsReview: true,
              })),
            )
            .returning({
              id: caregivers.id,
              name: caregivers.name,
              altNames: caregivers.altNames,
              externalId: caregivers.externalId,
            })
        : await executor
            .insert(clients)
            .values(
              values.map((r) => ({
                name: r.name ?? r.placeholderName,
                pid: r.externalId,
                needsReview: true,
              })),
            )
            .returning({
              id: clients.id,
              name: clients.name,
              altNames: clients.altNames,
              externalId: clients.pid,
            });
    await recordAuditEvents(
      executor,
      ctx,
      created.map((person) => ({
        action: kind === 'caregiver' ? 'caregiver.create' : 'client.create',
        entityType: kind,
        entityId: person.id,
        details: { source: 'import', needsReview: true },
      })),
    );
    return created;
  }
}

/** A namesake question as contracts `namesakeQuestion` gives it, with the folded name it is about. */
export interface NamesakeQuestionOut {
  role: PersonRole;
  name: string;
  key: string;
  rows: number;
  inFile: string[];
  inTend: { id: string; name: string; externalId: string | null; altName: boolean }[];
}

/** Ids listed per question, at most (a name given with more ids than this is asked about all the same). */
const IDS_PER_QUESTION = 50;

/**
 * Who each name of a whole file could be (decision 0035), counted row by row with `add` and answered by
 * `questions`: a name some rows give WITHOUT an id is a question when, counting the people of Tend
 * with that name or alt name and the ids other rows of the file give with it (ids Tend does not already
 * give one of those people), more than one person may be meant.
 */
export class NamesakeCensus {
  private readonly withoutId = {
    caregiver: new Map<string, NameTally>(),
    client: new Map<string, NameTally>(),
  };
  private readonly idsOf = {
    caregiver: new Map<string, Set<string>>(),
    client: new Map<string, Set<string>>(),
  };

  add(role: PersonRole, reference: PersonReference): void {
    const key = reference.name ? nameKey(reference.name) : '';
    if (!key || !reference.name) return;
    if (reference.externalId) {
      const ids = this.idsOf[role].get(key) ?? new Set<string>();
      ids.add(reference.externalId);
      this.idsOf[role].set(key, ids);
      return;
    }
    const tally = this.withoutId[role].get(key);
    if (tally) tally.rows += 1;
    else this.withoutId[role].set(key, { name: reference.name, rows: 1 });
  }

  /** Every question, caregivers first, each role's names in the order the file first gives them. */
  questions(index: ImportPeopleIndex): NamesakeQuestionOut[] {
    const questions: NamesakeQuestionOut[] = [];
    for (const role of ['caregiver', 'client'] as const)
      for (const [key, tally] of this.withoutId[role]) {
        const people = index.named(role, key);
        const known = new Set(people.flatMap((person) => person.externalId ?? []));
        const inFile = [...(this.idsOf[role].get(key) ?? [])].filter((id) => !known.has(id)).sort();
        if (people.length + inFile.length < 2) continue;
        questions.push({
          role,
          name: tally.name,
          key,
          rows: tally.rows,
          inFile: inFile.slice(0, IDS_PER_QUESTION),
          inTend: people.map((person) => ({
            id: person.id,
            name: person.name,
            externalId: person.externalId,
            altName: nameKey(person.name) !== key,
          })),
        });
      }
    return questions;
  }
}

interface NameTally {
  name: string;
  rows: number;
}

/** A namesake answer as stored with the import's job: the folded name and what it links to. */
export interface StoredNamesakeDecision {
  role: PersonRole;
  key: string;
  personId?: string;
  externalId?: string;
  /** The person was created for this answer ("a new person"), counted among the import's new people. */
  created?: true;
}

/** The decisions of stored answers (a job's metadata), each role's by folded name. */
export function namesakeDecisions(stored: StoredNamesakeDecision[]): NamesakeDecisions {
  const decisions: NamesakeDecisions = { caregiver: new Map(), client: new Map() };
  for (const entry of stored)
    decisions[entry.role].set(
      entry.key,
      entry.personId
        ? { personId: entry.personId }
        : entry.externalId
          ? { externalId: entry.externalId }
          : null,
    );
  return decisions;
}

/**
 * Every caregiver and client as a matcher indexes them (id, name, altNames, and the caregiver's
 * external id / the client's pid as `externalId`): for the staging import's fuzzy candidates (issue 23,
 * modules/staging). Not audited: callers audit. One query per role.
 */
export async function loadMatchablePeople(
  executor: Executor,
): Promise<{ caregivers: IndexedPerson[]; clients: IndexedPerson[] }> {
  const [caregiverRows, clientRows] = await Promise.all([
    executor
      .select({
        id: caregivers.id,
        name: caregivers.name,
        altNames: caregivers.altNames,
        externalId: caregivers.externalId,
      })
      .from(caregivers),
    executor
      .select({ id: clients.id, name: clients.name, altNames: clients.altNames, externalId: clients.pid })
      .from(clients),
  ]);
  return { caregivers: caregiverRows, clients: clientRows };
}
