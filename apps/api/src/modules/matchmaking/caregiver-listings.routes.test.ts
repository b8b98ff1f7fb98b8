/**
 * Caregiver listings through the API (issue 21; docs/matchmaking.md "Caregiver listings"; decision 0054): create
 * with the minimal fields, each onboarding step's save, the versioned bio, replace-all contacts and references,
 * publishing refused by missing field, the verification step, the family-side preview; beside each success the
 * refusals: anonymous 401, a guardian 403, an account without a listing 404, another caregiver's listing never
 * reachable, bad input 400 naming the field with nothing written; audit events without personal details.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaregiverListing, CaregiverPreview, CaregiverTextBioList } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
const BASE = '/api/matchmaking/caregivers';
const BIO = 'I have cared for my grandmother for six years and I love helping people stay at home.';
const MINIMAL = { firstName: 'Rosa', lastName: 'Quintanilla', zipCode: '97401' };

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

async function caller(role: 'CAREGIVER' | 'USER' | 'GUARDIAN' | 'ADMIN' = 'CAREGIVER') {
  const signed = await signInAs(t, role);
  return { ...signed, call: as(t, signed.cookie) };
}

async function withListing(payload: Record<string, unknown> = MINIMAL) {
  const who = await caller();
  const created = await who.call({ method: 'POST', url: BASE, payload });
  expect(created.statusCode, created.body).toBe(201);
  return { ...who, listing: created.json<CaregiverListing>() };
}

const fieldsOf = (body: string) =>
  (JSON.parse(body) as { errors?: { path: string }[] }).errors?.map((e) => e.path.replace(/^body\./, ''));

describe('caregiver listings: create (step form)', () => {
  it('creates the listing from first name, last name and ZIP alone, with place, key and next step', async () => {
    const { call, listing } = await withListing();
    expect(listing).toMatchObject({
      firstName: 'Rosa',
      lastName: 'Quintanilla',
      zipCode: '97401',
      city: 'Eugene',
      state: 'OR',
      furthestStep: 'form',
      nextStep: 'addMedia',
      listedAt: null,
      verified: false,
      missingFields: ['availabilityStatus', 'bio'],
    });
    expect(listing.uniqueKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const again = await call({ method: 'GET', url: `${BASE}/me` });
    expect(again.statusCode).toBe(200);
    expect(again.json<CaregiverListing>().id).toBe(listing.id);
    const second = await call({ method: 'POST', url: BASE, payload: MINIMAL });
    expect(second.statusCode).toBe(409);
    expect(fieldsOf(second.body)).toEqual(['caregiver']);
  });

  it('stores every form field and keeps the listing keys unguessable and distinct', async () => {
    const { listing } = await withListing({
      ...MINIMAL,
      middleName: 'M',
      sex: 'female',
      dob: '1990-04-02',
      email: 'rosa@example.org',
      phoneNumber: '(541) 555-0100',
      address: '12 Oak St',
      experienceYears: 6,
      canDrive: true,
      languages: ['English', 'Spanish', 'Spanish'],
      specialties: ['Dementia care'],
      certifications: ['CPR'],
      smsNotificationsEnabled: true,
    });
    expect(listing).toMatchObject({
      sex: 'female',
      dob: '1990-04-02',
      email: 'rosa@example.org',
      phoneNumber: '(541) 555-0100',
      experienceYears: 6,
      canDrive: true,
      languages: ['English', 'Spanish'],
      smsNotificationsEnabled: true,
    });
    const other = await withListing();
    expect(other.listing.uniqueKey).not.toBe(listing.uniqueKey);
  });

  it('turns a plain USER account into a CAREGIVER', async () => {
    const user = await caller('USER');
    const created = await user.call({ method: 'POST', url: BASE, payload: MINIMAL });
    expect(created.statusCode, created.body).toBe(201);
    const me = await user.call({ method: 'GET', url: '/api/me' });
    expect(me.json<{ role: string }>().role).toBe('CAREGIVER');
  });

  it('refuses a guardian (403), anonymous (401), an unknown ZIP and bad fields (400) and writes nothing', async () => {
    const guardian = await caller('GUARDIAN');
    expect((await guardian.call({ method: 'POST', url: BASE, payload: MINIMAL })).statusCode).toBe(403);
    const denied = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorUserAccountId, guardian.accountId),
          eq(auditEvents.action, 'caregiver_listing.create'),
        ),
      );
    expect(denied.map((e) => e.outcome)).toEqual(['denied']);
    expect((await as(t, null)({ method: 'POST', url: BASE, payload: MINIMAL })).statusCode).toBe(401);

    const who = await caller();
    const unknownZip = await who.call({
      method: 'POST',
      url: BASE,
      payload: { ...MINIMAL, zipCode: '00000' },
    });
    expect(unknownZip.statusCode).toBe(400);
    expect(fieldsOf(unknownZip.body)).toEqual(['zipCode']);
    const bad = await who.call({
      method: 'POST',
      url: BASE,
      payload: { firstName: ' ', lastName: 'Q', zipCode: '974', email: 'nope', experienceYears: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(
      expect.arrayContaining(['firstName', 'zipCode', 'email', 'experienceYears']),
    );
    expect((await who.call({ method: 'GET', url: `${BASE}/me` })).statusCode).toBe(404);
  });
});

describe('caregiver listings: the /me routes', () => {
  const meRoutes = [
    { method: 'GET', url: `${BASE}/me` },
    { method: 'PUT', url: `${BASE}/me`, payload: MINIMAL },
    { method: 'PUT', url: `${BASE}/me/medallion`, payload: { medallionStatus: 'earned' } },
    { method: 'GET', url: `${BASE}/me/bios` },
    { method: 'POST', url: `${BASE}/me/bios`, payload: { bio: BIO } },
    { method: 'PUT', url: `${BASE}/me/additional-info`, payload: {} },
    { method: 'POST', url: `${BASE}/me/finalize` },
    { method: 'POST', url: `${BASE}/me/verification-complete` },
    { method: 'GET', url: `${BASE}/me/preview` },
  ] as const;

  it('answers 401 to anonymous callers and 404 to accounts without a listing (a guardian too)', async () => {
    const anonymous = as(t, null);
    const without = await caller();
    const guardian = await caller('GUARDIAN');
    for (const request of meRoutes) {
      expect((await anonymous(request)).statusCode, `${request.method} ${request.url}`).toBe(401);
      const none = await without.call(request);
      expect(none.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect((await guardian.call(request)).statusCode, `${request.method} ${request.url}`).toBe(404);
    }
  });

  it("never reaches another caregiver's listing: each account sees and changes only its own", async () => {
    const ana = await withListing({ ...MINIMAL, firstName: 'Ana' });
    const ben = await withListing({ ...MINIMAL, firstName: 'Ben', zipCode: '98101' });
    await ana.call({ method: 'POST', url: `${BASE}/me/bios`, payload: { bio: BIO } });
    const benBios = await ben.call({ method: 'GET', url: `${BASE}/me/bios` });
    expect(benBios.json<CaregiverTextBioList>().items).toEqual([]);
    const benPreview = await ben.call({ method: 'GET', url: `${BASE}/me/preview` });
    expect(benPreview.json<CaregiverPreview>()).toMatchObject({ card: { id: ben.listing.id }, bio: null });
    await ben.call({ method: 'PUT', url: `${BASE}/me/medallion`, payload: { medallionStatus: 'earned' } });
    const anaAfter = (await ana.call({ method: 'GET', url: `${BASE}/me` })).json<CaregiverListing>();
    expect(anaAfter).toMatchObject({
      id: ana.listing.id,
      firstName: 'Ana',
      medallionStatus: null,
      city: 'Eugene',
    });
  });

  it('edits the form fields (PUT /me): a new ZIP moves the place; the furthest step stays', async () => {
    const { call } = await withListing();
    await call({ method: 'PUT', url: `${BASE}/me/medallion`, payload: { medallionStatus: 'none' } });
    const edited = await call({
      method: 'PUT',
      url: `${BASE}/me`,
      payload: { ...MINIMAL, firstName: 'Rosie', zipCode: '98101' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CaregiverListing>()).toMatchObject({
      firstName: 'Rosie',
      city: 'Seattle',
      state: 'WA',
      furthestStep: 'medallion',
    });
    const bad = await call({ method: 'PUT', url: `${BASE}/me`, payload: { ...MINIMAL, zipCode: '99999' } });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['zipCode']);
    expect((await call({ method: 'GET', url: `${BASE}/me` })).json<CaregiverListing>().city).toBe('Seattle');
  });

  it('sets the medallion status with a server date that changes only when the status does', async () => {
    const { call } = await withListing();
    const first = await call({
      method: 'PUT',
      url: `${BASE}/me/medallion`,
      payload: { medallionStatus: 'in_progress', medallionUpdatedAt: '2000-01-01T00:00:00Z' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<CaregiverListing>();
    expect(saved).toMatchObject({ medallionStatus: 'in_progress', furthestStep: 'medallion' });
    expect(Date.now() - Date.parse(saved.medallionUpdatedAt ?? '')).toBeLessThan(60_000);
    const same = await call({
      method: 'PUT',
      url: `${BASE}/me/medallion`,
      payload: { medallionStatus: 'in_progress' },
    });
    expect(same.json<CaregiverListing>().medallionUpdatedAt).toBe(saved.medallionUpdatedAt);
    const bad = await call({
      method: 'PUT',
      url: `${BASE}/me/medallion`,
      payload: { medallionStatus: 'gold' },
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad.body)).toEqual(['medallionStatus']);
  });

  it('keeps every bio version with exactly one current, newest first; refuses a too-short bio', async () => {
    const { call } = await withListing();
    const one = await call({ method: 'POST', url: `${BASE}/me/bios`, payload: { bio: BIO } });
    expect(one.statusCode, one.body).toBe(201);
    const two = await call({
      method: 'POST',
      url: `${BASE}/me/bios`,
      payload: { bio: `${BIO} I speak Spanish.` },
    });
    expect(two.json()).toMatchObject({ version: 2, isCurrent: true });
    const list = (await call({ method: 'GET', url: `${BASE}/me/bios` })).json<CaregiverTextBioList>().items;
    expect(list.map((b) => [b.version, b.isCurrent])).toEqual([
      [2, true],
      [1, false],
    ]);
    const listing = (await call({ method: 'GET', url: `${BASE}/me` })).json<CaregiverListing>();
    expect(listing).toMatchObject({ bio: `${BIO} I speak Spanish.`, furthestStep: 'bioCreation' });
    const short = await call({ method: 'POST', url: `${BASE}/me/bios`, payload: { bio: 'Too short.' } });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short.body)).toEqual(['bio']);
    expect(
      (await call({ method: 'GET', url: `${BASE}/me/bios` })).json<CaregiverTextBioList>().items,
    ).toHaveLength(2);
  });

  it('replaces contacts and references all at once; references start unverified; bad input keeps the old ones', async () => {
    const { call } = await withListing();
    const saved = await call({
      method: 'PUT',
      url: `${BASE}/me/additional-info`,
      payload: {
        contacts: [
          { name: 'Marta', relationship: 'Sister' },
          { name: 'Luis', relationship: null },
        ],
        references: [
          { refName: 'Dr. Lee', refContact: '541-555-0101', relationship: 'Former employer', verified: true },
        ],
        backupReady: true,
        availabilityStatus: 'soon',
        availableFrom: '2027-01-15',
        availableHours: 30,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CaregiverListing>()).toMatchObject({
      contacts: [{ name: 'Marta' }, { name: 'Luis' }],
      references: [{ refName: 'Dr. Lee', verified: false }],
      backupReady: true,
      availabilityStatus: 'soon',
      availableFrom: '2027-01-15',
      availableHours: 30,
      furthestStep: 'additionalInfo',
    });
    const soonWithoutDate = await call({
      method: 'PUT',
      url: `${BASE}/me/additional-info`,
      payload: { contacts: [], availabilityStatus: 'soon' },
    });
    expect(soonWithoutDate.statusCode).toBe(400);
    expect(fieldsOf(soonWithoutDate.body)).toEqual(['availableFrom']);
    const badReference = await call({
      method: 'PUT',
      url: `${BASE}/me/additional-info`,
      payload: { contacts: [], references: [{ refName: '' }] },
    });
    expect(badReference.statusCode).toBe(400);
    expect(fieldsOf(badReference.body)).toEqual(['references.0.refName']);
    expect((await call({ method: 'GET', url: `${BASE}/me` })).json<CaregiverListing>().contacts).toHaveLength(
      2,
    );

    const replaced = await call({
      method: 'PUT',
      url: `${BASE}/me/additional-info`,
      payload: { contacts: [{ name: 'Ines' }], availabilityStatus: 'available', availableFrom: '2027-01-15' },
    });
    expect(replaced.json<CaregiverListing>()).toMatchObject({
      contacts: [{ name: 'Ines', relationship: null }],
      references: [],
      backupReady: false,
      availabilityStatus: 'available',
      availableFrom: null,
    });
  });

  it('publishes only a complete listing, naming each missing field; then the verification step', async () => {
    const { call } = await withListing();
    const early = await call({ method: 'POST', url: `${BASE}/me/verification-complete` });
    expect(early.statusCode).toBe(400);
    expect(fieldsOf(early.body)).toEqual(['listedAt']);
    const refused = await call({ method: 'POST', url: `${BASE}/me/finalize` });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused.body)).toEqual(['availabilityStatus', 'bio']);
    const unchanged = (await call({ method: 'GET', url: `${BASE}/me` })).json<CaregiverListing>();
    expect(unchanged).toMatchObject({ listedAt: null, furthestStep: 'form' });

    await call({ method: 'POST', url: `${BASE}/me/bios`, payload: { bio: BIO } });
    const stillMissing = await call({ method: 'POST', url: `${BASE}/me/finalize` });
    expect(fieldsOf(stillMissing.body)).toEqual(['availabilityStatus']);
    await call({
      method: 'PUT',
      url: `${BASE}/me/additional-info`,
      payload: { availabilityStatus: 'available' },
    });
    const published = await call({ method: 'POST', url: `${BASE}/me/finalize` });
    expect(published.statusCode, published.body).toBe(200);
    const listing = published.json<CaregiverListing>();
    expect(listing).toMatchObject({ furthestStep: 'listingFinalization', nextStep: 'verificationComplete' });
    expect(listing.listedAt).not.toBeNull();
    expect(listing.missingFields).toEqual([]);

    const done = await call({ method: 'POST', url: `${BASE}/me/verification-complete` });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<CaregiverListing>()).toMatchObject({
      furthestStep: 'verificationComplete',
      nextStep: null,
      verified: false,
      verifiedAt: null,
      verificationMethod: null,
      listedAt: listing.listedAt,
    });
  });

  it('previews the card as families see it: first name and last initial, never contact details', async () => {
    const { call, listing } = await withListing({
      ...MINIMAL,
      email: 'rosa.private@example.org',
      phoneNumber: '541-555-0199',
      address: '77 Hidden Lane',
      dob: '1988-08-08',
    });
    await call({ method: 'POST', url: `${BASE}/me/bios`, payload: { bio: BIO } });
    const preview = await call({ method: 'GET', url: `${BASE}/me/preview` });
    expect(preview.statusCode).toBe(200);
    const body = preview.json<CaregiverPreview>();
    expect(body).toMatchObject({
      card: { id: listing.id, firstName: 'Rosa', lastInitial: 'Q', city: 'Eugene', verified: false },
      bio: BIO,
    });
    for (const secret of ['Quintanilla', 'rosa.private', '555-0199', 'Hidden Lane', '1988-08-08', '44.0']) {
      expect(preview.body).not.toContain(secret);
    }
  });

  it('audits every write and read with ids and counts, never names or contact details', async () => {
    const { call, listing, accountId } = await withListing({
      ...MINIMAL,
      email: 'audit.me@example.org',
      phoneNumber: '541-555-0142',
    });
    await call({ method: 'GET', url: `${BASE}/me` });
    await call({ method: 'POST', url: `${BASE}/me/bios`, payload: { bio: BIO } });
    await call({
      method: 'PUT',
      url: `${BASE}/me/additional-info`,
      payload: { contacts: [{ name: 'Secret Sister' }], availabilityStatus: 'available' },
    });
    await call({ method: 'GET', url: `${BASE}/me/preview` });
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.actorUserAccountId, accountId),
          inArray(auditEvents.action, [
            'caregiver_listing.create',
            'caregiver_listing.read',
            'caregiver_bio.create',
            'caregiver_listing.additional_info',
            'caregiver_listing.preview',
          ]),
        ),
      );
    expect(events.map((e) => e.action).sort()).toEqual([
      'caregiver_bio.create',
      'caregiver_listing.additional_info',
      'caregiver_listing.create',
      'caregiver_listing.preview',
      'caregiver_listing.read',
    ]);
    expect(events.every((e) => e.entityId === listing.id)).toBe(true);
    const text = JSON.stringify(events.map((e) => e.details));
    for (const secret of ['Rosa', 'Quintanilla', 'audit.me', '555-0142', 'Secret Sister', 'grandmother']) {
      expect(text).not.toContain(secret);
    }
    expect(events.find((e) => e.action === 'caregiver_listing.additional_info')?.details).toEqual({
      contacts: 1,
      references: 0,
    });
  });
});
