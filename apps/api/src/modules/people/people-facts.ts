/**
 * The read API of module `people` for other modules' SQL (decision 0025, as `shifts/shift-facts.ts`):
 * clients and caregivers as Drizzle subqueries with the alias the caller gives, so a statement that
 * needs a person's billed or paid facts joins them in the same round trip without naming the
 * `client` / `caregiver` tables. Plain column lists over one table: the planner pulls them up into
 * the calling statement (same plan, same indexes). Archived people are included. For display names
 * of many ids, `people.service.ts` `findPeopleNames` is the service to call.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { caregivers, clients } from './people.table.ts';

const builder = new QueryBuilder();

/**
 * Clients (spec s.3 Client) as the subquery `alias`. Columns: `id`, `name`, `pid` (Medicaid prime id, or null),
 * `case_manager_id` (or null), `archived`.
 */
export function clientFacts<TAlias extends string>(alias: TAlias) {
  return builder
    .select({
      id: clients.id,
      name: clients.name,
      pid: clients.pid,
      caseManagerId: clients.caseManagerId,
      archived: clients.archived,
    })
    .from(clients)
    .as(alias);
}

/**
 * Caregivers (spec s.3 Caregiver) as the subquery `alias`. Columns: `id`, `name`, `type` (caregiver
 * type enum, e.g. `DSP_CARE`), `external_id` (the payroll employee id, or null).
 */
export function caregiverFacts<TAlias extends string>(alias: TAlias) {
  return builder
    .select({
      id: caregivers.id,
      name: caregivers.name,
      type: caregivers.type,
      externalId: caregivers.externalId,
    })
    .from(caregivers)
    .as(alias);
}
