/**
 * The platform's own route groups, in one plugin: API tokens and sign-up (auth), the audit log, jobs,
 * storage, the messaging outbox, the admin diagnostics and the web app's error reports. Authentication itself
 * (`registerAuth`) is a root hook, not a route group, and is registered by `buildApp` before any route.
 */
import type { FastifyPluginAsync } from 'fastify';
import { apiTokensRoutes } from './auth/api-tokens.routes.ts';
import { signUpRoutes } from './auth/sign-up.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { jobsRoutes } from './jobs/jobs.routes.ts';
import { storageRoutes } from './storage/storage.routes.ts';
import { messagingRoutes } from './messaging/messaging.routes.ts';
import { systemRoutes } from './http/system.routes.ts';
import { diagnosticsRoutes } from './diagnostics/diagnostics.routes.ts';
import { clientErrorsRoutes } from './diagnostics/client-errors.routes.ts';

/** Registers the system routes (health, ready, client config) and every platform route group. */
export const platformRoutes: FastifyPluginAsync = async (app) => {
  await app.register(systemRoutes);
  await app.register(apiTokensRoutes);
  await app.register(signUpRoutes);
  await app.register(auditRoutes);
  await app.register(jobsRoutes);
  await app.register(storageRoutes);
  await app.register(messagingRoutes);
  await app.register(diagnosticsRoutes);
  await app.register(clientErrorsRoutes);
};
