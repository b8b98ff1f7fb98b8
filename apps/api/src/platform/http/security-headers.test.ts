/**
 * Security headers computed once (`security-headers.ts`): the same headers `@fastify/helmet` sets per
 * request, on every kind of response, and a route can still replace one.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { addSecurityHeaders, helmetHeaders } from './security-headers.ts';

/** The shape of the app's own helmet options (app.ts). */
const options = (hsts: boolean): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'https://*.tile.openstreetmap.org'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  hsts,
});

async function appWith(setup: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify({ logger: false });
  await setup(app);
  app.get('/ok', () => ({ ok: true }));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.get('/own-csp', (_request, reply) =>
    reply.header('content-security-policy', "sandbox; default-src 'none'").send('file'),
  );
  await app.ready();
  return app;
}

const without = (headers: Record<string, unknown>, ...names: string[]) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', ...names].includes(name)));

describe('security headers computed once', () => {
  it.each([true, false])('are the headers @fastify/helmet sets per request (hsts %s)', async (hsts) => {
    const computed = await helmetHeaders(options(hsts));
    expect(computed['content-security-policy']).toContain("default-src 'self'");
    expect(computed['content-security-policy']).toContain('https://*.tile.openstreetmap.org');
    expect(computed['x-frame-options']).toBe('SAMEORIGIN');
    expect(computed['x-content-type-options']).toBe('nosniff');
    expect('strict-transport-security' in computed).toBe(hsts);

    const perRequest = await appWith(async (app) => {
      await app.register(helmet, options(hsts));
    });
    const once = await appWith((app) => addSecurityHeaders(app, options(hsts)));
    for (const url of ['/ok', '/boom', '/missing', '/own-csp']) {
      const [expected, actual] = await Promise.all([perRequest.inject({ url }), once.inject({ url })]);
      expect(actual.statusCode, url).toBe(expected.statusCode);
      expect(without(actual.headers), url).toEqual(without(expected.headers));
    }
    await Promise.all([perRequest.close(), once.close()]);
  });

  it('let a route replace one (a stored file keeps its own sandboxing CSP)', async () => {
    const app = await appWith((a) => addSecurityHeaders(a, options(false)));
    const response = await app.inject({ url: '/own-csp' });
    expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });

  it('refuse options whose headers differ per request', async () => {
    await expect(helmetHeaders({ ...options(false), enableCSPNonces: true })).rejects.toThrow(/nonces/);
    await expect(
      helmetHeaders({
        contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], scriptSrc: [() => "'self'"] } },
      }),
    ).rejects.toThrow(/functions/);
  });
});
