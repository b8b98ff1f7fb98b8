/**
 * Linking imported records to caregivers and clients (issue "shift records with EVV"): by external id
 * first (caregiver `externalId`, client Medicaid id `pid`), then by exact name or any of the person's
 * `altNames`, case- and accent-insensitive. A name shared by several people is ambiguous and never
 * guessed; an unknown person is created as a new record flagged `needsReview`, never merged.
 *
 * The index is loaded once per import job (every caregiver and client: a few thousand rows at most for
 * one agency) so a 100,000-row file needs no per-row lookups.
 */
import type { Executor } from '../../platform/db/client.ts';
import { serialRunner } from '../../platform/db/serial-runner.ts';
import { recordAuditEvents } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
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

/** The outcome of matching one reference. */
export type PersonMatch =
  { kind: 'found'; id: string } | { kind: 'ambiguous'; count: number } | { kind: 'unknown' };

interface Person {
  id: string;
  name: string;
  altNames: string[] | null;
  externalId: string | null;
}

class PeopleDirectory {
  private readonly byExternalId = new Map<string, string>();
  private readonly byName = new Map<string, Set<string>>();

  constructor(people: Person[]) {
    for (const person of people) this.add(person);
  }

  add(person: Person): void {
    if (person.externalId) this.byExternalId.set(person.externalId, person.id);
    for (const name of [person.name, ...(person.altNames ?? [])]) {
      const key = nameKey(name);
      if (!key) continue;
      const ids = this.byName.get(key) ?? new Set<string>();
      ids.add(person.id);
      this.byName.set(key, ids);
    }
  }

  match(reference: PersonReference): PersonMatch {
    if (reference.externalId) {
      const id = this.byExternalId.get(reference.externalId);
      if (id) return { kind: 'found', id };
    }
    if (reference.name) {
      const ids = this.byName.get(nameKey(reference.name));
      if (ids?.size === 1) return { kind: 'found', id: [...ids][0] as string };
      if (ids && ids.size > 1) return { kind: 'ambiguous', count: ids.size };
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

  /** Loads every caregiver and client (id, name, altNames, external id / pid). */
  static async load(executor: Executor): Promise<ImportPeopleIndex> {
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
    return new ImportPeopleIndex(new PeopleDirectory(caregiverRows), new PeopleDirectory(clientRows));
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
    for (const reference of references) {
      if (directory.match(reference).kind !== 'unknown') continue;
      const key = newPersonKey(reference);
      // The first spelling in the file names the new record.
      if (!distinct.has(key)) distinct.set(key, reference);
    }
    if (!distinct.size) return 0;
    const values = [...distinct.values()];
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
    for (const person of created) directory.add(person);
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
    return created.length;
  }
}
