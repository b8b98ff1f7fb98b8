/**
 * Names of Tend users for the other modules: who reviewed, exported, handled or changed something.
 * Modules outside `users` read user accounts only through here, never `auth.table` (ARCHITECTURE.md;
 * docs/decisions/0030-boundaries-enforced.md). A user's display name is the account's full name, or its email
 * when it has none (null or empty).
 */
import { inArray, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import type { Executor } from '../../platform/db/client.ts';

/**
 * Every account's display name as a subquery `user_name (id uuid, name text)`, for reads that must stay one
 * statement (a list page joins it: `.leftJoin(userNames, eq(userNames.id, table.createdBy))`, then selects
 * `userNames.name`, null when the account is unknown).
 */
export const userNames = new QueryBuilder({ casing: 'snake_case' })
  .select({
    id: userAccounts.id,
    name: sql<string>`coalesce(nullif(${userAccounts.fullName}, ''), ${userAccounts.email})`.as('name'),
  })
  .from(userAccounts)
  .as('user_name');

/**
 * Display names of the accounts `ids` (nulls, repeats and unknown ids allowed): account id → name, one query
 * (none when there is no id). Runs on `executor`, so inside a transaction pass its `tx`.
 */
export async function findUserNames(
  executor: Executor,
  { ids }: { ids: readonly (string | null | undefined)[] },
): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (!wanted.length) return new Map();
  const rows = await executor.select().from(userNames).where(inArray(userNames.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}
