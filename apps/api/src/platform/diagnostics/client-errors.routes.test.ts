/**
 * `POST /api/client-errors` (issue 24 "Logged-only errors"; decision 0068) through the real app: an accepted report
 * is one warn line with the request id and the actor; an email, a phone number, an SSN-like number, a UUID and a
 * query string in the message never reach the log; a route with an id or a query, an unknown field or an unknown
 * kind is a 400 naming the field; the 31st report of a minute from one address is 429. Also `GET
 * /build-manifest.json` (web-app.ts): read from disk on each request, never cached; and a missing `/assets/` file
 * is a 404 (so a removed chunk fails to load and the app offers a reload).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, TEST_ORIGIN, type TestApp } from '../../../test/helpers.ts';
import { CLIENT_ERRORS_PER_MINUTE } from './client-errors.routes.ts';

const report = {
  kind: 'chunk_load_failed',
  message: 'Failed to fetch dynamically imported module: /assets/abc123.js',
  route: '/admin/clients/:id',
  buildVersion: 'mjx1a2b-3c4d5e',
  at: '2026-11-28T15:00:00.000Z',
};

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  actorId?: string | null;
  clientError?: Record<string, string>;
}

describe('POST /api/client-errors', () => {
  let t: TestApp;
  const lines: string[] = [];
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'tend-web-dist-'));
  let post: (body: unknown, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
  /** Each request comes from its own address unless a test says otherwise, so the limit is reached only on purpose. */
  let address = 0;
  const logged = (): LogLine[] =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.msg === 'Client error reported');

  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Tend</title>');
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp({ logLevel: 'warn', webDistDir: webDist }, { logStream });
    post = (body, headers = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        remoteAddress: `10.0.0.${(address += 1)}`,
        headers: { origin: TEST_ORIGIN, ...headers },
        payload: body as Record<string, unknown>,
      });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('logs an anonymous report at warn with its request id and fields', async () => {
    const response = await post(report, { 'x-request-id': 'client-error-test-1' });
    expect(response.statusCode).toBe(204);
    const line = logged().find((l) => l.reqId === 'client-error-test-1');
    expect(line?.level).toBe(40);
    expect(line?.actorId).toBeNull();
    expect(line?.clientError).toEqual({
      ...report,
      message: 'Failed to fetch dynamically imported module: /assets/abc[number].js',
    });
  });

  it("names the signed-in actor's account", async () => {
    const { cookie, accountId } = await signInAs(t, 'CAREGIVER');
    const response = await post(report, { cookie, 'x-request-id': 'client-error-test-2' });
    expect(response.statusCode).toBe(204);
    expect(logged().find((l) => l.reqId === 'client-error-test-2')?.actorId).toBe(accountId);
  });

  it('never lets an email, a phone, an SSN, an id or a query string reach the log', async () => {
    const message =
      'Save failed for ada.lovelace@example.org (503) 555-0142 ssn 123-45-6789 ' +
      'at /admin/clients/0b7c6a1e-2f4d-4c8e-9a1b-3d5e7f9a1c2e?name=Ada+Lovelace#notes';
    const response = await post({ ...report, kind: 'unhandled_error', message });
    expect(response.statusCode).toBe(204);
    const all = lines.join('');
    // Needles no uuid, time or pid of the log line can hold by chance (a bare "503" can: hex and digits).
    for (const secret of [
      'ada.lovelace',
      'example.org',
      '555-0142',
      '(503)',
      '45-6789',
      '0b7c6a1e',
      'Lovelace',
    ])
      expect(all).not.toContain(secret);
    expect(logged().at(-1)?.clientError?.message).toBe(
      'Save failed for [email] [number] ssn [number] at /admin/clients/[id][query]',
    );
  });

  it('refuses a route with an id or a query, an unknown kind or field, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...report, route: '/admin/clients/12345' }, 'route'],
      [{ ...report, route: '/admin/clients?name=Ada' }, 'route'],
      [{ ...report, kind: 'oops' }, 'kind'],
      [{ ...report, message: 'x'.repeat(501) }, 'message'],
      [{ ...report, at: 'yesterday' }, 'at'],
      [{ ...report, email: 'ada@example.org' }, 'email'],
    ];
    const before = logged().length;
    for (const [body, field] of cases) {
      const response = await post(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.body, field).toContain(field);
    }
    expect(logged().length).toBe(before);
    expect(lines.join('')).not.toContain('ada@example.org');
  });

  it(`answers 429 after ${CLIENT_ERRORS_PER_MINUTE} reports a minute from one address`, async () => {
    const one = { remoteAddress: '10.9.9.9' };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        ...one,
        headers: { origin: TEST_ORIGIN },
        payload: report,
      });
    for (let i = 0; i < CLIENT_ERRORS_PER_MINUTE; i += 1) expect((await send()).statusCode).toBe(204);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED');
    // Another address is not limited by it.
    expect((await post(report)).statusCode).toBe(204);
  });

  it('serves the build manifest from disk on each request, never cached', async () => {
    const manifest = path.join(webDist, 'build-manifest.json');
    expect((await t.app.inject({ method: 'GET', url: '/build-manifest.json' })).statusCode).toBe(404);
    writeFileSync(manifest, JSON.stringify({ version: 'one', builtAt: '2026-11-28T15:00:00.000Z' }));
    const first = await t.app.inject({ method: 'GET', url: '/build-manifest.json' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({ version: 'one', builtAt: '2026-11-28T15:00:00.000Z' });
    // A deploy replaces the file: the next request sees it, no restart.
    writeFileSync(manifest, JSON.stringify({ version: 'two', builtAt: '2026-11-28T15:05:00.000Z' }));
    const second = await t.app.inject({ method: 'GET', url: '/build-manifest.json' });
    expect(second.json<{ version: string }>().version).toBe('two');
    expect(second.headers['cache-control']).toBe('no-store');
    rmSync(manifest);
    expect((await t.app.inject({ method: 'GET', url: '/build-manifest.json' })).statusCode).toBe(404);
  });

  it("answers 404 for a built file that is gone (an old chunk after a deploy), the app's page elsewhere", async () => {
    const gone = await t.app.inject({ method: 'GET', url: '/assets/Bx0Gone1.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toContain('application/problem+json');
    const page = await t.app.inject({ method: 'GET', url: '/admin/audit' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Tend</title>');
  });
});
