/**
 * Email export routes (issue 24 "Email export"; decision 0065), admin only — anonymous callers get 401, every other
 * role 403 (the guard audits the denial):
 * - `GET /api/email-export/preview?kind=&status=&county=` → `emailExportPreview` (audited `email_export.preview`);
 * - `GET /api/email-export/download?format=csv|vcard&kind=&status=&county=` → the file as an attachment (audited
 *   `email_export.download` with the filter and row count);
 * - `POST /api/email-export/opt-outs` (`emailOptOutInput`) → 201 `emailOptOut` (audited `email_suppression.opt_out`).
 * A bad filter is a 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailExportEndpoints as endpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { downloadEmailExport, markEmailOptedOut, previewEmailExport } from './email-export.service.ts';

export const emailExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const exports = { tags: ['email export'], preValidation: guard(db, 'admin', 'email_export') };

  route(app, endpoints.previewEmailExport, exports, (request) =>
    previewEmailExport(db, request.ctx, request.query),
  );
  route(
    app,
    endpoints.downloadEmailExport,
    { ...exports, description: 'The export as CSV (UTF-8 with BOM, CRLF) or vCard 4.0, as an attachment.' },
    async (request, reply) => {
      const file = await downloadEmailExport(db, request.ctx, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
  route(
    app,
    endpoints.markEmailOptedOut,
    { tags: ['email export'], preValidation: guard(db, 'admin', 'email_suppression') },
    async (request, reply) => {
      void reply.code(201);
      return markEmailOptedOut(db, request.ctx, request.body);
    },
  );
};
