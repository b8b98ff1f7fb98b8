/**
 * Case managers' names and email addresses for other modules (the read API shape of `people-facts.ts`, decision
 * 0025): module `users` links an account to a case-manager record (issue 20 "Accounts linked to people") and names
 * it on the users list without naming the `case_manager` table.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { caseManagers } from './people.table.ts';

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
