/**
 * Guardians and client listings through the API (issue 21; decision 0053): the guardian record (role change, link,
 * 409 when linked, 403 for a caregiver, E.164 phones, SMS opt-in), listings through steps `new`, `careDetails` and
 * `listingFinalization` with the step recorded, the list with where each resumes, archiving; another guardian's
 * listing is 404 with the unknown id's body; anonymous 401; bad input 400 naming the field and writing nothing;
 * audit events carry ids, never names.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientListing, GuardianProfile } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { findMatchmakingAccount } from '../users/matchmaking-accounts.service.ts';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let anonymous: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  anonymous = as(t, null);
}, 60_000);
afterAll(() => t.close());

async function account(role: 'GUARDIAN' | 'CAREGIVER' | 'USER' | 'ADMIN') {
  const signedIn = await signInAs(t, role);
  return { ...signedIn, call: as(t, signedIn.cookie) };
}

/** `POST /api/matchmaking/guardians` as `call`. */
const postGuardian = (call: ReturnType<typeof as>, firstName: string, lastName: string) =>
  call({ method: 'POST', url: '/api/matchmaking/guardians', payload: { firstName, lastName } });

/** A GUARDIAN account with its guardian record made. */
async function guardian() {
  const g = await account('GUARDIAN');
  const created = await postGuardian(g.call, 'Gail', 'Guardian');
  expect(created.statusCode, created.body).toBe(201);
  return { ...g, guardian: created.json<GuardianProfile>() };
}

const minimalClient = {
  firstName: 'Carla',
  lastName: 'Client',
  zipCode: '97401',
  careType: 'companionship',
  hoursNeeded: 12,
};

async function listing(call: ReturnType<typeof as>, payload: Record<string, unknown> = minimalClient) {
  const created = await call({ method: 'POST', url: '/api/matchmaking/clients', payload });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<ClientListing>();
}

describe('guardian profiles', () => {
  it('creates the caller’s guardian record from a first and last name alone, SMS off, and links the account', async () => {
    const g = await account('GUARDIAN');
    const created = await postGuardian(g.call, 'Gail', 'Guardian');
    expect(created.statusCode, created.body).toBe(201);
    const profile = created.json<GuardianProfile>();
    expect(profile).toMatchObject({
      firstName: 'Gail',
      lastName: 'Guardian',
      smsNotificationsEnabled: false,
    });
    expect((await findMatchmakingAccount(t.database.db, g.accountId))?.guardianId).toBe(profile.id);

    const again = await postGuardian(g.call, 'Gail', 'Again');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('guardian');

    const me = await g.call({ method: 'GET', url: '/api/matchmaking/guardians/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json<GuardianProfile>().id).toBe(profile.id);

    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, profile.id));
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['matchmaking_guardian.create', 'matchmaking_guardian.read']),
    );
    expect(JSON.stringify(audit.map((event) => event.details))).not.toContain('Gail');
  });

  it('stores the phone in E.164, refuses a bad one and SMS without a phone by field, and edits the record', async () => {
    const g = await guardian();
    const put = (payload: Record<string, unknown>) =>
      g.call({ method: 'PUT', url: '/api/matchmaking/guardians/me', payload });
    const saved = await put({
      firstName: 'Gail',
      middleName: 'M',
      lastName: 'Guardian',
      sex: 'female',
      phoneNumber: '(503) 555-0100',
      email: 'gail@example.org',
      dob: '1970-05-01',
      smsNotificationsEnabled: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GuardianProfile>()).toMatchObject({
      phoneNumber: '+15035550100',
      smsNotificationsEnabled: true,
      dob: '1970-05-01',
    });
    const badPhone = await put({ firstName: 'Gail', lastName: 'Guardian', phoneNumber: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('phoneNumber');
    const smsNoPhone = await put({ firstName: 'Gail', lastName: 'Guardian', smsNotificationsEnabled: true });
    expect(smsNoPhone.statusCode).toBe(400);
    expect(smsNoPhone.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('phoneNumber');
    const noName = await put({ firstName: ' ', lastName: 'Guardian' });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('firstName');
    const future = await put({ firstName: 'Gail', lastName: 'Guardian', dob: '2999-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('dob');
    const unchanged = await g.call({ method: 'GET', url: '/api/matchmaking/guardians/me' });
    expect(unchanged.json<GuardianProfile>().phoneNumber).toBe('+15035550100');
  });

  it('turns a plain USER account into a GUARDIAN; refuses a caregiver (403) and anonymous (401)', async () => {
    const user = await account('USER');
    const created = await postGuardian(user.call, 'Uma', 'User');
    expect(created.statusCode, created.body).toBe(201);
    expect((await findMatchmakingAccount(t.database.db, user.accountId))?.role).toBe('GUARDIAN');

    const caregiver = await account('CAREGIVER');
    const refused = await postGuardian(caregiver.call, 'Cara', 'Giver');
    expect(refused.statusCode).toBe(403);
    const anon = await anonymous({
      method: 'POST',
      url: '/api/matchmaking/guardians',
      payload: { firstName: 'A', lastName: 'B' },
    });
    expect(anon.statusCode).toBe(401);
    expect((await anonymous({ method: 'GET', url: '/api/matchmaking/guardians/me' })).statusCode).toBe(401);
    const none = await (
      await account('GUARDIAN')
    ).call({ method: 'GET', url: '/api/matchmaking/guardians/me' });
    expect(none.statusCode).toBe(404);
  });
});

describe('client listings', () => {
  it('creates a listing from the minimal fields: place from the ZIP, unguessable key, step new, resume at avatar', async () => {
    const g = await guardian();
    const created = await listing(g.call);
    expect(created).toMatchObject({
      guardianId: g.guardian.id,
      firstName: 'Carla',
      zipCode: '97401',
      city: 'Eugene',
      state: 'OR',
      careType: 'companionship',
      hoursNeeded: 12,
      hoursNeededCategory: 'part_time',
      visibility: 'public',
      onboardingStep: 'new',
      nextStep: 'avatar',
      listedAt: null,
      missingFields: ['careNeededDescription'],
    });
    expect(created.uniqueKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = await listing(g.call);
    expect(other.uniqueKey).not.toBe(created.uniqueKey);
  });

  it('works the age out of the date of birth and keeps languages once each', async () => {
    const g = await guardian();
    const created = await listing(g.call, {
      ...minimalClient,
      dob: '1940-01-15',
      age: 3,
      languages: ['es', 'en', 'es'],
      levelCareNeeded: 'moderate',
      hoursNeeded: 40,
      address: '12 Oak St',
      sex: 'female',
    });
    expect(created.age).toBeGreaterThanOrEqual(86);
    expect(created.languages).toEqual(['es', 'en']);
    expect(created.hoursNeededCategory).toBe('full_time');
  });

  it('refuses bad input by field and writes nothing: unknown ZIP, care type, hours, language', async () => {
    const g = await guardian();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...minimalClient, zipCode: '00000' }, 'zipCode'],
      [{ ...minimalClient, careType: 'spa' }, 'careType'],
      [{ ...minimalClient, hoursNeeded: 200 }, 'hoursNeeded'],
      [{ ...minimalClient, languages: ['English'] }, 'languages'],
      [{ ...minimalClient, firstName: '' }, 'firstName'],
    ];
    for (const [payload, field] of cases) {
      const response = await g.call({ method: 'POST', url: '/api/matchmaking/clients', payload });
      expect(response.statusCode, field).toBe(400);
      expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path, field).toContain(field);
    }
    const list = await g.call({ method: 'GET', url: '/api/matchmaking/clients' });
    expect(list.json<{ items: ClientListing[] }>().items).toHaveLength(0);
  });

  it('needs a guardian record (409 on guardian), a family account (403) and a session (401)', async () => {
    const bare = await account('GUARDIAN');
    const noGuardian = await bare.call({
      method: 'POST',
      url: '/api/matchmaking/clients',
      payload: minimalClient,
    });
    expect(noGuardian.statusCode).toBe(409);
    expect(noGuardian.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('guardian');
    const caregiver = await account('CAREGIVER');
    const refused = await caregiver.call({
      method: 'POST',
      url: '/api/matchmaking/clients',
      payload: minimalClient,
    });
    expect(refused.statusCode).toBe(403);
    const anon = await anonymous({ method: 'POST', url: '/api/matchmaking/clients', payload: minimalClient });
    expect(anon.statusCode).toBe(401);
    expect((await anonymous({ method: 'GET', url: '/api/matchmaking/clients' })).statusCode).toBe(401);
  });

  it('saves care details, edits step new without moving back, lists where each listing resumes', async () => {
    const g = await guardian();
    const first = await listing(g.call);
    const second = await listing(g.call, { firstName: 'Sam', lastName: 'Second' });
    const saved = await g.call({
      method: 'PUT',
      url: `/api/matchmaking/clients/${first.id}/care-details`,
      payload: {
        careNeededDescription: 'Help with mornings and meals.',
        uniqueIssues: 'Hard of hearing',
        weight: 150,
        careDetails: {
          transfers: 'standby',
          medicationHelp: 'reminders',
          personalCare: ['bathing', 'dressing', 'bathing'],
          caregiverLanguage: 'es',
          drivingNeeded: true,
          petsInHome: true,
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ClientListing>()).toMatchObject({
      onboardingStep: 'careDetails',
      nextStep: 'scheduleMaker',
      weight: 150,
      careDetails: { transfers: 'standby', personalCare: ['bathing', 'dressing'], caregiverLanguage: 'es' },
      missingFields: [],
    });
    const bad = await g.call({
      method: 'PUT',
      url: `/api/matchmaking/clients/${first.id}/care-details`,
      payload: { careDetails: { transfers: 'carry' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errors: { path: string }[] }>().errors[0]?.path).toContain('careDetails.transfers');

    const edited = await g.call({
      method: 'PUT',
      url: `/api/matchmaking/clients/${first.id}`,
      payload: { ...minimalClient, firstName: 'Carly', zipCode: '97201' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<ClientListing>()).toMatchObject({
      firstName: 'Carly',
      city: 'Portland',
      onboardingStep: 'careDetails',
      careNeededDescription: 'Help with mornings and meals.',
    });

    const list = await g.call({ method: 'GET', url: '/api/matchmaking/clients' });
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: ClientListing[] }>().items;
    expect(items.map((item) => [item.id, item.nextStep])).toEqual([
      [first.id, 'scheduleMaker'],
      [second.id, 'avatar'],
    ]);
    const one = await g.call({ method: 'GET', url: `/api/matchmaking/clients/${second.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<ClientListing>().missingFields).toEqual([
      'zipCode',
      'careType',
      'hoursNeeded',
      'careNeededDescription',
    ]);
  });

  it('publishes only a complete listing (400 naming each missing field, nothing written), once', async () => {
    const g = await guardian();
    const half = await listing(g.call, { firstName: 'Hal', lastName: 'Half', careType: 'respite' });
    const refused = await g.call({
      method: 'POST',
      url: `/api/matchmaking/clients/${half.id}/finalize`,
      payload: { visibility: 'matched-only', hidden: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ errors: { path: string }[] }>().errors.map((error) => error.path)).toEqual([
      'zipCode',
      'hoursNeeded',
      'careNeededDescription',
    ]);
    const after = (
      await g.call({ method: 'GET', url: `/api/matchmaking/clients/${half.id}` })
    ).json<ClientListing>();
    expect(after).toMatchObject({
      visibility: 'public',
      hidden: false,
      onboardingStep: 'new',
      listedAt: null,
    });

    const full = await listing(g.call);
    await g.call({
      method: 'PUT',
      url: `/api/matchmaking/clients/${full.id}/care-details`,
      payload: { careNeededDescription: 'Company in the afternoons.' },
    });
    const published = await g.call({
      method: 'POST',
      url: `/api/matchmaking/clients/${full.id}/finalize`,
      payload: { visibility: 'matched-only', hidden: false },
    });
    expect(published.statusCode, published.body).toBe(200);
    const listed = published.json<ClientListing>();
    expect(listed).toMatchObject({
      visibility: 'matched-only',
      onboardingStep: 'listingFinalization',
      nextStep: null,
    });
    expect(listed.listedAt).not.toBeNull();
    const again = await g.call({
      method: 'POST',
      url: `/api/matchmaking/clients/${full.id}/finalize`,
      payload: {},
    });
    expect(again.json<ClientListing>()).toMatchObject({ listedAt: listed.listedAt, visibility: 'public' });
  });

  it('answers another guardian’s listing with the unknown id’s 404 on every route, and archives', async () => {
    const owner = await guardian();
    const stranger = await guardian();
    const mine = await listing(owner.call);
    const unknown = randomUUID();
    const routes: Array<[string, string, Record<string, unknown> | undefined]> = [
      ['GET', '', undefined],
      ['PUT', '', minimalClient],
      ['PUT', '/care-details', {}],
      ['POST', '/finalize', {}],
      ['POST', '/archive', undefined],
    ];
    for (const [method, tail, payload] of routes) {
      const theirs = await stranger.call({
        method: method,
        url: `/api/matchmaking/clients/${mine.id}${tail}`,
        ...(payload ? { payload } : {}),
      });
      const none = await stranger.call({
        method: method,
        url: `/api/matchmaking/clients/${unknown}${tail}`,
        ...(payload ? { payload } : {}),
      });
      expect(theirs.statusCode, `${method} ${tail}`).toBe(404);
      expect(none.statusCode).toBe(404);
      const body = (response: typeof theirs) => {
        const { title, detail, status, code } = response.json<Record<string, unknown>>();
        return { title, detail, status, code };
      };
      expect(body(theirs)).toEqual(body(none));
      const anon = await anonymous({
        method: method,
        url: `/api/matchmaking/clients/${mine.id}${tail}`,
        ...(payload ? { payload } : {}),
      });
      expect(anon.statusCode).toBe(401);
    }
    const strangerList = await stranger.call({ method: 'GET', url: '/api/matchmaking/clients' });
    expect(strangerList.json<{ items: ClientListing[] }>().items).toHaveLength(0);

    const archived = await owner.call({ method: 'POST', url: `/api/matchmaking/clients/${mine.id}/archive` });
    expect(archived.statusCode, archived.body).toBe(200);
    expect((await owner.call({ method: 'GET', url: `/api/matchmaking/clients/${mine.id}` })).statusCode).toBe(
      404,
    );
    const list = await owner.call({ method: 'GET', url: '/api/matchmaking/clients' });
    expect(list.json<{ items: ClientListing[] }>().items).toHaveLength(0);

    const audit = await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, mine.id));
    expect(audit.map((event) => event.action)).toEqual(
      expect.arrayContaining(['matchmaking_client.create', 'matchmaking_client.archive']),
    );
    expect(JSON.stringify(audit.map((event) => event.details))).not.toMatch(/Carla|Client|97401/);
  });

  it('lets an admin manage any listing', async () => {
    const owner = await guardian();
    const mine = await listing(owner.call);
    const admin = await account('ADMIN');
    const read = await admin.call({ method: 'GET', url: `/api/matchmaking/clients/${mine.id}` });
    expect(read.statusCode).toBe(200);
  });
});
