/**
 * Every string a request can carry goes through the contracts' string helpers (decision 0040, issue 17
 * item 6): each `z.string()` reachable from an endpoint's params, query or body (record keys included)
 * carries `isStorableText` (from `text()`, `requiredText`, `optionalText`, `textList`, `isoDate`…), or is a
 * zod format whose pattern admits neither NUL nor surrogates (uuid, email, ISO date/time). A new field
 * written as a raw `z.string()` fails here, naming the endpoint and the field.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
import type { EndpointSpec } from './endpoint.ts';
import { isInYearRange, isoDate, isoDateTime, isStorableText, text } from './common.ts';

const endpoints: [string, EndpointSpec][] = Object.entries(contracts)
  .filter(([name]) => name.endsWith('Endpoints'))
  .flatMap(([group, members]) =>
    Object.entries(members as Record<string, EndpointSpec>).map(
      ([name, endpoint]) => [`${group}.${name}`, endpoint] as [string, EndpointSpec],
    ),
  );

/** Zod string formats whose own pattern admits only ASCII letters, digits and punctuation. */
const closedFormats = new Set(['uuid', 'guid', 'email', 'time', 'duration', 'cuid', 'ulid']);
/** Formats that also need the year range (`isoDate`, `isoDateTime`): year 0000 passes zod's pattern. */
const dateFormats = new Set(['date', 'datetime']);

interface Def {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; fn?: unknown } } }[];
  [key: string]: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

function storable(def: Def): boolean {
  const has = (fn: unknown) => (def.checks ?? []).some((check) => check._zod.def.fn === fn);
  if (def.format && closedFormats.has(def.format)) return true;
  if (def.format && dateFormats.has(def.format)) return has(isInYearRange);
  return has(isStorableText);
}

/** The paths of the strings under `schema` that skip the helpers. */
export function rawStrings(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  const def = defOf(schema);
  const walk = (child: unknown, at = path) => rawStrings(child, at, seen);
  switch (def.type) {
    case 'string':
      return storable(def) ? [] : [path];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) =>
        walk(child, `${path}.${key}`),
      );
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'tuple':
      return [...(def.items as unknown[]).flatMap((item) => walk(item)), ...(def.rest ? walk(def.rest) : [])];
    case 'pipe':
      return walk(def.in);
    case 'lazy': {
      // A recursive schema: each lazy getter is followed once.
      if (seen.has(def.getter)) return [];
      seen.add(def.getter);
      return walk((def.getter as () => unknown)());
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType);
    default:
      return [];
  }
}

describe('request strings', () => {
  it('all go through the string helpers (no raw z.string() in params, query or body)', () => {
    const raw = endpoints.flatMap(([name, endpoint]) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        endpoint[part] ? rawStrings(endpoint[part], `${name} ${part}`) : [],
      ),
    );
    expect(raw).toEqual([]);
  });

  it('the walker finds a raw string wherever it hides', () => {
    const schema = z.object({
      a: text(),
      b: z.array(z.object({ c: z.string().optional() })),
      d: z.record(z.string(), text()),
      e: z.union([z.uuid(), z.string().trim()]).transform((v) => v),
    });
    expect(rawStrings(schema, 'x')).toEqual(['x.b[].c', 'x.d{key}', 'x.e']);
  });
});

describe('text()', () => {
  it('refuses NUL and unpaired surrogates, accepts paired ones', () => {
    const schema = text().trim().min(1);
    expect(schema.safeParse('a\u0000b').success).toBe(false);
    expect(schema.safeParse('\ud800').success).toBe(false);
    expect(schema.safeParse('x\udc00').success).toBe(false);
    expect(schema.safeParse('\udc00\ud800').success).toBe(false);
    expect(schema.safeParse(' 😀 ').data).toBe('😀');
  });
});

describe('isoDateTime', () => {
  it('refuses year 0000 and impossible dates', () => {
    expect(isoDateTime().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(isoDateTime().safeParse('2026-02-30T00:00:00Z').success).toBe(false);
    expect(isoDateTime().safeParse('2026-02-28T00:00:00-08:00').success).toBe(true);
  });
});

describe('isoDate', () => {
  it('checks the calendar and the years 0001–9999', () => {
    for (const bad of [
      '2026-02-30',
      '2025-02-29',
      '2026-13-01',
      '0000-01-01',
      '2026-1-01',
      '12026-01-01',
      '2026-04-31',
    ])
      expect(isoDate.safeParse(bad).success, bad).toBe(false);
    for (const good of ['2024-02-29', '0001-01-01', '9999-12-31', '2026-04-30'])
      expect(isoDate.safeParse(good).success, good).toBe(true);
  });
});
