/**
 * Registers a contracts endpoint (`defineEndpoint`, decision 0032) as a Fastify route: the method, path
 * and zod schemas come from the endpoint (so validation, response serialisation and the OpenAPI document
 * use them), the route's own options (tags, guard, rate limit) from the caller. Every route of ours goes
 * through `route`; only better-auth's `/api/auth/*` handler is registered directly (it is not ours).
 */
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preValidationAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import type { BodyOf, EndpointSpec, ParamsOf, QueryOf, ResponseOf } from '@tend/contracts';

/** The route's own options: what the endpoint does not say. */
export interface RouteOptions {
  /** OpenAPI tags (the resource, e.g. `['clients']`). */
  tags: readonly string[];
  /** The access check (`guard(db, 'admin', entityType)`); none for a public endpoint. */
  preValidation?: preValidationAsyncHookHandler;
  /** Route config, e.g. `{ rateLimit: { max, timeWindow } }`. */
  config?: FastifyContextConfig;
  summary?: string;
  description?: string;
}

type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request a handler of endpoint `E` receives: params, query and body as parsed by its schemas. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{
  Params: Output<ParamsOf<E>>;
  Querystring: Output<QueryOf<E>>;
  Body: Output<BodyOf<E>>;
}>;

/**
 * What a handler returns: the response body (serialised with the endpoint's schema for the status), or,
 * for a non-JSON endpoint (empty `response`), the reply it sent itself.
 */
export type EndpointResult<E extends EndpointSpec> = [ResponseOf<E>] extends [never]
  ? FastifyReply
  : ResponseOf<E>;

export type EndpointHandler<E extends EndpointSpec> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => EndpointResult<E> | Promise<EndpointResult<E>>;

/**
 * Registers `endpoint` on `app` with `handler`. The reply's status starts as the endpoint's lowest
 * response status (201 for a create, 204 for a delete); a handler of an endpoint with several
 * (`{ 200, 201 }`) sets the one it means with `reply.code(status)` and returns the body.
 */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: EndpointHandler<E>,
): void {
  const schema: FastifySchema & Record<string, unknown> = { tags: [...options.tags] };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.multipart) schema.consumes = ['multipart/form-data'];
  if (endpoint.produces) schema.produces = [...endpoint.produces];
  const statuses = Object.keys(endpoint.response).map(Number);
  if (statuses.length > 0) schema.response = { ...endpoint.response };
  if (options.summary) schema.summary = options.summary;
  if (options.description) schema.description = options.description;
  const status = statuses.length > 0 ? Math.min(...statuses) : undefined;
  const typed = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => unknown;
  const routeHandler: RouteHandlerMethod =
    status === undefined || status === 200
      ? typed
      : (request, reply) => {
          void reply.code(status);
          return typed(request, reply);
        };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.config ? { config: options.config } : {}),
    handler: routeHandler,
  });
}
