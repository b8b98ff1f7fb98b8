import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { client, clientPage } from '@tend/contracts';
import { responseSerializerCompiler } from './response-serializer.ts';

const route = { method: 'GET', url: '/api/test', httpStatus: '200' };
const serializer = (schema: z.ZodType, check: boolean) =>
  responseSerializerCompiler({ check })({ schema, ...route });
/** What fastify-type-provider-zod's serializer (the one before) writes: zod's encoding, stringified. */
const zodJson = (schema: z.ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));
const thrown = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

const aClient = {
  id: '0f8fad5b-d9cb-469f-a165-70867728950e',
  name: 'Ada Lovelace',
  email: null,
  emails: ['ada@example.org'],
  altNames: [],
  archived: false,
  pid: 'BP1',
  budgetClientId: null,
  clientPrime: null,
  ispMonth: 3,
  serviceElement: 'SE 49',
  caseManagerId: null,
  caseManagerName: null,
  needsReview: false,
  createdAt: '2026-11-27T14:39:21.123Z',
  updatedAt: '2026-11-27T14:39:21.123Z',
};

describe('responseSerializerCompiler', () => {
  it('writes what zod wrote, without the keys the schema does not declare, at every level', () => {
    const page = {
      items: [
        { ...aClient, passwordHash: 'secret', internal: { a: 1 } },
        { ...aClient, id: '1f8fad5b-d9cb-469f-a165-70867728950e', email: 'x@example.org' },
      ],
      total: 2,
      totalExact: true,
      page: 1,
      pageSize: 50,
      debug: 'dropped',
    };
    const json = serializer(clientPage, false)(page);
    expect(json).toBe(zodJson(clientPage, page));
    expect(json).not.toContain('secret');
    expect(json).not.toContain('internal');
    expect(json).not.toContain('dropped');
    expect(serializer(clientPage, true)(page)).toBe(json);
  });

  it('keeps nullable and optional values as zod does (absent optional keys stay absent)', () => {
    const schema = z.object({
      a: z.object({ b: z.string() }).nullable(),
      c: z.object({ d: z.number() }).optional(),
      e: z.array(z.object({ f: z.boolean().optional() })),
    });
    for (const value of [
      { a: null, e: [] },
      { a: { b: 'x', y: 1 }, c: { d: 1, z: 2 }, e: [{ f: true, g: 1 }, {}] },
      { a: { b: 'x' }, c: undefined, e: [{ f: undefined }] },
    ]) {
      expect(serializer(schema, false)(value)).toBe(zodJson(schema, value));
      expect(serializer(schema, true)(value)).toBe(zodJson(schema, value));
    }
  });

  it('leaves what it cannot copy faithfully to zod: unions, defaults, strings that zod rewrites', () => {
    const schema = z.object({
      kind: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
      trimmed: z.string().trim(),
      lower: z.array(z.string().toLowerCase()),
      withDefault: z.string().default('none'),
      loose: z.looseObject({ a: z.string() }),
    });
    const value = {
      kind: { b: 2, extra: true },
      trimmed: '  spaced  ',
      lower: ['ABC'],
      withDefault: 'given',
      loose: { a: 'x', kept: 1 },
    };
    const json = serializer(schema, false)(value);
    expect(json).toBe(zodJson(schema, value));
    expect(JSON.parse(json)).toEqual({
      kind: { b: 2 },
      trimmed: 'spaced',
      lower: ['abc'],
      withDefault: 'given',
      loose: { a: 'x', kept: 1 },
    });
  });

  it('fails as before (ResponseSerializationError, a 500) when a value is not the declared object or array', () => {
    for (const check of [false, true]) {
      const serialize = serializer(clientPage, check);
      expect(
        isResponseSerializationError(
          thrown(() => serialize({ items: 'no', total: 0, totalExact: true, page: 1, pageSize: 50 })),
        ),
      ).toBe(true);
      expect(isResponseSerializationError(thrown(() => serialize({ items: [null] })))).toBe(true);
      expect(isResponseSerializationError(thrown(() => serialize(null)))).toBe(true);
    }
  });

  it('checks formats only with check (the tests); the server relies on the services’ types for them', () => {
    const notAUuid = { ...aClient, id: 'not-a-uuid' };
    expect(isResponseSerializationError(thrown(() => serializer(client, true)(notAUuid)))).toBe(true);
    expect(JSON.parse(serializer(client, false)(notAUuid))).toMatchObject({ id: 'not-a-uuid' });
  });

  it('with check, refuses a response whose projected JSON differs from zod’s', () => {
    let reads = 0;
    const value = {
      get name() {
        reads += 1;
        return `read ${reads}`;
      },
    };
    const error = thrown(() => serializer(z.object({ name: z.string() }), true)(value));
    expect(isResponseSerializationError(error)).toBe(true);
    expect(String((error as Error).cause)).toContain("the projected response differs from zod's");
  });
});
