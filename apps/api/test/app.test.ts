import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it('sends security headers and a request id', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API paths with a problem+json 404', async () => {
    const response = await t.app.inject('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      detail: 'Page Not Found: /api/nothing-here',
    });
  });

  it('publishes the OpenAPI document built from the zod schemas', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/clients', '/api/clients/{id}', '/api/users', '/api/audit-events']),
    );
  });
});

describe('rate limit', () => {
  it('answers 429 problem+json past the per-client API limit, but never limits health or the web app', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await limited.app.inject('/api/ready')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await limited.app.inject('/api/ready');
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.json()).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect((await limited.app.inject('/api/health')).statusCode).toBe(200);
      expect((await limited.app.inject('/login')).statusCode).not.toBe(429);
    } finally {
      await limited.close();
    }
  });
});
