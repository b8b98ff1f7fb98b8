/**
 * Guardian records (spec s.3 Guardian, table `guardian`) for other modules: module `users` links a GUARDIAN account
 * to one (issue 20 "Accounts linked to people") and names it on the users list. Reads only; no PHI beyond the name
 * and email an admin picks from.
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/audit/audit.service.ts';
import { guardians } from './people.table.ts';

/** A guardian record as a picker shows it: id, "First Middle Last" and email (or null). */
export interface GuardianRecord {
  id: string;
  name: string;
  email: string | null;
}

/**
 * Guardians with one of `filter.ids` and/or whose name or email contains `filter.q` (case ignored), by last then
 * first name, at most `filter.limit` (default 20). One query; none when `ids` is given empty.
 */
export async function findGuardianRecords(
  executor: Executor,
  filter: { ids?: readonly string[]; q?: string; limit?: number },
): Promise<GuardianRecord[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  const where: SQL[] = [];
  if (filter.ids) where.push(inArray(guardians.id, [...filter.ids]));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const name = sql`concat_ws(' ', ${guardians.firstName}, ${guardians.middleName}, ${guardians.lastName})`;
    where.push(or(ilike(name, pattern), ilike(guardians.email, pattern)) as SQL);
  }
  const rows = await executor
    .select({
      id: guardians.id,
      name: sql<string>`concat_ws(' ', ${guardians.firstName}, ${guardians.middleName}, ${guardians.lastName})`,
      email: guardians.email,
    })
    .from(guardians)
    .where(and(...where))
    .orderBy(asc(guardians.lastName), asc(guardians.firstName), asc(guardians.id))
    .limit(filter.limit ?? 20);
  return rows;
}

/** How a guardian record stands in matchmaking verification (issue 21; decision 0057). */
export interface GuardianVerification {
  id: string;
  name: string;
  verifiedAt: Date | null;
  verificationMethod: string | null;
}

/** Guardian `id`'s name ("First Middle Last") and verification, or null for an unknown id. One query. */
export async function findGuardianVerification(
  executor: Executor,
  id: string,
): Promise<GuardianVerification | null> {
  const [row] = await executor
    .select({
      id: guardians.id,
      name: sql<string>`concat_ws(' ', ${guardians.firstName}, ${guardians.middleName}, ${guardians.lastName})`,
      verifiedAt: guardians.verifiedAt,
      verificationMethod: guardians.verificationMethod,
    })
    .from(guardians)
    .where(eq(guardians.id, id));
  return row ?? null;
}

/**
 * Marks guardian `id` verified by `method` (`case_manager_code`, `id_document`, `admin`; contracts
 * `verificationMethods`) by account `verifiedByUserId`, now. Only who, how and when are kept (issue 21 "Verification
 * and privacy"). The caller audits and runs it in its transaction. Resolves false for an unknown id.
 */
export async function markGuardianVerified(
  executor: Executor,
  id: string,
  method: string,
  verifiedByUserId: string,
  at: Date = new Date(),
): Promise<boolean> {
  const rows = await executor
    .update(guardians)
    .set({ verifiedAt: at, verificationMethod: method, verifiedByUserId, updatedAt: at })
    .where(eq(guardians.id, id))
    .returning({ id: guardians.id });
  return rows.length > 0;
}
