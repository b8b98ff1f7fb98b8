import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import {
  caregiverListingFor,
  caseManagerWithClient,
  clientListingOf,
  guardianFor,
} from './entry.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ matchmakingEmbedOrigins: ['https://agency.example'] });
});
afterAll(() => t.close());

describe('GET /api/matchmaking/me', () => {
  it('lists the caller’s guardian record and listings with the step to resume at', async () => {
    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    const guardianId = await guardianFor(t, accountId);
    const started = await clientListingOf(t, guardianId, 'avatar');
    const fresh = await clientListingOf(t, guardianId, null);
    const response = await as(t, cookie)({ method: 'GET', url: '/api/matchmaking/me' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      role: 'GUARDIAN',
      guardian: { id: guardianId, name: 'Ana Ruiz', verified: false },
    });
    expect(body.caregiver).toBeNull();
    expect(body.clients).toEqual([
      expect.objectContaining({
        id: started,
        furthestStep: 'avatar',
        nextStep: 'careDetails',
        listed: false,
      }),
      expect.objectContaining({ id: fresh, furthestStep: null, nextStep: 'new' }),
    ]);
  });

  it('shows a caregiver only their own listing, and nothing of other people', async () => {
    const other = await signInAs(t, 'GUARDIAN');
    await clientListingOf(t, await guardianFor(t, other.accountId));
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    const listing = await caregiverListingFor(t, accountId, ['Rosa', 'Díaz'], 'verificationComplete');
    const body = (await as(t, cookie)({ method: 'GET', url: '/api/matchmaking/me' })).json();
    expect(body.clients).toEqual([]);
    expect(body.guardian).toBeNull();
    expect(body.caregiver).toMatchObject({
      id: listing,
      nextStep: null,
      furthestStep: 'verificationComplete',
    });
  });

  it('is 401 without a session', async () => {
    expect((await as(t, null)({ method: 'GET', url: '/api/matchmaking/me' })).statusCode).toBe(401);
  });
});

describe('POST /api/matchmaking/role', () => {
  it('makes a plain account a caregiver and sends it to the first caregiver step', async () => {
    const { cookie } = await signInAs(t, 'USER');
    const call = as(t, cookie);
    const response = await call({
      method: 'POST',
      url: '/api/matchmaking/role',
      payload: { role: 'CAREGIVER' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ role: 'CAREGIVER', next: '/matchmaking/caregiver/new/form' });
    expect((await call({ method: 'GET', url: '/api/matchmaking/me' })).json().role).toBe('CAREGIVER');
  });

  it('sends a plain account choosing guardian to create the guardian record', async () => {
    const { cookie } = await signInAs(t, 'USER');
    const response = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/matchmaking/role',
      payload: { role: 'GUARDIAN' },
    });
    expect(response.json()).toEqual({ role: 'GUARDIAN', next: '/matchmaking/guardian/create' });
  });

  it('resumes an existing listing at its next step', async () => {
    const { cookie, accountId } = await signInAs(t, 'GUARDIAN');
    const listing = await clientListingOf(t, await guardianFor(t, accountId), 'careDetails');
    const response = await as(
      t,
      cookie,
    )({
      method: 'POST',
      url: '/api/matchmaking/role',
      payload: { role: 'GUARDIAN' },
    });
    expect(response.json().next).toBe(`/matchmaking/client/scheduleMaker?clientId=${listing}`);
  });

  it('refuses a case manager with the reason, and bad input naming the field', async () => {
    const { cookie, accountId } = await signInAs(t, 'USER');
    await caseManagerWithClient(t, accountId);
    const call = as(t, cookie);
    const refused = await call({
      method: 'POST',
      url: '/api/matchmaking/role',
      payload: { role: 'CAREGIVER' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].path).toBe('role');
    const bad = await call({ method: 'POST', url: '/api/matchmaking/role', payload: { role: 'ADMIN' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('role');
    expect((await call({ method: 'GET', url: '/api/matchmaking/me' })).json().role).toBe('USER');
  });

  it('is 401 without a session', async () => {
    const response = await as(
      t,
      null,
    )({ method: 'POST', url: '/api/matchmaking/role', payload: { role: 'GUARDIAN' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('framing (MATCHMAKING_EMBED_ORIGINS)', () => {
  it('lets the configured origins frame the embeddable page only', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/matchmaking/embeddableLandingPage?agency=1' });
    expect(page.headers['content-security-policy']).toContain('frame-ancestors https://agency.example');
    expect(page.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/matchmaking', '/login', '/matchmaking/embeddableLandingPage/x', '/api/health']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(other.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('lets nobody frame it when no origin is configured', async () => {
    const plain = await createTestApp();
    try {
      const page = await plain.app.inject({ method: 'GET', url: '/matchmaking/embeddableLandingPage' });
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    } finally {
      await plain.close();
    }
  });
});
