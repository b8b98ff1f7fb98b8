/**
 * The authorization matrix (issue 17 "Keep it proven as Tend grows"; decision 0040): every API operation ×
 * anonymous, USER, CAREGIVER, GUARDIAN and ADMIN at aal1 and aal2, each with its session cookie and with a
 * bearer token of its own, answers as `apiAccess` in `@tend/contracts` says (`expectedAccess`): allowed
 * (anything but 401/403 and never 5xx), 401 or 403. Operations are read from the OpenAPI document
 * (`app.swagger()`) and the route table (Fastify's `onRoute`), so a new route without an `apiAccess` entry
 * fails the first test. Requests carry a random id for each path parameter, no query and an empty JSON body:
 * an allowed role is stopped by validation (400) or scope (404), never by a guard, and nothing is changed.
 *
 * One app and one set of signed-in accounts serve the whole matrix; PGlite and PostgreSQL both run it.
 */
import { randomUUID } from 'node:crypto';
import { subscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAccess, expectedAccess, type Principal, type Role } from '@tend/contracts';
import {
  createTestApp,
  enrolTotp,
  signInAs,
  TEST_ORIGIN,
  TEST_PASSWORD,
  totpCode,
  type TestApp,
} from '../../../test/helpers.ts';

const methods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** `METHOD /url` of every route under /api, as registered. */
const registered = new Set<string>();
subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat())
      if (methods.has(method) && route.url.startsWith('/api/')) registered.add(`${method} ${route.url}`);
  });
});

/** Routes that are not operations of Tend's API: better-auth's handler and the OpenAPI UI's own files. */
const notOperations = (route: string) =>
  route.startsWith('GET /api/docs') ||
  route.startsWith('HEAD ') ||
  /^(GET|POST) \/api\/auth\/\*$/.test(route);

/** Operations that end the caller's credentials when allowed: run last, so they end nothing the matrix still uses. */
const endsCredentials = (operation: string) => operation === 'POST /api/tokens/revoke';

interface Caller {
  principal: Principal;
  headers: Record<string, string>;
}

let t: TestApp;
const callers: Caller[] = [];
let operations: string[] = [];

/** A signed-in account of `role` at `aal` with its cookie, and a bearer token pair issued for it. */
async function callersFor(role: Role, aal: 'aal1' | 'aal2'): Promise<Caller[]> {
  const signedIn = await signInAs(t, role, undefined, { mfa: false });
  let cookie = signedIn.cookie;
  let totpUri: string | null = null;
  if (aal === 'aal2') {
    const enrolled = await enrolTotp(t, cookie);
    cookie = enrolled.cookie;
    totpUri = enrolled.totpURI;
  }
  const issued = await t.app.inject({
    method: 'POST',
    url: '/api/tokens',
    payload: {
      email: signedIn.email,
      password: TEST_PASSWORD,
      ...(totpUri ? { totpCode: await totpCode(totpUri) } : {}),
    },
  });
  if (issued.statusCode !== 200)
    throw new Error(`tokens for ${role} ${aal}: ${issued.statusCode} ${issued.body}`);
  const { accessToken } = issued.json<{ accessToken: string }>();
  return [
    { principal: { role, aal, credential: 'cookie' }, headers: { cookie, origin: TEST_ORIGIN } },
    { principal: { role, aal, credential: 'bearer' }, headers: { authorization: `Bearer ${accessToken}` } },
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  callers.push({
    principal: { role: null, aal: 'aal1', credential: 'cookie' },
    headers: { origin: TEST_ORIGIN },
  });
  for (const role of ['USER', 'CAREGIVER', 'GUARDIAN', 'ADMIN'] as const)
    for (const aal of ['aal1', 'aal2'] as const) callers.push(...(await callersFor(role, aal)));
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const fromDocument = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{\*\}$/, '*').replace(/\{([^}]+)\}/g, ':$1')}`,
    ),
  );
  operations = [...new Set([...fromDocument, ...registered])]
    .filter((route) => !notOperations(route))
    .sort((a, b) => Number(endsCredentials(a)) - Number(endsCredentials(b)) || a.localeCompare(b));
}, 120_000);
afterAll(() => t.close());

function requestOf(operation: string, caller: Caller): InjectOptions {
  const [method, path] = operation.split(' ') as [InjectOptions['method'], string];
  const url = path.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\/\*$/, '/matrix/file.txt');
  const write = method !== 'GET';
  return {
    method,
    url,
    headers: { ...caller.headers, ...(write ? { 'content-type': 'application/json' } : {}) },
    ...(write ? { payload: '{}' } : {}),
  };
}

const describeCaller = ({ principal: p }: Caller) => `${p.role ?? 'anonymous'}/${p.aal}/${p.credential}`;

describe('authorization matrix', () => {
  it('every API operation (OpenAPI document + route table) has an apiAccess entry, and every entry a route', () => {
    expect(operations.length).toBeGreaterThan(140);
    expect(operations.filter((operation) => !(operation in apiAccess))).toEqual([]);
    expect(Object.keys(apiAccess).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('every operation × role × aal × credential answers as apiAccess says', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const access = apiAccess[operation as keyof typeof apiAccess];
      if (!access) continue;
      for (const caller of callers) {
        const response = await t.app.inject(requestOf(operation, caller));
        const expected = expectedAccess(access, caller.principal);
        const status = response.statusCode;
        const ok =
          expected === 'allow' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok)
          wrong.push(
            `${operation} ${describeCaller(caller)}: expected ${expected}, got ${status} ${response.body.slice(0, 120)}`,
          );
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
