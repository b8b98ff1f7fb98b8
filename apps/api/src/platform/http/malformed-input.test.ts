/**
 * Issue 17 item 6: malformed input answers 4xx naming the field, never 5xx (decision 0040). Each case here
 * answered 500 before: impossible and year-0000 dates reached PostgreSQL; unpaired surrogates and NUL reached
 * jsonb/text; a 5,000-deep JSON body overflowed the stack; `Referer: not a url` threw in the origin check;
 * a `null` body crashed better-auth's update-user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, TEST_ORIGIN, type TestApp } from '../../../test/helpers.ts';
import { jsonDepthExceeds } from './json-body.ts';

let t: TestApp;
let admin: ReturnType<typeof as>;
let userCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
  userCookie = (await signInAs(t, 'USER')).cookie;
});
afterAll(() => t.close());

const problemOf = (response: { statusCode: number; body: string }) =>
  `${response.statusCode} ${response.body}`;

describe('dates', () => {
  it.each([
    '/api/segments?from=0000-01-01&to=2026-01-31',
    '/api/segments?from=2026-02-30&to=2026-03-31',
    '/api/shifts?from=0000-01-01',
    '/api/incidents?from=0000-01-01',
    '/api/suspicious-locations?from=0000-01-01',
    '/api/budget-overages?asOf=0000-01-01',
    '/api/billing-items?dateFrom=0000-01-01',
    '/api/billing-exports/preview?dateFrom=2026-02-30&dateTo=2026-03-01',
    '/api/payroll/adjustments?periodStart=2026-02-30',
  ])('GET %s → 400 naming the date', async (url) => {
    const response = await admin({ method: 'GET', url });
    expect(response.statusCode, problemOf(response)).toBe(400);
    expect(response.json<{ detail: string }>().detail).toMatch(
      /querystring\.(from|asOf|dateFrom|periodStart)/,
    );
  });

  it('a body date of 30 February → 400 naming effectiveDate (billing-code rules, payroll adjustments)', async () => {
    for (const url of ['/api/billing-code-rules', '/api/payroll/adjustments', '/api/budgets']) {
      const response = await admin({ method: 'POST', url, payload: { effectiveDate: '2026-02-30' } });
      expect(response.statusCode, `${url} ${problemOf(response)}`).toBe(400);
      expect(response.json<{ detail: string }>().detail, url).toContain('body.effectiveDate');
    }
  });
});

describe('strings', () => {
  it('an unpaired surrogate in a bucket name → 400 naming name', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/storage/buckets',
      payload: { id: 'fuzz-a', name: 'a\ud800' },
    });
    expect(response.statusCode, problemOf(response)).toBe(400);
    expect(response.json<{ detail: string }>().detail).toContain('body.name');
  });

  it('an unpaired surrogate in a storage list prefix and NUL in a bucket id → 400', async () => {
    const list = await admin({
      method: 'POST',
      url: '/api/storage/object/list/documents',
      payload: { prefix: '\udc00x' },
    });
    expect(list.statusCode, problemOf(list)).toBe(400);
    expect(list.json<{ detail: string }>().detail).toContain('body.prefix');
    const move = await admin({
      method: 'POST',
      url: '/api/storage/object/move',
      payload: { bucketId: 'a\u0000b', sourceKey: 'x', destinationKey: 'y' },
    });
    expect(move.statusCode, problemOf(move)).toBe(400);
    expect(move.json<{ detail: string }>().detail).toContain('body.bucketId');
  });
});

describe('bodies', () => {
  it('a 5,000-deep JSON body on /api/auth/* and on our routes → 400, not a RangeError', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const url of ['/api/auth/sign-in/email', '/api/clients']) {
      const response = await admin({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(response.statusCode, `${url} ${problemOf(response)}`).toBe(400);
    }
  });

  it('a null body on POST /api/auth/update-user → 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: TEST_ORIGIN, cookie: userCookie, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(response.statusCode, problemOf(response)).toBe(400);
  });

  it('counts depth outside strings only', () => {
    expect(jsonDepthExceeds('{"a":"[[[[[[","b":[[1]]}', 3)).toBe(false);
    expect(jsonDepthExceeds('{"a":"\\"[[[[","b":[[[1]]]}', 3)).toBe(true);
  });
});

describe('origin check', () => {
  it('Referer: not a url without Origin on a state-changing request → 403, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { referer: 'not a url', cookie: userCookie },
      payload: { name: 'x' },
    });
    expect(response.statusCode, problemOf(response)).toBe(403);
  });
});
