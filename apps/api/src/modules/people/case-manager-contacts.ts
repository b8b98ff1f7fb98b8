/**
 * Case managers' contact facts for other modules (decision 0025), without their reading the `case_manager` table:
 * module `users` links an account to a case-manager record and names it on the users list (issue 20 "Accounts
 * linked to people", `caseManagerContactFacts`); the email campaigns (module `campaigns`) choose recipients here and
 * the access links (module `access`) find where to send a renewed link.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { caseManagers } from './people.table.ts';

/** A case manager's name, county, email (trimmed; null when none) and whether the record is archived. */
export interface CaseManagerContact {
  id: string;
  name: string;
  county: string | null;
  email: string | null;
  archived: boolean;
}

/** Which case managers: by ids (archived included), by counties (active only, case ignored), or every active one. */
export type CaseManagerSelection =
  | { mode: 'all' }
  | { mode: 'county'; counties: readonly string[] }
  | { mode: 'picked'; caseManagerIds: readonly string[] };

const contactColumns = {
  id: caseManagers.id,
  name: caseManagers.name,
  county: caseManagers.county,
  email: sql<string | null>`nullif(trim(${caseManagers.email}), '')`,
  archived: caseManagers.archived,
};

/** The case managers `selection` names, in name order (then id). One query; none for an empty list. */
export async function findCaseManagerContacts(
  executor: Executor,
  selection: CaseManagerSelection,
): Promise<CaseManagerContact[]> {
  let where: SQL | undefined;
  if (selection.mode === 'all') where = eq(caseManagers.archived, false);
  else if (selection.mode === 'county') {
    const counties = [...new Set(selection.counties.map((county) => county.trim().toLowerCase()))];
    if (!counties.length) return [];
    where = and(
      eq(caseManagers.archived, false),
      inArray(sql`lower(trim(${caseManagers.county}))`, counties),
    );
  } else {
    if (!selection.caseManagerIds.length) return [];
    where = inArray(caseManagers.id, [...new Set(selection.caseManagerIds)]);
  }
  return executor
    .select(contactColumns)
    .from(caseManagers)
    .where(where)
    .orderBy(asc(caseManagers.name), asc(caseManagers.id));
}

/** One case manager's contact facts, or null when no record has this id. */
export async function findCaseManagerContact(
  executor: Executor,
  id: string,
): Promise<CaseManagerContact | null> {
  const [row] = await executor.select(contactColumns).from(caseManagers).where(eq(caseManagers.id, id));
  return row ?? null;
}

/** Every case manager (archived included) in name order, and the distinct counties of the active ones (sorted). */
export async function caseManagerDirectory(
  executor: Executor,
): Promise<{ contacts: CaseManagerContact[]; counties: string[] }> {
  const contacts = await executor
    .select(contactColumns)
    .from(caseManagers)
    .orderBy(asc(caseManagers.name), asc(caseManagers.id));
  const rows = await executor
    .selectDistinct({ county: sql<string>`trim(${caseManagers.county})` })
    .from(caseManagers)
    .where(
      and(
        eq(caseManagers.archived, false),
        isNotNull(caseManagers.county),
        sql`trim(${caseManagers.county}) <> ''`,
      ),
    )
    .orderBy(sql`trim(${caseManagers.county})`);
  return { contacts, counties: rows.map((row) => row.county) };
}

const builder = new QueryBuilder();

/** Case managers as the subquery `alias`. Columns: `id`, `name`, `email` (or null), `county` (or null), `archived`. */
export function caseManagerContactFacts<TAlias extends string>(alias: TAlias) {
  return builder
    .select({
      id: caseManagers.id,
      name: caseManagers.name,
      email: caseManagers.email,
      county: caseManagers.county,
      archived: caseManagers.archived,
    })
    .from(caseManagers)
    .as(alias);
}
