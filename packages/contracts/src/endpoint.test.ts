import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
import { buildPath, defineEndpoint, type EndpointSpec } from './endpoint.ts';

/** Every endpoint the contracts export: the members of each `…Endpoints` object. */
const endpoints: [string, EndpointSpec][] = Object.entries(contracts)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([group, members]) =>
    Object.entries(members as Record<string, EndpointSpec>).map(
      ([name, endpoint]) => [`${group}.${name}`, endpoint] as [string, EndpointSpec],
    ),
  );

const pathParamNames = (path: string) => [
  ...[...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]),
  ...(path.endsWith('/*') ? ['*'] : []),
];

describe('the endpoints', () => {
  it('are found (one group per contracts file that has endpoints)', () => {
    expect(endpoints.length).toBeGreaterThan(10);
  });

  it('each have a distinct method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, endpoint] of endpoints) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect(seen.get(key), `${name} repeats ${key}`).toBeUndefined();
      seen.set(key, name);
    }
  });

  it("have a params schema with exactly their path's parameters", () => {
    for (const [name, endpoint] of endpoints) {
      const names = pathParamNames(endpoint.path).sort();
      const schema = endpoint.params;
      const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : [];
      expect(keys, name).toEqual(names);
      if (names.length > 0) expect(schema, name).toBeInstanceOf(z.ZodObject);
    }
  });

  it('are frozen, under /api/, with response statuses that are HTTP success codes', () => {
    for (const [name, endpoint] of endpoints) {
      expect(Object.isFrozen(endpoint), name).toBe(true);
      expect(endpoint.path, name).toMatch(/^\/api\//);
      for (const status of Object.keys(endpoint.response)) expect(Number(status), name).toBeLessThan(300);
      expect(Boolean(endpoint.multipart && endpoint.body), `${name}: multipart has no body schema`).toBe(
        false,
      );
    }
  });
});

describe('defineEndpoint', () => {
  it("refuses, at compile time, params that are not the path's", () => {
    const params = z.object({ id: z.string() });
    // @ts-expect-error the path has :bucket, the schema id
    defineEndpoint({ method: 'GET', path: '/api/x/:bucket', params, response: {} });
    // @ts-expect-error the path has :id, and no schema is given
    defineEndpoint({ method: 'GET', path: '/api/x/:id', response: {} });
    // @ts-expect-error the path has no parameter, the schema id
    defineEndpoint({ method: 'GET', path: '/api/x', params, response: {} });
    const both = z.object({ bucket: z.string(), '*': z.string() });
    expect(defineEndpoint({ method: 'GET', path: '/api/x/:bucket/*', params: both, response: {} }).path).toBe(
      '/api/x/:bucket/*',
    );
  });
});

describe('buildPath', () => {
  it('fills each :param URI-encoded and a final * segment by segment', () => {
    expect(buildPath({ path: '/api/clients/:id/archive' }, { id: 'a b/c' })).toBe(
      '/api/clients/a%20b%2Fc/archive',
    );
    expect(buildPath({ path: '/api/storage/object/:bucket/*' }, { bucket: 'docs', '*': 'a b/c#d.pdf' })).toBe(
      '/api/storage/object/docs/a%20b/c%23d.pdf',
    );
    expect(buildPath({ path: '/api/clients' })).toBe('/api/clients');
  });

  it('throws naming a missing parameter', () => {
    expect(() => buildPath({ path: '/api/clients/:id' }, {})).toThrow(
      '/api/clients/:id: missing parameter id',
    );
  });
});
