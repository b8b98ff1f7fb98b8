/**
 * The admin diagnostics (issue 24; decision 0067) through the real app on a fresh database: the deadlines
 * `GET /api/diagnostics/session` reports are the session row's own (sign-in + the tier's absolute limit, the
 * activity recorded by the request + its inactivity limit), for a relaxed and a strict session; reading them
 * changes no tier; the migration level, the build and the job counts; `GET /api/diagnostics/protected`; 401 for
 * anonymous callers, 403 for USER, CAREGIVER, GUARDIAN and an admin without two-step verification, on both.
 * Time moves by rewriting the session's `created_at` / `last_activity_at`, as the clock would.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tierLimits, type SessionDiagnostics } from '@tend/contracts';
import {
  as,
  createTestApp,
  enrolTotp,
  signInAs,
  TEST_PASSWORD,
  testEngine,
  totpCode,
  type TestApp,
} from '../../../test/helpers.ts';
import { auditEvents } from '../audit/audit.table.ts';
import { authSessions, userAccounts } from '../auth/auth.table.ts';
import { migrationsFolder } from '../db/client.ts';
import { processingJobs } from '../jobs/jobs.table.ts';
import { readBuild } from './diagnostics.service.ts';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const SESSION_URL = '/api/diagnostics/session';
const PROTECTED_URL = '/api/diagnostics/protected';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The session rows of account `accountId` (an admin's TOTP enrolment replaces its first session). */
async function sessionRow(app: TestApp, accountId: string) {
  const [account] = await app.database.db
    .select({ authUserId: userAccounts.authUserId })
    .from(userAccounts)
    .where(eq(userAccounts.id, accountId));
  const rows = await app.database.db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, account?.authUserId as string));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof authSessions.$inferSelect;
}

async function diagnostics(cookie: string) {
  const response = await as(t, cookie)({ method: 'GET', url: SESSION_URL });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.json<SessionDiagnostics>(), requestId: response.headers['x-request-id'] };
}

const at = (iso: string | undefined) => Date.parse(iso as string);

describe('GET /api/diagnostics/session', () => {
  it("reports the session row's deadlines: relaxed after sign-in, strict after a PHI request", async () => {
    const before = Date.now();
    const { cookie, accountId, email } = await signInAs(t, 'ADMIN');
    // As a sign-in from a matchmaking page would record it (auth.ts `tierForSignIn`).
    const signedIn = await sessionRow(t, accountId);
    await t.database.db.update(authSessions).set({ tier: 'relaxed' }).where(eq(authSessions.id, signedIn.id));
    const { body, requestId } = await diagnostics(cookie);
    const row = await sessionRow(t, accountId);
    expect(body).toMatchObject({
      user: { id: accountId, email, name: 'Test ADMIN' },
      role: 'ADMIN',
      credential: 'cookie',
      aal: 'aal2',
      requestId,
      signedInAt: row.createdAt.toISOString(),
      lastActivityAt: row.lastActivityAt.toISOString(),
    });
    expect(at(body.signedInAt)).toBeGreaterThanOrEqual(before - S);
    // Reading the diagnostics is not a PHI request: the session stays relaxed (14 d / 14 d).
    expect(body.tier).toBe('relaxed');
    expect(row.tier).toBe('relaxed');
    const relaxed = tierLimits.relaxed;
    expect(at(body.deadlines?.absoluteAt)).toBe(row.createdAt.getTime() + relaxed.absoluteMs);
    expect(at(body.deadlines?.inactivityAt)).toBe(row.lastActivityAt.getTime() + relaxed.inactivityMs);
    // What its next PHI request would hold it to: the strict limits from the same clocks.
    expect(at(body.phiDeadlines?.absoluteAt)).toBe(row.createdAt.getTime() + 12 * H);
    expect(at(body.phiDeadlines?.inactivityAt)).toBe(row.lastActivityAt.getTime() + 45 * MIN);

    expect((await as(t, cookie)({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    const strict = (await diagnostics(cookie)).body;
    const strictRow = await sessionRow(t, accountId);
    expect(strict.tier).toBe('strict_phi');
    expect(at(strict.deadlines?.absoluteAt)).toBe(strictRow.createdAt.getTime() + 12 * H);
    expect(at(strict.deadlines?.inactivityAt)).toBe(strictRow.lastActivityAt.getTime() + 45 * MIN);
    expect(at(strict.deadlines?.warningAt)).toBe(at(strict.deadlines?.inactivityAt) - 5 * MIN);
    expect(strict.phiDeadlines).toEqual(strict.deadlines);
  });

  it('counts its own request as activity: an 11.5 h old session idle 30 min reports the activity it just recorded', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    const { id, tier } = await sessionRow(t, accountId);
    expect(tier).toBe('strict_phi');
    const now = Date.now();
    const signedInAt = new Date(now - 11.5 * H);
    await t.database.db
      .update(authSessions)
      .set({ createdAt: signedInAt, lastActivityAt: new Date(now - 30 * MIN) })
      .where(eq(authSessions.id, id));
    const { body } = await diagnostics(cookie);
    const row = await sessionRow(t, accountId);
    expect(row.lastActivityAt.getTime()).toBeGreaterThanOrEqual(now);
    expect(body.lastActivityAt).toBe(row.lastActivityAt.toISOString());
    expect(body.signedInAt).toBe(signedInAt.toISOString());
    // The absolute deadline (30 min away) is now the nearer one: the warning is 5 min before it.
    expect(at(body.deadlines?.absoluteAt)).toBe(signedInAt.getTime() + 12 * H);
    expect(at(body.deadlines?.inactivityAt)).toBe(row.lastActivityAt.getTime() + 45 * MIN);
    expect(at(body.deadlines?.warningAt)).toBe(signedInAt.getTime() + 12 * H - 5 * MIN);
  });

  it('names the engine, the migration level this build ships and the job rows', async () => {
    const { cookie } = await signInAs(t, 'ADMIN');
    const { entries } = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { tag: string }[] };
    const failed = { jobType: 'shift-import', status: 'FAILED' as const };
    await t.database.db.insert(processingJobs).values([
      { ...failed, completedAt: new Date(Date.now() - H) },
      { ...failed, completedAt: new Date(Date.now() - 25 * H) },
    ]);
    await t.app.deps.jobs.enqueue({ jobType: 'shift-import' });
    const { body } = await diagnostics(cookie);
    expect(body.database).toEqual({
      engine: testEngine,
      migrations: { applied: entries.length, available: entries.length, latest: entries.at(-1)?.tag },
    });
    expect(body.build).toMatchObject({ version: expect.stringMatching(/-development$/), source: 'package' });
    // This app's runner is not started (createTestApp without jobs): pg-boss is not asked.
    expect(body.jobs.runnerStarted).toBe(false);
    expect(body.jobs.queues.find((queue) => queue.name === 'shift-import')).toEqual({
      name: 'shift-import',
      queued: null,
      active: null,
      failedLast24h: 1,
    });
    const counts = Object.fromEntries(body.jobs.rowsByStatus.map((row) => [row.status, row.count]));
    expect(counts).toMatchObject({ FAILED: 2, QUEUED: 1, RUNNING: 0 });
  });

  it('answers a bearer token with its aal and no cookie deadlines', async () => {
    const signedIn = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    const { totpURI } = await enrolTotp(t, signedIn.cookie);
    const issued = await t.app.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { email: signedIn.email, password: TEST_PASSWORD, totpCode: await totpCode(totpURI) },
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: SESSION_URL,
      headers: { authorization: `Bearer ${issued.json<{ accessToken: string }>().accessToken}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      credential: 'bearer',
      aal: 'aal2',
      tier: null,
      lastActivityAt: null,
      deadlines: null,
      phiDeadlines: null,
    });
  });
});

describe('GET /api/diagnostics/protected', () => {
  it('passes an admin with who and when', async () => {
    const { cookie, accountId } = await signInAs(t, 'ADMIN');
    const before = Date.now();
    const response = await as(t, cookie)({ method: 'GET', url: PROTECTED_URL });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ ok: boolean; actorId: string; role: string; checkedAt: string }>();
    expect(body).toMatchObject({ ok: true, actorId: accountId, role: 'ADMIN' });
    expect(at(body.checkedAt)).toBeGreaterThanOrEqual(before - S);
  });
});

describe('access to the diagnostics', () => {
  it.each(['USER', 'CAREGIVER', 'GUARDIAN'] as const)(
    '%s gets 403 on both, audited as denied',
    async (role) => {
      const { cookie, accountId } = await signInAs(t, role);
      for (const url of [SESSION_URL, PROTECTED_URL]) {
        const response = await as(t, cookie)({ method: 'GET', url });
        expect(response.statusCode, url).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      const denied = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.actorUserAccountId, accountId), eq(auditEvents.action, 'access.denied')));
      expect(denied.map((event) => event.entityType)).toEqual(['diagnostics', 'diagnostics']);
    },
  );

  it('an admin without two-step verification gets 403 MFA_REQUIRED on both', async () => {
    const { cookie } = await signInAs(t, 'ADMIN', undefined, { mfa: false });
    for (const url of [SESSION_URL, PROTECTED_URL]) {
      const response = await as(t, cookie)({ method: 'GET', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ code: 'MFA_REQUIRED' });
    }
  });

  it('anonymous callers get 401 on both', async () => {
    for (const url of [SESSION_URL, PROTECTED_URL]) {
      const response = await as(t, null)({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('the build (readBuild)', () => {
  it("reads the web build's manifest, and falls back to the package version when it is absent or malformed", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tend-build-'));
    expect(await readBuild(dir)).toMatchObject({ builtAt: null, source: 'package' });
    writeFileSync(path.join(dir, 'build-manifest.json'), '{"version": 7}');
    expect(await readBuild(dir)).toMatchObject({ builtAt: null, source: 'package' });
    const manifest = { version: '1.4.0+a1b2c3d', builtAt: '2026-11-28T12:00:00.000Z' };
    writeFileSync(path.join(dir, 'build-manifest.json'), JSON.stringify(manifest));
    expect(await readBuild(dir)).toEqual({ ...manifest, source: 'manifest' });
    expect(await readBuild(undefined)).toMatchObject({ version: expect.stringMatching(/-development$/) });
  });
});

describe('the job queues with the runner started', () => {
  let jobsApp: TestApp;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started: () => void = () => undefined;
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  beforeAll(async () => {
    jobsApp = await createTestApp(
      {},
      {
        jobs: true,
        beforeReady: (app) =>
          app.deps.jobs.register('diagnostics-hold', async () => {
            started();
            await held;
            return {};
          }),
      },
    );
  });
  afterAll(async () => {
    release();
    await jobsApp.close();
  });

  it("shows pg-boss's queued and active jobs of a queue", async () => {
    const { cookie } = await signInAs(jobsApp, 'ADMIN');
    await jobsApp.app.deps.jobs.enqueue({ jobType: 'diagnostics-hold' });
    await running;
    await jobsApp.app.deps.jobs.enqueue({ jobType: 'diagnostics-hold' });
    const response = await as(jobsApp, cookie)({ method: 'GET', url: SESSION_URL });
    expect(response.statusCode, response.body).toBe(200);
    const { jobs } = response.json<SessionDiagnostics>();
    expect(jobs.runnerStarted).toBe(true);
    expect(jobs.queues.find((queue) => queue.name === 'diagnostics-hold')).toEqual({
      name: 'diagnostics-hold',
      queued: 1,
      active: 1,
      failedLast24h: 0,
    });
    release();
  });
});
