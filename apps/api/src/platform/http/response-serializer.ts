/**
 * How a route's response becomes JSON (docs/decisions/0034-request-path-cpu.md). Every route's response
 * schema (zod, packages/contracts) is compiled once into a **projection**: a function that copies, from
 * the value the route returns, exactly the keys its schema declares (objects, arrays, nullable and
 * optional values; undeclared keys are dropped, as zod drops them), and hands that to `JSON.stringify`.
 * It does not re-check what the service's TypeScript types already guarantee (formats, ranges), so a
 * 50-row list is serialized without parsing it with zod on every request (about a tenth of a list
 * request's CPU). Parts a projection cannot copy faithfully — unions, pipes, defaults, records, strings
 * with trim/case "overwrite" checks, objects with a catch-all — are encoded by zod itself, as before.
 *
 * With `check` (the tests: `createTestApp`), every response is also encoded by zod exactly as
 * fastify-type-provider-zod does, a mismatch with the schema is a 500 as before, **and** the projection's
 * JSON must be byte-for-byte the same as zod's, else the response is a 500 too: every response a
 * test produces proves the production serializer writes what zod would have written.
 */
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';
import { $ZodError, $ZodType, safeEncode } from 'zod/v4/core';

/** A response value → the JSON-ready value its schema describes (undeclared keys dropped). */
type Projection = (value: unknown) => unknown;

/** Marks a projection that returns its input unchanged (primitives), so containers can skip calling it. */
const same: Projection = (value) => value;

/** The subtree encoded by zod (as fastify-type-provider-zod does); throws `ResponseSerializationError`. */
function zodEncoder(schema: $ZodType, method: string, url: string): Projection {
  return (value) => {
    const result = safeEncode(schema, value);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return result.data;
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Schema kinds whose valid values JSON-encode as they are (zod returns them unchanged). */
const leafTypes = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'date',
  'null',
  'undefined',
  'enum',
  'literal',
  'any',
  'unknown',
  'nan',
  'template_literal',
]);

/** True when one of the schema's checks rewrites the value (`trim`, `toLowerCase`, `normalize`, …). */
function rewrites(schema: $ZodType): boolean {
  return (schema._zod.def.checks ?? []).some((check) => check._zod.def.check === 'overwrite');
}

/**
 * Compiles `schema` into a {@link Projection}; `fallback` builds zod's own encoder for a part the
 * projection does not handle. A wrong kind of value where an object or array is declared goes to zod,
 * so it fails exactly as before (500).
 */
function compileProjection(schema: $ZodType, fallback: (schema: $ZodType) => Projection): Projection {
  const def = schema._zod.def as $ZodType['_zod']['def'] & {
    shape?: Record<string, $ZodType>;
    catchall?: $ZodType;
    element?: $ZodType;
    innerType?: $ZodType;
  };
  if (leafTypes.has(def.type)) return rewrites(schema) ? fallback(schema) : same;
  if (def.type === 'nullable' || def.type === 'optional') {
    const inner = compileProjection(def.innerType as $ZodType, fallback);
    if (inner === same) return same;
    const absent = def.type === 'nullable' ? null : undefined;
    return (value) => (value === absent ? absent : inner(value));
  }
  if (def.type === 'array' && !rewrites(schema)) {
    const element = compileProjection(def.element as $ZodType, fallback);
    const encode = fallback(schema);
    if (element === same) return (value) => (Array.isArray(value) ? value : encode(value));
    return (value) => (Array.isArray(value) ? value.map((item) => element(item)) : encode(value));
  }
  if (def.type === 'object' && !def.catchall && !rewrites(schema)) {
    const fields = Object.entries(def.shape ?? {}).map(
      ([key, field]) => [key, compileProjection(field, fallback)] as const,
    );
    const encode = fallback(schema);
    return (value) => {
      if (!isPlainObject(value)) return encode(value);
      const projected: Record<string, unknown> = {};
      for (const [key, field] of fields) projected[key] = field === same ? value[key] : field(value[key]);
      return projected;
    };
  }
  return fallback(schema);
}

/** Resolves what a route declares as a response schema (a zod schema, or `{ properties: zod }`). */
function responseSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  if (typeof schema === 'object' && schema !== null && 'properties' in schema) {
    const { properties } = schema;
    if (properties instanceof $ZodType) return properties;
  }
  throw new TypeError(`a response schema must be a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * The app's response serializer compiler (`app.setSerializerCompiler`): per route and status, the
 * compiled projection of its zod schema, then `JSON.stringify`. With `check: true` each response is
 * also encoded with zod; a value that fails its schema throws `ResponseSerializationError` (500
 * INTERNAL, logged: error-handler.ts) and JSON that differs from the projection's throws one too,
 * naming the route, so a test fails on any difference between the two serializers.
 */
export function responseSerializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    const zodSchema = responseSchema(schema);
    const project = compileProjection(zodSchema, (part) => zodEncoder(part, method, url));
    if (!check) return (data) => JSON.stringify(project(data));
    const encode = zodEncoder(zodSchema, method, url);
    return (data) => {
      const json = JSON.stringify(encode(data));
      const projected = JSON.stringify(project(data));
      if (projected !== json)
        throw new ResponseSerializationError(method, url, {
          cause: new $ZodError([
            {
              code: 'custom',
              path: [],
              input: data,
              message: `the projected response differs from zod's: ${projected} ≠ ${json}`,
            },
          ]),
        });
      return json;
    };
  };
}
