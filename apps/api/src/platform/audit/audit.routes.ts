/** GET /api/audit-events: the audit log, filtered and paged, newest first. Admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEndpoints } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { route } from '../http/endpoint-route.ts';
import { findAuditEvents } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['audit'], preValidation: guard(db, 'admin', 'audit_event') };
  route(app, auditEndpoints.findAuditEvents, options, (request) =>
    findAuditEvents(db, request.ctx, request.query),
  );
};
