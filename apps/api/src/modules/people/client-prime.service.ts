/**
 * Clients of a client-prime import (docs/evv-import.md "Client prime"; spec s.3 Client): matched by
 * Medicaid prime id (`pid`), then `budgetClientId`, then name or altNames (NFD-folded, `nameKey`, as the
 * shift import). A name shared by several clients is ambiguous and never guessed; an unknown client is
 * created flagged `needsReview` (audited `client.create`, source import). A matched client's pid,
 * budget client id, client prime, service element and ISP month are set from the file when the file has
 * a value that differs (audited `client.update` with the field names only); the name is never changed.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { recordAuditEvents, type AuditInput } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { nameKey } from './people-matching.ts';
import { clients } from './people.table.ts';

/** What a client-prime row says about its client. */
export interface ClientPrimeReference {
  name: string | null;
  pid: string | null;
  budgetClientId: string;
  clientPrime: string | null;
  serviceElement: string | null;
  /** Month (1–12) the client's ISP year starts. */
  ispMonth: number | null;
}

export type ClientPrimeMatch =
  { kind: 'found'; id: string } | { kind: 'ambiguous'; count: number } | { kind: 'unknown' };

const tracked = ['pid', 'budgetClientId', 'clientPrime', 'serviceElement', 'ispMonth'] as const;
type ClientRow = Pick<typeof clients.$inferSelect, 'id' | 'name' | 'altNames' | (typeof tracked)[number]>;

/** The agency's clients indexed for one client-prime import (loaded once per job). */
export class ClientPrimeDirectory {
  private readonly byId = new Map<string, ClientRow>();
  private readonly byPid = new Map<string, string>();
  private readonly byBudgetId = new Map<string, string>();
  private readonly byName = new Map<string, Set<string>>();

  private constructor(rows: ClientRow[]) {
    for (const row of rows) this.add(row);
  }

  /** Loads every client (id, names, pid, budget ids). */
  static async load(executor: Executor): Promise<ClientPrimeDirectory> {
    const rows = await executor
      .select({
        id: clients.id,
        name: clients.name,
        altNames: clients.altNames,
        pid: clients.pid,
        budgetClientId: clients.budgetClientId,
        clientPrime: clients.clientPrime,
        serviceElement: clients.serviceElement,
        ispMonth: clients.ispMonth,
      })
      .from(clients);
    return new ClientPrimeDirectory(rows);
  }

  private add(row: ClientRow): void {
    this.byId.set(row.id, row);
    if (row.pid) this.byPid.set(row.pid, row.id);
    if (row.budgetClientId) this.byBudgetId.set(row.budgetClientId, row.id);
    for (const name of [row.name, ...(row.altNames ?? [])]) {
      const key = nameKey(name);
      if (!key) continue;
      const ids = this.byName.get(key) ?? new Set<string>();
      ids.add(row.id);
      this.byName.set(key, ids);
    }
  }

  /** pid, then budget client id, then name/altNames. Pure lookup. */
  match(reference: ClientPrimeReference): ClientPrimeMatch {
    const byPid = reference.pid ? this.byPid.get(reference.pid) : undefined;
    if (byPid) return { kind: 'found', id: byPid };
    const byBudget = this.byBudgetId.get(reference.budgetClientId);
    if (byBudget) return { kind: 'found', id: byBudget };
    if (reference.name) {
      const ids = this.byName.get(nameKey(reference.name));
      if (ids?.size === 1) return { kind: 'found', id: [...ids][0] as string };
      if (ids && ids.size > 1) return { kind: 'ambiguous', count: ids.size };
    }
    return { kind: 'unknown' };
  }

  /**
   * In the caller's transaction: creates the unknown clients among `references` (one per budget client
   * id; the first row names it) and updates matched clients whose file values differ. Returns the client
   * id per budget client id (ambiguous references are left out) and the counts.
   */
  async apply(
    executor: Executor,
    ctx: RequestContext,
    references: ClientPrimeReference[],
  ): Promise<{ ids: Map<string, string>; created: number; updated: number }> {
    const ids = new Map<string, string>();
    const audits: AuditInput[] = [];
    let created = 0;
    let updated = 0;
    const distinct = new Map<string, ClientPrimeReference>();
    for (const reference of references)
      if (!distinct.has(reference.budgetClientId)) distinct.set(reference.budgetClientId, reference);
    for (const reference of distinct.values()) {
      const match = this.match(reference);
      if (match.kind === 'ambiguous') continue;
      if (match.kind === 'unknown') {
        const tail = [...reference.budgetClientId].slice(-4).join('');
        const [row] = await executor
          .insert(clients)
          .values({
            name: reference.name ?? `New client (budget id …${tail})`,
            pid: reference.pid,
            budgetClientId: reference.budgetClientId,
            clientPrime: reference.clientPrime,
            serviceElement: reference.serviceElement,
            ispMonth: reference.ispMonth,
            needsReview: true,
          })
          .returning({
            id: clients.id,
            name: clients.name,
            altNames: clients.altNames,
            pid: clients.pid,
            budgetClientId: clients.budgetClientId,
            clientPrime: clients.clientPrime,
            serviceElement: clients.serviceElement,
            ispMonth: clients.ispMonth,
          });
        if (!row) throw new Error('could not create the client');
        this.add(row);
        ids.set(reference.budgetClientId, row.id);
        created += 1;
        audits.push({
          action: 'client.create',
          entityType: 'client',
          entityId: row.id,
          details: { source: 'import', needsReview: true },
        });
        continue;
      }
      ids.set(reference.budgetClientId, match.id);
      const current = this.byId.get(match.id);
      if (!current) continue;
      const changes: Partial<Pick<ClientRow, (typeof tracked)[number]>> = {};
      for (const field of tracked) {
        const value = reference[field];
        if (value !== null && value !== current[field]) Object.assign(changes, { [field]: value });
      }
      const fields = Object.keys(changes);
      if (!fields.length) continue;
      await executor.update(clients).set(changes).where(eq(clients.id, match.id));
      this.add({ ...current, ...changes });
      updated += 1;
      audits.push({
        action: 'client.update',
        entityType: 'client',
        entityId: match.id,
        details: { source: 'import', fields },
      });
    }
    await recordAuditEvents(executor, ctx, audits);
    return { ids, created, updated };
  }
}
