/**
 * Test fixtures for the schedule, alert and map routes: listings arranged with the database handle (the create
 * endpoints of other parts of issue 21 are not used here) and accounts linked through module users' services.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { systemContext } from '../../platform/http/context.ts';
import { linkCaregiverListingAccount, linkGuardianAccount } from '../users/matchmaking-accounts.service.ts';
import { as, signInAs, type TestApp } from '../../../test/helpers.ts';
import { tinderCaregivers, tinderClients } from './matchmaking.table.ts';
import { placeOfZip } from './places.ts';

const where = (zip: string | null) => {
  const place = zip ? placeOfZip(zip) : null;
  if (zip && !place) throw new Error(`unknown ZIP ${zip}`);
  return place
    ? {
        zipCode: place.zipCode,
        city: place.city,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
      }
    : {};
};

/** A signed-in guardian account linked to a new guardian record. */
export async function familyAccount(t: TestApp) {
  const signed = await signInAs(t, 'GUARDIAN');
  // Module people publishes no create for guardians (its POST endpoint comes with issue 21's clients part).
  const result = await t.database.db.execute<{ id: string }>(
    sql`insert into guardian (first_name, last_name) values ('Gina', 'Guardian') returning id`,
  );
  const guardianId = result.rows[0]!.id;
  await linkGuardianAccount(t.database.db, systemContext(), signed.accountId, guardianId);
  return { ...signed, guardianId, call: as(t, signed.cookie) };
}

/** A client listing of guardian `guardianId` at ZIP `zip` (listed and public unless told). */
export async function clientListing(
  t: TestApp,
  guardianId: string | null,
  zip: string | null,
  values: Partial<typeof tinderClients.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(tinderClients)
    .values({
      firstName: 'Carla',
      lastName: 'Clientsecret',
      address: '12 Secret Lane',
      uniqueKey: randomUUID(),
      guardianId,
      careType: 'Personal care',
      hoursNeededCategory: 'part-time',
      visibility: 'public',
      listedAt: new Date(),
      ...where(zip),
      ...values,
    })
    .returning();
  return row!;
}

/** A caregiver listing at ZIP `zip` (listed unless told). */
export async function caregiverListing(
  t: TestApp,
  zip: string | null,
  values: Partial<typeof tinderCaregivers.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(tinderCaregivers)
    .values({
      firstName: 'Rosa',
      lastName: 'Caresecret',
      email: 'rosa-secret@example.org',
      phoneNumber: '+15415550199',
      address: '99 Hidden Road',
      uniqueKey: randomUUID(),
      listedAt: new Date(),
      ...where(zip),
      ...values,
    })
    .returning();
  return row!;
}

/** A signed-in caregiver account that owns a new caregiver listing at `zip`. */
export async function caregiverAccount(
  t: TestApp,
  zip: string | null,
  values: Partial<typeof tinderCaregivers.$inferInsert> = {},
) {
  const signed = await signInAs(t, 'CAREGIVER');
  const listing = await caregiverListing(t, zip, values);
  await linkCaregiverListingAccount(t.database.db, systemContext(), signed.accountId, listing.id);
  return { ...signed, listing, call: as(t, signed.cookie) };
}
