/**
 * Test helpers (STYLE.md s.13): a fresh database per test file cloned from the migrated template,
 * the real app from `buildApp`, signed-in sessions per role, and factories.
 */
import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Role } from '@tend/contracts';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/platform/config/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/client.ts';
import { createCredentialUser, type PasswordHasher } from '../src/platform/auth/auth.ts';
import { userAccounts } from '../src/platform/auth/auth.table.ts';
import { withDatabase } from './global-setup.ts';
import type { JobTimings } from '../src/platform/jobs/jobs.service.ts';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_SETUP_TOKEN = 'test-setup-token-0123456789';
export const TEST_PASSWORD = 'correct horse battery staple';

/** Which engine this test run uses: 'postgres' when TEND_TEST_ENGINE=postgres, else 'pglite'. */
export const testEngine = process.env.TEND_TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

/** A complete config for tests: temp data dir, fixed secrets, silent logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tend-test-'));
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: TEST_ORIGIN,
    dataDir,
    database: { url: undefined, dataDir: undefined, poolMax: 5 },
    authSecret: 'test-secret-that-is-at-least-32-characters-long',
    setupToken: TEST_SETUP_TOKEN,
    trustedOrigins: [],
    trustProxy: false,
    logLevel: 'silent',
    rateLimitPerMinute: 100_000,
    requireAdminMfa: true,
    // Flows read sign-in links and codes from the outbox; the redaction test turns this off.
    outboxShowsSecrets: true,
    // Auth limits out of the way; the rate-limit tests set small ones.
    authRateLimits: { signInPer5Min: 100_000, otpPer5Min: 100_000, mfaPerMinute: 100_000 },
    storage: { driver: 'local', rootDir: path.join(dataDir, 'storage') },
    mail: { smtpUrl: undefined, from: 'Tend <no-reply@localhost>' },
    sms: null,
    agencyTimeZone: 'America/Los_Angeles',
    webDistDir: undefined,
    ...overrides,
  };
}

/** A fresh, migrated database of the configured engine; `close()` also drops a PostgreSQL copy. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (testEngine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    // Named after the run's template, so the run's teardown finds its leftovers and no other run's.
    const name = `${inject('postgresTemplate')}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    // The per-file database is dropped WITH (FORCE) at close, which terminates idle connections (57P01).
    const handle = await openDatabase({
      url: withDatabase(url, name),
      poolMax: 5,
      onConnectionError: () => undefined,
    });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const tarball = readFileSync(inject('pgliteTemplatePath'));
  const lite = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  return openDatabase({ pglite: lite });
}

/** scrypt at a test cost: N = 1024, r = 8, p = 1, 64-byte key (production: better-auth's N = 16384, r = 16). */
function testScrypt(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/**
 * The password hasher of test apps: the same algorithm and `salt:key` hex format as better-auth's, at a cost ~30×
 * lower, because the suite signs in several hundred accounts. `realPasswordHashing` in `createTestApp` keeps
 * better-auth's own.
 */
export const testPasswordHasher: PasswordHasher = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await testScrypt(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await testScrypt(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database. Close it in afterAll. Job workers start only with
 * `{ jobs: true }` (pg-boss installs its schema on first start, which costs a second or two).
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    jobs?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    realPasswordHashing?: boolean;
    /** The job runner's timings (e.g. a short dead-worker window); absent: its defaults. */
    jobTimings?: JobTimings;
    /** An open database to use instead of a fresh one (e.g. a second instance on the same one); closed with the app. */
    database?: DatabaseHandle;
    /** Where log lines go (a test reads them; set `logLevel` in `overrides` too: the test config is silent). */
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    database,
    migrate: false,
    jobs: options.jobs ?? false,
    jobTimings: options.jobTimings,
    logStream: options.logStream,
    ...(options.realPasswordHashing ? {} : { passwordHasher: testPasswordHasher }),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, as one Cookie header. */
export function cookiesOf(response: { headers: Record<string, unknown> }): string {
  return [response.headers['set-cookie']]
    .flat()
    .filter((c): c is string => typeof c === 'string')
    .map((c) => c.split(';')[0])
    .filter((c) => !/=$/.test(c as string))
    .join('; ');
}

/** The current TOTP code of an `otpauth://` URI (its base32 `secret`), as an authenticator app shows it. */
export async function totpCode(otpauthUri: string): Promise<string> {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error('otpauth URI without a secret');
  return createOTP(base32.decode(secret)).totp();
}

/**
 * Enrols a TOTP factor for a signed-in session through better-auth's real endpoints (password re-check, URI,
 * code verification) and returns the replacing aal2 session's cookie with the URI and backup codes.
 */
export async function enrolTotp(testApp: TestApp, cookie: string, password = TEST_PASSWORD) {
  const call = as(testApp, cookie);
  const enable = await call({ method: 'POST', url: '/api/auth/two-factor/enable', payload: { password } });
  if (enable.statusCode !== 200) throw new Error(`MFA enable failed: ${enable.statusCode} ${enable.body}`);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  const verify = await call({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    payload: { code: await totpCode(totpURI) },
  });
  if (verify.statusCode !== 200) throw new Error(`MFA verify failed: ${verify.statusCode} ${verify.body}`);
  return { cookie: cookiesOf(verify) || cookie, totpURI, backupCodes };
}

/**
 * Creates an account of `role` and signs it in; returns its cookie header and account id. An ADMIN also enrols
 * TOTP through the real flow (`enrolTotp`), so its session is aal2 and may open PHI (decision 0009); pass
 * `{ mfa: false }` for an aal1 admin.
 */
export async function signInAs(
  testApp: TestApp,
  role: Role,
  email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`,
  options: { mfa?: boolean } = {},
) {
  const { app, database } = testApp;
  const user = await createCredentialUser(app.deps.auth, {
    email,
    password: TEST_PASSWORD,
    name: `Test ${role}`,
  });
  const [account] = await database.db
    .insert(userAccounts)
    .values({ authUserId: user.id, email, role, firstName: 'Test', lastName: role, fullName: `Test ${role}` })
    .returning();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  let cookie = cookiesOf(response);
  if (role === 'ADMIN' && options.mfa !== false) cookie = (await enrolTotp(testApp, cookie)).cookie;
  return { cookie, accountId: account?.id as string, email };
}

/** `app.inject` with the session cookie and the web origin (state-changing requests need it). */
export function as(testApp: TestApp, cookie: string | null) {
  return (options: InjectOptions) =>
    testApp.app.inject({
      ...options,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...(options.headers ?? {}) },
    });
}

/**
 * An API client's token pair for `email` + `password` (`POST /api/tokens`, no cookie, no Origin) and a check of it:
 * `bearerMe()` is the status of `GET /api/me` with the access token, `refresh()` the status of a refresh with the
 * refresh token (decision 0015).
 */
export async function apiTokenPair(testApp: TestApp, email: string, password = TEST_PASSWORD) {
  const issued = await testApp.app.inject({
    method: 'POST',
    url: '/api/tokens',
    payload: { email, password },
  });
  if (issued.statusCode !== 200)
    throw new Error(`token pair for ${email}: ${issued.statusCode} ${issued.body}`);
  const pair = issued.json<{ accessToken: string; refreshToken: string }>();
  return {
    ...pair,
    bearerMe: async () =>
      (
        await testApp.app.inject({
          method: 'GET',
          url: '/api/me',
          headers: { authorization: `Bearer ${pair.accessToken}` },
        })
      ).statusCode,
    refresh: async () =>
      (
        await testApp.app.inject({
          method: 'POST',
          url: '/api/tokens/refresh',
          payload: { refreshToken: pair.refreshToken },
        })
      ).statusCode,
  };
}
