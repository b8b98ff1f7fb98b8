/**
 * `Cache-Control: no-store` on every `/api/*` response that does not set its own (issue 17 item 10): API answers
 * carry PHI, credentials or session state, and neither the browser's cache nor a shared proxy may keep a copy
 * (RFC 9111 s.5.2.2.5; OWASP ASVS 5.0 14.3.2 "sensitive data is not cached"). A route that means to be cached
 * (storage downloads with their object's own `Cache-Control`) sets the header itself and keeps it.
 */
import type { FastifyInstance } from 'fastify';

/** Adds the `onSend` hook; call on the root instance so every route, better-auth's included, gets it. */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      void reply.header('cache-control', 'no-store');
    return payload;
  });
}
