/**
 * An API endpoint, defined once (decision 0032): its method, path, and the zod schemas of its path
 * parameters, query, body and responses by status. The API registers it as a Fastify route
 * (`apps/api/src/platform/http/endpoint-route.ts`), the web client calls it (`apps/web/src/lib/api-client.ts`),
 * and the OpenAPI document is built from the same schemas; neither side writes the path again.
 *
 * This file imports no zod at run time (only its types): the web app's shell imports it for `buildPath` and
 * `lazyEndpoint` without pulling zod into the JavaScript `/login` needs (decision 0005).
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Response schemas by HTTP status (`{ 200: client }`, `{ 201: job, 202: job }`, `{ 204: z.null() }`).
 * An empty map means the body is not JSON: the handler sends it itself (a file download).
 */
export type ResponseMap = { readonly [status: number]: z.ZodType };

/** What `defineEndpoint` takes. `multipart: true` marks a `multipart/form-data` upload (no `body` schema). */
export interface EndpointSpec {
  readonly method: HttpMethod;
  /** Fastify syntax: `/api/clients/:id`; a final `*` matches the rest of the path (its param is `'*'`). */
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly multipart?: true;
  readonly response: ResponseMap;
  /** Media types of a non-JSON response (`['text/csv']`), for the OpenAPI document. */
  readonly produces?: readonly string[];
}

/** The names of a path's parameters: `'/api/x/:bucket/*'` → `'bucket' | '*'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}/*`
      ? '*'
      : never;

type Keys<S> = S extends z.ZodType ? keyof z.input<S> & string : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** A type error (naming the path) unless the path's `:params` and the `params` schema's keys are the same. */
type ParamsAgree<E extends EndpointSpec> =
  Same<PathParamNames<E['path']>, Keys<E['params']>> extends true
    ? unknown
    : { params: `the params schema must have exactly the parameters of ${E['path']}` };

/**
 * Defines an endpoint: returns the spec frozen, with its literal method and path kept in its type.
 * A path whose `:params` differ from the `params` schema's keys does not compile (and
 * `endpoint.test.ts` checks every endpoint again at run time, with each method + path defined once).
 */
export function defineEndpoint<const E extends EndpointSpec>(spec: E & ParamsAgree<E>): E {
  return Object.freeze(spec);
}

/** The parts of an endpoint's types, for the route helper and the web client. */
export type ParamsOf<E> = E extends { params: infer S extends z.ZodType } ? S : undefined;
export type QueryOf<E> = E extends { query: infer S extends z.ZodType } ? S : undefined;
export type BodyOf<E> = E extends { body: infer S extends z.ZodType } ? S : undefined;
/** The union of the response schemas' outputs (never for a non-JSON endpoint). */
export type ResponseOf<E> = E extends { response: infer R extends ResponseMap }
  ? z.output<R[keyof R & number]>
  : never;

/**
 * The path of an endpoint for these parameters: each `:name` replaced by its value, URI-encoded; a final
 * `*` by the value of `'*'`, each `/`-separated segment encoded. Throws when a parameter is missing.
 */
export function buildPath(
  endpoint: Pick<EndpointSpec, 'path'>,
  params?: Readonly<Record<string, string | number>>,
): string {
  const value = (name: string) => {
    const given = params?.[name];
    if (given === undefined || given === '') throw new Error(`${endpoint.path}: missing parameter ${name}`);
    return String(given);
  };
  return endpoint.path
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(value(name)))
    .replace(/\/\*$/, () => `/${value('*').split('/').map(encodeURIComponent).join('/')}`);
}

/**
 * An endpoint whose schemas load on demand: the web app's shell (me, client config, heartbeat, sign-out)
 * sends the request from the method and path while `load` fetches the contracts chunk (decision 0005).
 * The method and path must be the loaded endpoint's own literals, or this does not compile.
 */
export interface LazyEndpoint<E extends EndpointSpec> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly load: () => Promise<E>;
}

/** `lazyEndpoint({ method: 'GET', path: '/api/me' }, () => import('@tend/contracts').then((m) => m.meEndpoint))`. */
export function lazyEndpoint<E extends EndpointSpec>(
  address: { readonly method: NoInfer<E['method']>; readonly path: NoInfer<E['path']> },
  load: () => Promise<E>,
): LazyEndpoint<E> {
  return Object.freeze({ method: address.method, path: address.path, load });
}
