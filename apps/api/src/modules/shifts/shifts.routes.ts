/**
 * Shift list routes (admin only; issue "shift records with EVV"):
 * - `GET /api/shifts` (`shiftListQuery`) → `shiftPage`: one page for the filter, sorted, with totals
 *   (shifts, hours) for the whole filter. Audited as `shift.list`.
 * - `GET /api/shifts/export` (the same filters; paging and sort ignored) → `text/csv; charset=utf-8`
 *   attachment (`shifts-YYYY-MM-DD.csv`), UTF-8 with BOM, CRLF, header row, streamed in keyset
 *   batches. Audited once as `shift.export` with the filter and row count.
 * Errors: 400 VALIDATION_FAILED naming the query field (`querystring.evvStatus: …`, or `to` before
 * `from`); anonymous callers 401, non-admins 403 (the guard audits the denial).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shiftsEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { findShifts, openShiftExport } from './shift-records.service.ts';

export const shiftsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['shifts'], preValidation: guard(db, 'admin', 'shift') };

  route(app, shiftsEndpoints.findShifts, options, (request) => findShifts(db, request.ctx, request.query));

  route(
    app,
    shiftsEndpoints.exportShifts,
    { ...options, description: 'Every shift matching the filters as CSV (UTF-8 with BOM, CRLF), streamed.' },
    async (request, reply) => {
      const { fileName, chunks } = await openShiftExport(db, request.ctx, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(chunks, { objectMode: false }));
    },
  );
};
