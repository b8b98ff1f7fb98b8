/**
 * Security headers (CSP, HSTS, X-Frame-Options, …) computed once at startup instead of per request.
 *
 * `@fastify/helmet` calls `helmet(options)` on every request: it re-parses and re-validates every
 * option and rebuilds the Content-Security-Policy string each time (~1 % of a list request's CPU and
 * ~5 % of the health route's, docs/decisions/0005-api-performance.md). Tend's policy has no
 * per-request part (no nonces, no directive functions), so the headers are the same for every
 * response: `helmetHeaders` asks helmet itself for them once, and `addSecurityHeaders` sets that
 * fixed set on every reply in one `onRequest` hook. A route may still replace one (storage downloads
 * set their own sandboxing CSP).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Response headers of a bare Fastify route, optionally behind `@fastify/helmet` with `options`. */
async function probeHeaders(options: FastifyHelmetOptions | null): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    if (options) await probe.register(helmet, options);
    probe.get('/', (_request, reply) => reply.send('probe'));
    const response = await probe.inject({ method: 'GET', url: '/' });
    return Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name, [value].flat().join(', ')]),
    );
  } finally {
    await probe.close();
  }
}

/**
 * The headers `@fastify/helmet` sets for `options`, as lower-case name → value (e.g.
 * `content-security-policy` → `default-src 'self';…`), found by running helmet once on a bare
 * Fastify instance and keeping what it added. Errors: helmet's own, for an invalid option (e.g. a
 * malformed directive), at startup. Options with per-request parts (`enableCSPNonces`, directive
 * functions) are refused: their headers cannot be computed once.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  if (options.enableCSPNonces) throw new Error('CSP nonces differ per request: use @fastify/helmet itself');
  const csp = options.contentSecurityPolicy;
  const directives = csp && typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (
    directives.some(
      (value) =>
        typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')),
    )
  )
    throw new Error('CSP directive functions differ per request: use @fastify/helmet itself');
  const [bare, secured] = await Promise.all([probeHeaders(null), probeHeaders(options)]);
  return Object.fromEntries(
    Object.entries(secured).filter(([name, value]) => name !== 'date' && bare[name] !== value),
  );
}

/**
 * Sets helmet's headers for `options` (computed once, `helmetHeaders`) on every response of `app`,
 * API and web files alike, including 404s and errors. Call on the root instance in place of
 * `app.register(helmet, options)`. Errors: as `helmetHeaders`.
 */
export async function addSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
