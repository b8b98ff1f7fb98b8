/**
 * The hooks every request passes before its route (ARCHITECTURE.md "Request path"): the request id
 * echoed back, security headers with Tend's Content-Security-Policy, cookies, the per-client rate limit,
 * the multipart upload cap and the CSRF origin check. Registered by `buildApp` before any route.
 */
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { carriesOwnCredentials } from '../auth/bearer.ts';
import { defaultMapTiles, tileImageSource, type Config } from '../config/config.ts';
import { AppError } from './errors.ts';
import { registerJsonBodyParser } from './json-body.ts';
import { addSecurityHeaders } from './security-headers.ts';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Helmet's headers, computed once (security-headers.ts, docs/decisions/0005), with Tend's policy: own
 * scripts only, inline styles (Mantine), images also from the configured map tile server (UX.md
 * "Maps"), no framing; HSTS when `config.publicUrl` is https.
 */
export async function addTendSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const tileSource = tileImageSource((config.map ?? defaultMapTiles).tileUrl);
  await addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(tileSource ? [tileSource] : [])],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  allowEmbedding(app, config.matchmakingEmbedOrigins ?? []);
}

/** The one page an agency may frame on its own site (issue 21 "a page an agency embeds on its site"). */
export const EMBEDDABLE_PAGE_PATH = '/matchmaking/embeddableLandingPage';

/**
 * Lets `origins` (MATCHMAKING_EMBED_ORIGINS) frame {@link EMBEDDABLE_PAGE_PATH} only: that page's document gets
 * `frame-ancestors <origins>` in place of `'none'` and no X-Frame-Options (which cannot name other origins). With no
 * origins the page keeps `'none'` like every other page. Decision 0057.
 */
function allowEmbedding(app: FastifyInstance, origins: readonly string[]): void {
  if (!origins.length) return;
  const ancestors = `frame-ancestors ${origins.join(' ')}`;
  app.addHook('onRequest', (request, reply, done) => {
    const path = request.url.split('?')[0]?.replace(/\/+$/, '');
    if (path === EMBEDDABLE_PAGE_PATH) {
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string')
        void reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", ancestors));
      reply.removeHeader('x-frame-options');
    }
    done();
  });
}

/** The origin of a `Referer` header; none when it is absent or not an absolute URL (`Referer: not a url`). */
function refererOrigin(referer: string | undefined): string | undefined {
  return referer && URL.canParse(referer) ? new URL(referer).origin : undefined;
}

/**
 * CSRF: a state-changing `/api/` request must name an allowed origin (`Origin`, else the `Referer`'s
 * origin: `config.publicUrl` or one of `config.trustedOrigins`). better-auth checks its own routes; a
 * cookie-less request that authenticates itself (bearer token, token endpoints) carries no ambient
 * credential. A `Referer` that is not a URL names no origin. Errors: 403 CSRF_REJECTED.
 */
export function addOriginCheck(app: FastifyInstance, config: Config): void {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (
      !stateChanging.has(request.method) ||
      !request.url.startsWith('/api/') ||
      request.url.startsWith('/api/auth/') ||
      carriesOwnCredentials(request)
    )
      return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (!origin || !allowedOrigins.has(origin)) throw originRejected(origin, config.publicUrl);
  });
}

/**
 * The 403 CSRF_REJECTED for a request from `origin`. When the origin is a well-formed web origin (a
 * page of Tend opened under another host name, e.g. `http://127.0.0.1:3000` for the printed
 * `http://localhost:3000`; issue 16 item 10) the detail says what to do: open the public URL, or
 * list the other origin in TRUSTED_ORIGINS (or set PUBLIC_URL). Origins are not secrets.
 */
function originRejected(origin: string | undefined, publicUrl: string): AppError {
  const expected = new URL(publicUrl).origin;
  let opened: string | null;
  try {
    opened = origin && new URL(origin).origin === origin ? origin : null;
  } catch {
    opened = null; // not a URL at all
  }
  if (!opened)
    return new AppError('CSRF_REJECTED', 'State-changing requests must come from the Tend web app');
  return new AppError(
    'CSRF_REJECTED',
    `This page was opened at ${opened}, but Tend's address is ${expected} (PUBLIC_URL), so the request was refused. ` +
      `Open ${expected} instead, or add ${opened} to TRUSTED_ORIGINS (or set PUBLIC_URL) and restart Tend.`,
  );
}

/**
 * Registers, in this order: the `x-request-id` response header, security headers, cookies, the rate
 * limit (`config.rateLimitPerMinute` per client and minute on `/api/` except `/api/health`; the web
 * app's files are never limited; 429 RATE_LIMITED), multipart uploads (one file, 1 GiB per request:
 * bucket limits are enforced by storage while streaming), the depth-checked JSON body parser (json-body.ts)
 * and the origin check ({@link addOriginCheck}).
 */
export async function registerRequestGuards(app: FastifyInstance, config: Config): Promise<void> {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await addTendSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // One page load fetches many chunks: only the API is limited.
    allowList: (request) => !request.url.startsWith('/api/') || request.url === '/api/health',
    errorResponseBuilder: (_request, context) =>
      Object.assign(new AppError('RATE_LIMITED', `Too many requests; try again in ${context.after}`), {
        statusCode: 429,
      }),
  });
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 1 } });
  registerJsonBodyParser(app);
  addOriginCheck(app, config);
}
