/**
 * Caregivers' email addresses for other modules (the read API shape of `people-facts.ts`, decision 0025): the ISP
 * acknowledgements (decision 0046) find the caregiver behind a CAREGIVER account by email, and the account behind a
 * caregiver, without naming the `caregiver` table.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { caregivers } from './people.table.ts';

const builder = new QueryBuilder();

/**
 * Caregivers as the subquery `alias`. Columns: `id`, `name`, `email` (or null), `emails` (text[] of other
 * addresses, or null), `archived`. Archived caregivers are included.
 */
export function caregiverContactFacts<TAlias extends string>(alias: TAlias) {
  return builder
    .select({
      id: caregivers.id,
      name: caregivers.name,
      email: caregivers.email,
      emails: caregivers.emails,
      archived: caregivers.archived,
    })
    .from(caregivers)
    .as(alias);
}
