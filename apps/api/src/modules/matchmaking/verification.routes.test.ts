import { existsSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  as,
  createTestDatabase,
  signInAs,
  testConfig,
  testPasswordHasher,
  type TestApp,
} from '../../../test/helpers.ts';
import {
  agencyCaregiver,
  careClient,
  caregiverListingFor,
  caseManagerWithClient,
  clientListingOf,
  guardianFor,
} from './entry.test-support.ts';
import { familyCodeHash } from './family-codes.service.ts';
import { IDENTITY_DOCUMENTS_BUCKET } from './identity-documents.service.ts';

const logLines: string[] = [];
let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  const database = await createTestDatabase();
  const config = testConfig({ logLevel: 'trace' });
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    migrate: false,
    jobs: false,
    passwordHasher: testPasswordHasher,
    logStream,
  });
  await app.ready();
  t = { app, database, config, close: async () => (await app.close(), await database.close()) };
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
});
afterAll(() => t.close());

const audited = async (action: string) =>
  (
    await t.database.db.execute<{ details: Record<string, unknown>; outcome: string }>(
      sql`select details, outcome from audit_event where action = ${action} order by at`,
    )
  ).rows;

describe('provider numbers', () => {
  it('verifies a caregiver whose number and name match an agency record, and links it', async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    const listing = await caregiverListingFor(t, accountId, ['Maria', 'Nunez']);
    const record = await agencyCaregiver(t, 'MARÍA  del Carmen NÚÑEZ', 'OR-55501');
    const call = as(t, cookie);
    const response = await call({
      method: 'POST',
      url: '/api/matchmaking/verification/provider-number',
      payload: { providerNumber: 'or-55501' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'verified' });
    const mine = (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json();
    expect(mine.caregiver).toMatchObject({ id: listing, verified: true, method: 'provider_number' });
    const [row] = (
      await t.database.db.execute<{ caregiver_id: string }>(
        sql`select caregiver_id from tinder_caregiver where id = ${listing}`,
      )
    ).rows;
    expect(row?.caregiver_id).toBe(record);
  });

  it('keeps a number whose record has another name waiting for an admin, who confirms it', async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    const listing = await caregiverListingFor(t, accountId, ['Lena', 'Park']);
    const record = await agencyCaregiver(t, 'Someone Else', 'OR-77702');
    const call = as(t, cookie);
    const response = await call({
      method: 'POST',
      url: '/api/matchmaking/verification/provider-number',
      payload: { providerNumber: 'OR-77702' },
    });
    expect(response.json()).toEqual({ outcome: 'pending' });
    expect(
      (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json().caregiver,
    ).toMatchObject({
      verified: false,
      providerNumberPending: true,
    });
    const queue = (await admin({ method: 'GET', url: '/api/matchmaking/provider-checks' })).json().items;
    expect(queue).toContainEqual(
      expect.objectContaining({
        listingId: listing,
        candidates: [{ caregiverId: record, name: 'Someone Else' }],
      }),
    );
    // Not for a caregiver, and a record that does not exist is refused.
    expect((await call({ method: 'GET', url: '/api/matchmaking/provider-checks' })).statusCode).toBe(403);
    const unknown = await admin({
      method: 'POST',
      url: `/api/matchmaking/provider-checks/${listing}`,
      payload: { decision: 'confirm', caregiverId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
    const confirmed = await admin({
      method: 'POST',
      url: `/api/matchmaking/provider-checks/${listing}`,
      payload: { decision: 'confirm', caregiverId: record },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ verified: true, method: 'provider_number' });
    const again = await admin({
      method: 'POST',
      url: `/api/matchmaking/provider-checks/${listing}`,
      payload: { decision: 'refuse' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('waits for an admin when no record has the number, and the admin may refuse', async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    const listing = await caregiverListingFor(t, accountId, ['Tom', 'Lee']);
    await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/matchmaking/verification/provider-number',
      payload: { providerNumber: 'NOPE-1' },
    });
    const refused = await admin({
      method: 'POST',
      url: `/api/matchmaking/provider-checks/${listing}`,
      payload: { decision: 'refuse' },
    });
    expect(refused.json()).toMatchObject({ verified: false });
    const queue = (await admin({ method: 'GET', url: '/api/matchmaking/provider-checks' })).json().items;
    expect(queue.map((item: { listingId: string }) => item.listingId)).not.toContain(listing);
  });

  it('is 404 without a caregiver listing, 400 naming the field, 401 anonymous', async () => {
    const { cookie } = await signInAs(t, 'USER');
    const call = as(t, cookie);
    const url = '/api/matchmaking/verification/provider-number';
    expect((await call({ method: 'POST', url, payload: { providerNumber: 'OR-1234' } })).statusCode).toBe(
      404,
    );
    const bad = await call({ method: 'POST', url, payload: { providerNumber: 'a b' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('providerNumber');
    expect((await as(t, null)({ method: 'POST', url, payload: { providerNumber: 'OR-1' } })).statusCode).toBe(
      401,
    );
  });
});

describe('family codes', () => {
  it('an admin issues a code shown once and stored hashed; a guardian spends it once', async () => {
    const clientId = await careClient(t);
    const issued = await admin({
      method: 'POST',
      url: '/api/matchmaking/family-codes',
      payload: { careClientId: clientId },
    });
    expect(issued.statusCode).toBe(201);
    const { code, id } = issued.json();
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    const stored = (
      await t.database.db.execute<{ code_hash: string }>(
        sql`select code_hash from family_verification_code where id = ${id}`,
      )
    ).rows[0];
    expect(stored?.code_hash).toBe(familyCodeHash(code));
    expect(stored?.code_hash).not.toContain(code);

    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    const guardianId = await guardianFor(t, accountId);
    const call = as(t, cookie);
    const url = '/api/matchmaking/verification/family-code';
    const spent = await call({
      method: 'POST',
      url,
      payload: { code: ` ${code.slice(0, 4)}-${code.slice(4).toLowerCase()} ` },
    });
    expect(spent.statusCode).toBe(200);
    expect(spent.json()).toMatchObject({ verified: true, method: 'case_manager_code' });
    const me = (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json();
    expect(me.guardian).toMatchObject({ id: guardianId, verified: true, method: 'case_manager_code' });

    const other = await signInAs(t, 'GUARDIAN');
    await guardianFor(t, other.accountId);
    const used = await as(t, other.cookie)({ method: 'POST', url, payload: { code } });
    expect(used.statusCode).toBe(400);
    expect(used.json().errors[0].path).toBe('code');
    const list = (await admin({ method: 'GET', url: '/api/matchmaking/family-codes' })).json().items;
    expect(list).toContainEqual(expect.objectContaining({ id, status: 'used', clientName: 'Care Client' }));
    expect(JSON.stringify(list)).not.toContain(code);
  });

  it('refuses wrong, expired and revoked codes with the same answer', async () => {
    const clientId = await careClient(t);
    const issue = async () =>
      (
        await admin({
          method: 'POST',
          url: '/api/matchmaking/family-codes',
          payload: { careClientId: clientId },
        })
      ).json();
    const expired = await issue();
    await t.database.db.execute(
      sql`update family_verification_code set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
    );
    const revoked = await issue();
    const revoke = await admin({ method: 'POST', url: `/api/matchmaking/family-codes/${revoked.id}/revoke` });
    expect(revoke.json()).toMatchObject({ status: 'revoked' });
    expect(
      (await admin({ method: 'POST', url: `/api/matchmaking/family-codes/${revoked.id}/revoke` })).statusCode,
    ).toBe(409);

    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    await guardianFor(t, accountId);
    const call = as(t, cookie);
    const url = '/api/matchmaking/verification/family-code';
    const answers = [];
    for (const code of ['WRONG234', expired.code, revoked.code])
      answers.push(await call({ method: 'POST', url, payload: { code } }));
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400]);
    expect(new Set(answers.map((a) => a.json().detail)).size).toBe(1);
    expect(
      (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json().guardian.verified,
    ).toBe(false);
    const denied = (await audited('family_code.redeem')).filter((row) => row.outcome === 'denied');
    expect(denied.length).toBeGreaterThanOrEqual(3);
  });

  it('a case manager issues codes for their caseload only; others get 404 or 403', async () => {
    const { cookie, accountId } = await signInAs(t, 'USER');
    const { clientId } = await caseManagerWithClient(t, accountId);
    const call = as(t, cookie);
    const url = '/api/matchmaking/family-codes';
    expect((await call({ method: 'POST', url, payload: { careClientId: clientId } })).statusCode).toBe(201);
    const elsewhere = await careClient(t);
    const outside = await call({ method: 'POST', url, payload: { careClientId: elsewhere } });
    const unknown = await call({
      method: 'POST',
      url,
      payload: { careClientId: '00000000-0000-4000-8000-000000000000' },
    });
    expect([outside.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(outside.json().detail).toBe(unknown.json().detail);
    const guardian = as(t, (await signInAs(t, 'GUARDIAN')).cookie);
    expect((await guardian({ method: 'POST', url, payload: { careClientId: clientId } })).statusCode).toBe(
      404,
    );
    // Listing and revoking are admin only.
    expect((await call({ method: 'GET', url })).statusCode).toBe(403);
    const adminAal1 = as(t, (await signInAs(t, 'ADMIN', undefined, { mfa: false })).cookie);
    expect((await adminAal1({ method: 'POST', url, payload: { careClientId: clientId } })).statusCode).toBe(
      403,
    );
    expect((await as(t, null)({ method: 'POST', url, payload: { careClientId: clientId } })).statusCode).toBe(
      401,
    );
  });

  it("links the chosen listing to the code's care client, audited with ids only", async () => {
    const ip = `10.8.0.${Math.floor(Math.random() * 250) + 1}`;
    const clientId = await careClient(t);
    const issue = async () =>
      (
        await admin({
          method: 'POST',
          url: '/api/matchmaking/family-codes',
          payload: { careClientId: clientId },
        })
      ).json();
    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    const guardianId = await guardianFor(t, accountId);
    const first = await clientListingOf(t, guardianId);
    const second = await clientListingOf(t, guardianId);
    const call = as(t, cookie);
    const before = (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json();
    expect(before.guardian.listings).toEqual([
      { id: first, firstName: 'Pablo', lastName: 'Ruiz', linked: false },
      { id: second, firstName: 'Pablo', lastName: 'Ruiz', linked: false },
    ]);
    const { code } = await issue();
    const url = '/api/matchmaking/verification/family-code';
    const response = await call({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: { code, listingId: second },
    });
    expect(response.statusCode).toBe(200);
    const links = (
      await t.database.db.execute<{ id: string; client_id: string | null }>(
        sql`select id, client_id from tinder_client where guardian_id = ${guardianId}`,
      )
    ).rows;
    expect(Object.fromEntries(links.map((row) => [row.id, row.client_id]))).toEqual({
      [first]: null,
      [second]: clientId,
    });
    const after = (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json();
    expect(after.guardian.listings.find((l: { id: string }) => l.id === second).linked).toBe(true);
    const [event] = (await audited('family_code.redeem')).filter(
      (row) => row.outcome === 'success' && row.details.listingId === second,
    );
    expect(event?.details).toEqual({
      familyCodeId: expect.any(String),
      careClientId: clientId,
      listingId: second,
      listingLinked: true,
    });
    expect(JSON.stringify(event)).not.toContain('Pablo');
  });

  it("refuses another person's listing (404) and one linked elsewhere (409), spending no code", async () => {
    const ip = `10.7.0.${Math.floor(Math.random() * 250) + 1}`;
    const clientId = await careClient(t);
    const otherClient = await careClient(t);
    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    const guardianId = await guardianFor(t, accountId);
    const mine = await clientListingOf(t, guardianId);
    const stranger = await signInAs(t, 'GUARDIAN');
    const theirs = await clientListingOf(t, await guardianFor(t, stranger.accountId));
    const { code, id } = (
      await admin({
        method: 'POST',
        url: '/api/matchmaking/family-codes',
        payload: { careClientId: clientId },
      })
    ).json();
    const call = as(t, cookie);
    const url = '/api/matchmaking/verification/family-code';

    const foreign = await call({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: { code, listingId: theirs },
    });
    const unknown = await call({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: { code, listingId: '00000000-0000-4000-8000-000000000000' },
    });
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(foreign.json().errors[0].path).toBe('listingId');
    expect(foreign.json().detail).toBe(unknown.json().detail);
    const badId = await call({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: { code, listingId: 'nope' },
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('listingId');

    await t.database.db.execute(sql`update tinder_client set client_id = ${otherClient} where id = ${mine}`);
    const conflict = await call({
      method: 'POST',
      url,
      remoteAddress: ip,
      payload: { code, listingId: mine },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().errors[0].path).toBe('listingId');
    const state = (
      await t.database.db.execute<{
        used_at: string | null;
        client_id: string | null;
        verified_at: string | null;
      }>(
        sql`select c.used_at, l.client_id, g.verified_at from family_verification_code c, tinder_client l, guardian g
            where c.id = ${id} and l.id = ${mine} and g.id = ${guardianId}`,
      )
    ).rows[0];
    expect(state).toEqual({ used_at: null, client_id: otherClient, verified_at: null });
    const denied = (await audited('family_code.redeem')).filter(
      (row) => row.outcome === 'denied' && row.details?.listingId === mine,
    );
    expect(denied).toHaveLength(1);
    // The stranger's listing is untouched, and the code still works without a listing.
    expect((await call({ method: 'POST', url, remoteAddress: ip, payload: { code } })).statusCode).toBe(200);
    const [theirRow] = (
      await t.database.db.execute<{ client_id: string | null }>(
        sql`select client_id from tinder_client where id = ${theirs}`,
      )
    ).rows;
    expect(theirRow?.client_id).toBeNull();
  });

  it('a guardian without a guardian record gets 404', async () => {
    const { cookie } = await signInAs(t, 'GUARDIAN');
    const response = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/matchmaking/verification/family-code',
      payload: { code: 'ABCDEFGH' },
    });
    expect(response.statusCode).toBe(404);
  });
});

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

function multipart(parts: Array<{ name: string; value: string | Buffer; type?: string; filename?: string }>) {
  const boundary = '----tend-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (file: Buffer, type = 'image/png', documentType = 'drivers_license') =>
  multipart([
    { name: 'documentType', value: documentType },
    { name: 'file', value: file, type, filename: 'id.png' },
  ]);

describe('identity documents', () => {
  it('an admin views a pending document and verifies it: the file is gone, who/how/when stay', async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    const listing = await caregiverListingFor(t, accountId, ['Iris', 'Vega']);
    const call = as(t, cookie);
    const uploaded = await call({
      method: 'POST',
      url: '/api/matchmaking/identity-documents',
      ...upload(png),
    });
    expect(uploaded.statusCode).toBe(201);
    const { id } = uploaded.json();
    expect(uploaded.json()).toMatchObject({ status: 'PENDING', fileStored: true });
    const [row] = (
      await t.database.db.execute<{ storage_key: string }>(
        sql`select storage_key from identity_document where id = ${id}`,
      )
    ).rows;
    const stored = path.join(
      t.config.dataDir,
      'storage',
      IDENTITY_DOCUMENTS_BUCKET,
      row?.storage_key ?? 'none',
    );
    expect(existsSync(stored)).toBe(true);

    // Only admins see the queue and the file.
    expect((await call({ method: 'GET', url: '/api/matchmaking/identity-documents' })).statusCode).toBe(403);
    expect(
      (await call({ method: 'GET', url: `/api/matchmaking/identity-documents/${id}/file` })).statusCode,
    ).toBe(403);
    const queue = (await admin({ method: 'GET', url: '/api/matchmaking/identity-documents' })).json().items;
    expect(queue).toContainEqual(
      expect.objectContaining({ id, profileName: 'Iris Vega', profileKind: 'caregiver' }),
    );
    const file = await admin({ method: 'GET', url: `/api/matchmaking/identity-documents/${id}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);

    const reviewed = await admin({
      method: 'POST',
      url: `/api/matchmaking/identity-documents/${id}/review`,
      payload: { decision: 'verify' },
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json()).toMatchObject({ status: 'VERIFIED', fileStored: false });
    expect(existsSync(stored)).toBe(false);
    const [after] = (
      await t.database.db.execute<{
        storage_key: string | null;
        deleted_at: Date | null;
        reviewed_by_user_id: string;
      }>(sql`select storage_key, deleted_at, reviewed_by_user_id from identity_document where id = ${id}`)
    ).rows;
    expect(after?.storage_key).toBeNull();
    expect(after?.deleted_at).not.toBeNull();
    expect(after?.reviewed_by_user_id).toBeTruthy();
    expect(
      (await admin({ method: 'GET', url: `/api/matchmaking/identity-documents/${id}/file` })).statusCode,
    ).toBe(404);
    const me = (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json();
    expect(me.caregiver).toMatchObject({ id: listing, verified: true, method: 'id_document' });
    const again = await admin({
      method: 'POST',
      url: `/api/matchmaking/identity-documents/${id}/review`,
      payload: { decision: 'reject' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a rejected document is deleted too and verifies nobody', async () => {
    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    await guardianFor(t, accountId);
    const call = as(t, cookie);
    const { id } = (
      await call({ method: 'POST', url: '/api/matchmaking/identity-documents', ...upload(png) })
    ).json();
    const rejected = await admin({
      method: 'POST',
      url: `/api/matchmaking/identity-documents/${id}/review`,
      payload: { decision: 'reject' },
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', fileStored: false });
    const listed = await admin({
      method: 'POST',
      url: `/api/storage/object/list/${IDENTITY_DOCUMENTS_BUCKET}`,
      payload: {},
    });
    expect(JSON.stringify(listed.json())).not.toContain(id);
    expect(
      (await call({ method: 'GET', url: '/api/matchmaking/verification' })).json().guardian.verified,
    ).toBe(false);
  });

  it('refuses files of another type, renamed files, a missing type and people without a profile', async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    await caregiverListingFor(t, accountId);
    const call = as(t, cookie);
    const url = '/api/matchmaking/identity-documents';
    expect(
      (await call({ method: 'POST', url, ...upload(Buffer.from('hello'), 'text/plain') })).statusCode,
    ).toBe(415);
    expect(
      (await call({ method: 'POST', url, ...upload(Buffer.from('not a png at all'), 'image/png') }))
        .statusCode,
    ).toBe(415);
    const noType = await call({ method: 'POST', url, ...upload(png, 'image/png', 'library_card') });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().errors[0].path).toBe('documentType');
    const tooBig = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await call({ method: 'POST', url, ...upload(tooBig) })).statusCode).toBe(413);
    const nobody = as(t, (await signInAs(t, 'USER')).cookie);
    expect((await nobody({ method: 'POST', url, ...upload(png) })).statusCode).toBe(404);
    expect((await as(t, null)({ method: 'POST', url, ...upload(png) })).statusCode).toBe(401);
    const count = (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from identity_document where user_account_id = ${accountId}`,
      )
    ).rows[0];
    expect(count?.n).toBe(0);
  });
});

describe('caregiver checks', () => {
  it('an admin sets the checks; others cannot', async () => {
    const owner = await signInAs(t, 'CAREGIVER');
    const listing = await caregiverListingFor(t, owner.accountId, ['Cleo', 'Hart']);
    const body = {
      backgroundCheckStatus: 'clear',
      backgroundCheckedAt: '2026-10-01T09:00:00-07:00',
      backgroundCheckExpiresAt: '2028-10-01',
      criminalStatus: 'clear',
      criminalCheckedAt: '2026-10-01T09:00:00-07:00',
      sexOffenderStatus: 'pending',
      sexOffenderCheckedAt: null,
    };
    const url = `/api/matchmaking/caregivers/${listing}/checks`;
    expect((await as(t, owner.cookie)({ method: 'PUT', url, payload: body })).statusCode).toBe(403);
    const saved = await admin({ method: 'PUT', url, payload: body });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      listingId: listing,
      backgroundCheckExpiresAt: '2028-10-01',
      sexOffenderStatus: 'pending',
    });
    const bad = await admin({
      method: 'PUT',
      url,
      payload: { ...body, backgroundCheckExpiresAt: '2028-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('backgroundCheckExpiresAt');
    const unknown = await admin({
      method: 'PUT',
      url: '/api/matchmaking/caregivers/00000000-0000-4000-8000-000000000000/checks',
      payload: body,
    });
    expect(unknown.statusCode).toBe(404);
    const list = (await admin({ method: 'GET', url: '/api/matchmaking/caregiver-checks?q=cleo' })).json()
      .items;
    expect(list).toEqual([expect.objectContaining({ listingId: listing, criminalStatus: 'clear' })]);
  });
});

describe('logs', () => {
  it('never carry a family code', async () => {
    const clientId = await careClient(t);
    const { code } = (
      await admin({
        method: 'POST',
        url: '/api/matchmaking/family-codes',
        payload: { careClientId: clientId },
      })
    ).json();
    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    await guardianFor(t, accountId);
    await as(
      t,
      cookie,
    )({ method: 'POST', url: '/api/matchmaking/verification/family-code', payload: { code } });
    const log = logLines.join('');
    expect(log).toContain('/api/matchmaking/verification/family-code');
    expect(log).not.toContain(code);
    const audit = JSON.stringify(await t.database.db.execute(sql`select details from audit_event`));
    expect(audit).not.toContain(code);
  });
});

describe('rate limit', () => {
  it('answers 429 after too many code attempts from one address', async () => {
    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    await guardianFor(t, accountId);
    const call = as(t, cookie);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push(
        (
          await call({
            method: 'POST',
            url: '/api/matchmaking/verification/family-code',
            payload: { code: `WRONG${i}` },
            remoteAddress: '10.9.9.9',
          })
        ).statusCode,
      );
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
