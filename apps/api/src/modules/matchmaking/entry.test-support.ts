/**
 * Fixtures of the entry, verification and report route tests (decision 0057): guardian records, listings and care
 * records written with plain SQL (the tests reach other modules' tables no other way), and the account links made
 * through module users' own functions.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers.ts';
import { systemContext } from '../../platform/http/context.ts';
import { linkCaregiverListingAccount, linkGuardianAccount } from '../users/matchmaking-accounts.service.ts';

async function insertedId(t: TestApp, query: ReturnType<typeof sql>): Promise<string> {
  const result = await t.database.db.execute<{ id: string }>(query);
  const id = result.rows[0]?.id;
  if (!id) throw new Error('fixture insert returned no id');
  return id;
}

/** A guardian record linked to account `accountId`. */
export async function guardianFor(t: TestApp, accountId: string, name = ['Ana', 'Ruiz']): Promise<string> {
  const id = await insertedId(
    t,
    sql`insert into guardian (first_name, last_name) values (${name[0]}, ${name[1]}) returning id`,
  );
  await linkGuardianAccount(t.database.db, systemContext(), accountId, id);
  return id;
}

/** A client listing of guardian `guardianId` at `step` (furthest step completed). */
export async function clientListingOf(
  t: TestApp,
  guardianId: string,
  step: string | null = null,
): Promise<string> {
  return insertedId(
    t,
    sql`insert into tinder_client (first_name, last_name, unique_key, guardian_id, onboarding_step)
        values ('Pablo', 'Ruiz', ${randomUUID()}, ${guardianId}, ${step}) returning id`,
  );
}

/** A caregiver listing linked to account `accountId`. */
export async function caregiverListingFor(
  t: TestApp,
  accountId: string,
  name: [string, string | null] = ['María', 'Núñez'],
  step: string | null = null,
): Promise<string> {
  const id = await insertedId(
    t,
    sql`insert into tinder_caregiver (first_name, last_name, unique_key, onboarding_step)
        values (${name[0]}, ${name[1]}, ${randomUUID()}, ${step}) returning id`,
  );
  await linkCaregiverListingAccount(t.database.db, systemContext(), accountId, id);
  return id;
}

/** An agency caregiver record with EVV employee identifier `externalId`. */
export async function agencyCaregiver(t: TestApp, name: string, externalId: string): Promise<string> {
  return insertedId(
    t,
    sql`insert into caregiver (name, external_id) values (${name}, ${externalId}) returning id`,
  );
}

/** A case manager record linked to account `accountId`, and a client on its caseload. */
export async function caseManagerWithClient(t: TestApp, accountId: string) {
  const caseManagerId = await insertedId(
    t,
    sql`insert into case_manager (name) values ('Case Manager') returning id`,
  );
  await t.database.db.execute(
    sql`update user_account set case_manager_id = ${caseManagerId} where id = ${accountId}`,
  );
  const clientId = await careClient(t, caseManagerId);
  return { caseManagerId, clientId };
}

/** A care client record (on `caseManagerId`'s caseload when given). */
export async function careClient(t: TestApp, caseManagerId: string | null = null): Promise<string> {
  return insertedId(
    t,
    sql`insert into client (name, case_manager_id) values ('Care Client', ${caseManagerId}) returning id`,
  );
}
