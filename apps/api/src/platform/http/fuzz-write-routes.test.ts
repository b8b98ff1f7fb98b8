/**
 * Fuzz of every write route (issue 17 item 6, decision 0040): no request, however malformed, answers 5xx.
 *
 * Routes are read from the built app (an `onRoute` hook through Fastify's `fastify.initialization`
 * diagnostics channel): every state-changing `/api/` route must have its contracts endpoint, whose zod
 * schemas (params, query, body; `z.toJSONSchema`, input side) shape the requests fast-check generates:
 * mostly well-typed values with hostile strings (unpaired surrogates, NUL, impossible dates, year 0000,
 * 10,000 characters, path tricks), sometimes a wrong type anywhere, sometimes a wholly random JSON body.
 * A new write route is fuzzed without a change here. better-auth's catch-all gets random JSON bodies on
 * its write paths. Requests are sent as a signed-in aal2 ADMIN (every guard passed, so the input reaches
 * the handlers) with the web origin. Runs per route: {@link runsPerRoute} (the file's budget is < 60 s on
 * PGlite for 83 write routes).
 */
import { subscribe } from 'node:diagnostics_channel';
import fc from 'fast-check';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import * as contracts from '@tend/contracts';
import type { EndpointSpec } from '@tend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';

const runsPerRoute = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 20);
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD /url` of every state-changing route under /api, as registered. */
const writeRoutes = new Set<string>();
subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat())
      if (stateChanging.has(method) && route.url.startsWith('/api/'))
        writeRoutes.add(`${method} ${route.url}`);
  });
});

const endpointsByRoute = new Map<string, EndpointSpec>(
  Object.entries(contracts)
    .filter(([name]) => name.endsWith('Endpoints'))
    .flatMap(([, members]) => Object.values(members as Record<string, EndpointSpec>))
    .map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]),
);

/** better-auth's write paths Tend's web app and API clients use (its catch-all has no contract schema). */
const authPaths = [
  'sign-in/email',
  'sign-up/email',
  'sign-out',
  'update-user',
  'change-password',
  'request-password-reset',
  'reset-password',
  'sign-in/magic-link',
  'two-factor/enable',
  'two-factor/verify-totp',
  'two-factor/verify-backup-code',
  'phone-number/send-otp',
  'phone-number/verify',
  'email-otp/send-verification-otp',
  'sign-in/email-otp',
];

const hostileStrings = [
  '\ud800',
  'a\udc00b',
  'x\u0000y',
  '2026-02-30',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '10000-01-01',
  '-1',
  '1e309',
  'NaN',
  '',
  ' ',
  '../../etc/passwd',
  '%00',
  "'; drop table client; --",
  '__proto__',
  '😀'.repeat(300),
  'x'.repeat(10_000),
];
const hostileString = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant({}),
  fc.constant([]),
);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** A string that passes the schema's own format, pattern and length (hostile ones are mixed in by the caller). */
function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 30, 30));
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'date')
    return fc
      .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2040-01-01') })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc
      .date({ noInvalidDate: true, min: new Date('2000-01-01'), max: new Date('2040-01-01') })
      .map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((v) => v.length >= min && v.length <= (schema.maxLength ?? Infinity));
  return fc.string({ minLength: Math.max(min, 1), maxLength: max, unit: 'grapheme-ascii' });
}

/**
 * A value for `schema`: mostly one its schema accepts, so that one hostile value among valid ones reaches the
 * handler; sometimes a hostile string; rarely a wrong type.
 */
function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const own = ownArbitrary(schema, depth);
  return fc.oneof(
    { arbitrary: own, weight: 12 },
    { arbitrary: hostileString, weight: 2 },
    { arbitrary: wrongType, weight: 1 },
  );
}

function ownArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((option) => ownArbitrary(option, depth)));
  if (schema.allOf?.length) return ownArbitrary(schema.allOf[0] as JsonSchema, depth);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type: string = (Array.isArray(schema.type) ? schema.type[0] : schema.type) ?? 'any';
  if (depth > 6) return wrongType;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length === 0) return fc.dictionary(hostileString, wrongType, { maxKeys: 3 });
      return fc.record(
        Object.fromEntries(properties.map(([key, value]) => [key, arbitraryFor(value, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => schema.properties?.[key]) },
      );
    }
    case 'array':
      return fc.array(schema.items ? arbitraryFor(schema.items, depth + 1) : wrongType, {
        minLength: 1,
        maxLength: 3,
      });
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 1000 }), fc.integer());
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer());
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return wrongType;
  }
}

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema && (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema);

/** A path parameter as it may appear in a URL: percent-encoded, an unpaired surrogate as invalid UTF-8. */
function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function urlOf(path: string, params: Record<string, unknown>, query: unknown): string {
  const filled = path
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeSegment(params[name] ?? 'x'))
    .replace(/\/\*$/, () => `/${encodeSegment(params['*'] ?? 'x')}`);
  if (!query || typeof query !== 'object') return filled;
  const search = Object.entries(query as Record<string, unknown>)
    .map(([key, value]) => `${encodeSegment(key)}=${encodeSegment(value)}`)
    .join('&');
  return search ? `${filled}?${search}` : filled;
}

/** The request generator of a contracts endpoint. */
function requestsFor(endpoint: EndpointSpec) {
  const params = jsonSchemaOf(endpoint.params);
  const query = jsonSchemaOf(endpoint.query);
  const body = jsonSchemaOf(endpoint.body);
  return fc.record({
    params: params ? arbitraryFor(params) : fc.constant({}),
    query: query ? arbitraryFor(query) : fc.constant(undefined),
    body: fc.oneof(
      { arbitrary: body ? arbitraryFor(body) : fc.constant(undefined), weight: 6 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
    ),
  });
}

let t: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  admin = as(t, (await signInAs(t, 'ADMIN')).cookie);
});
afterAll(() => t.close());

describe('fuzz of every write route', () => {
  it('every registered write route has a contracts endpoint (or is better-auth’s catch-all)', () => {
    expect(writeRoutes.size).toBeGreaterThan(50);
    const without = [...writeRoutes].filter(
      (route) => !endpointsByRoute.has(route) && route !== 'POST /api/auth/*',
    );
    expect(without).toEqual([]);
  });

  it('no generated request answers 5xx', async () => {
    const failures: string[] = [];
    const routes = [...writeRoutes].filter((route) => endpointsByRoute.has(route)).sort();
    for (const route of routes) {
      const endpoint = endpointsByRoute.get(route) as EndpointSpec;
      await fc
        .assert(
          fc.asyncProperty(requestsFor(endpoint), async ({ params, query, body }) => {
            const url = urlOf(endpoint.path, params as Record<string, unknown>, query);
            const response = await admin({
              method: endpoint.method,
              url,
              ...(body === undefined
                ? {}
                : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
            });
            if (response.statusCode >= 500)
              failures.push(
                `${route} ${url} ${JSON.stringify(body)?.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
            return response.statusCode < 500;
          }),
          { numRuns: runsPerRoute, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    expect(routes.length).toBeGreaterThan(50);
  }, 120_000);

  it('better-auth’s write paths answer random JSON bodies without 5xx', async () => {
    const failures: string[] = [];
    for (const path of authPaths) {
      await fc
        .assert(
          fc.asyncProperty(
            fc.oneof(
              fc.jsonValue({ maxDepth: 3 }),
              fc.dictionary(
                fc.constantFrom(
                  'email',
                  'password',
                  'name',
                  'code',
                  'token',
                  'phoneNumber',
                  'newPassword',
                  'currentPassword',
                  'image',
                  'callbackURL',
                ),
                wrongType,
              ),
            ),
            async (body) => {
              const response = await t.app.inject({
                method: 'POST',
                url: `/api/auth/${path}`,
                headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
                payload: JSON.stringify(body),
              });
              if (response.statusCode >= 500)
                failures.push(
                  `${path} ${JSON.stringify(body).slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 200)}`,
                );
              return response.statusCode < 500;
            },
          ),
          { numRuns: runsPerRoute, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
