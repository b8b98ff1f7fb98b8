/**
 * Guardian records (spec s.3 Guardian, table `guardian`) for other modules: module `users` links a GUARDIAN account
 * to one (issue 20 "Accounts linked to people") and names it on the users list (no PHI beyond the name and email an
 * admin picks from); module `matchmaking` creates, reads and edits the record a family makes for itself (issue 21;
 * decision 0053). Callers validate and audit; these only read and write the row.
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

/** A guardian record's own fields (spec s.3 Guardian), as the guardian edits them; `phoneNumber` in E.164. */
export interface GuardianFields {
  firstName: string;
  middleName: string | null;
  lastName: string;
  sex: string | null;
  phoneNumber: string | null;
  email: string | null;
  /** `YYYY-MM-DD`. */
  dob: string | null;
  smsNotificationsEnabled: boolean;
}

/** A guardian record with its id. */
export interface GuardianRow extends GuardianFields {
  id: string;
}

const guardianColumns = {
  id: guardians.id,
  firstName: guardians.firstName,
  middleName: guardians.middleName,
  lastName: guardians.lastName,
  sex: guardians.sex,
  phoneNumber: guardians.phoneNumber,
  email: guardians.email,
  dob: guardians.dob,
  smsNotificationsEnabled: guardians.smsNotificationsEnabled,
};

/** Inserts a guardian record; resolves it with its new id. One statement. */
export async function insertGuardian(executor: Executor, fields: GuardianFields): Promise<GuardianRow> {
  const [row] = await executor.insert(guardians).values(fields).returning(guardianColumns);
  return row as GuardianRow;
}

/** Guardian record `id`, or null when there is none. One query. */
export async function findGuardian(executor: Executor, id: string): Promise<GuardianRow | null> {
  const [row] = await executor.select(guardianColumns).from(guardians).where(eq(guardians.id, id));
  return row ?? null;
}

/** Replaces the fields of guardian record `id`; resolves it after, or null when there is none. One statement. */
export async function updateGuardian(
  executor: Executor,
  id: string,
  fields: GuardianFields,
): Promise<GuardianRow | null> {
  const [row] = await executor
    .update(guardians)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(guardians.id, id))
    .returning(guardianColumns);
  return row ?? null;
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
