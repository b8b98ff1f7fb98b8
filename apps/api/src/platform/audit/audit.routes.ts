/** GET /api/audit-events: the audit log, filtered and paged, newest first. Admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuery, auditPage } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { findAuditEvents } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/api/audit-events',
    {
      preValidation: guard(db, 'admin', 'audit_event'),
      schema: { tags: ['audit'], querystring: auditListQuery, response: { 200: auditPage } },
    },
    (request) => findAuditEvents(db, request.ctx, request.query),
  );
};
