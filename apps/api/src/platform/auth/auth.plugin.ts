/**
 * Fastify side of authentication: mounts better-auth at /api/auth/*, resolves the actor of every
 * /api request into `request.ctx`, and offers `guard(...)` preValidation hooks (run before body validation, so an anonymous caller gets 401, not 400) that enforce the route-table
 * guards of `@tend/contracts` on the server (spec s.6; STYLE.md s.7).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { passesGuard, type Guard } from '@tend/contracts';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { AppError } from '../http/errors.ts';
import type { RequestContext } from '../http/context.ts';
import type { Auth } from './auth.ts';
import { createActorResolver } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Copies a Fetch Response (status, every header including each Set-Cookie, body) onto the reply. */
async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<void> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  await reply.send(body);
}

/** Registers the auth handler and the actor resolver. */
export function registerAuth(app: FastifyInstance, { auth, db }: { auth: Auth; db: Database }): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  const actors = createActorResolver({ auth, db });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      const headers = fromNodeHeaders(request.headers);
      const init: RequestInit = { method: request.method, headers };
      if (request.method !== 'GET' && request.body !== undefined) {
        init.body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      }
      const response = await auth.handler(new Request(url, init));
      await sendFetchResponse(reply, response);
    },
  });

  app.addHook('onRequest', async (request) => {
    request.ctx = {
      actor: null,
      requestId: request.id,
      ip: request.ip ?? null,
      userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    };
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (!request.headers.cookie?.includes('session_token')) return;
    // One query: signed cookie → session → active user_account (actor.ts). Never cached.
    request.ctx.actor = await actors.resolve(request.headers, request.cookies);
  });
}

/**
 * A preValidation hook enforcing a route-table guard on an API route: 401 UNAUTHENTICATED without a session,
 * 403 FORBIDDEN (audited as denied) when the actor's role does not pass.
 */
export function guard(db: Database, which: Guard, entityType: string): preValidationAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const { actor } = request.ctx;
    if (which === 'public') return;
    if (!actor) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    if (!passesGuard(which, actor)) {
      await recordAudit(db, request.ctx, {
        action: 'access.denied',
        entityType,
        outcome: 'denied',
        details: { method: request.method, route: request.routeOptions.url ?? null },
      });
      throw new AppError('FORBIDDEN', 'Your role does not allow this');
    }
  };
}
