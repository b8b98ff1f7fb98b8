/**
 * The quarterly summary routes (admin only; contracts `quarterlySummaryEndpoints`; docs/quarterly-summaries.md).
 * Anonymous callers get 401, other roles 403 (the guard audits the denial); an unknown client or export 404; bad
 * input 400 naming the field (`clientId`, `year`, `quarter`). The export is sent as an attachment with
 * `accept-ranges: bytes` (a `Range` answers 206, or 416 past the end).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quarterlySummaryEndpoints as e } from '@tend/contracts';
import { guard } from '../../../platform/auth/auth.plugin.ts';
import { route } from '../../../platform/http/endpoint-route.ts';
import { sendStoredPdf } from '../../../platform/storage/send-pdf.ts';
import {
  createQuarterlySummaryExport,
  generateQuarterlySummary,
  getQuarterlySummary,
  listQuarterlySummaries,
  listQuarterlySummaryExports,
  openQuarterlySummaryExport,
  type QuarterlyDeps,
} from './quarterly.service.ts';

/** Registers the quarterly summary routes over `deps`. */
export function quarterlyRoutes(deps: QuarterlyDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['isp'], preValidation: guard(deps.db, 'admin', 'quarterly_summary') };
    route(app, e.generateQuarterlySummary, options, (request) =>
      generateQuarterlySummary(deps, request.ctx, request.body),
    );
    route(app, e.findQuarterlySummaries, options, async (request) => ({
      items: await listQuarterlySummaries(deps, request.ctx, request.query.clientId),
    }));
    route(app, e.findQuarterlySummary, options, (request) =>
      getQuarterlySummary(deps, request.ctx, request.params),
    );
    route(app, e.createQuarterlySummaryExport, options, async (request, reply) => {
      const created = await createQuarterlySummaryExport(deps, request.ctx, request.params);
      void reply.code(201);
      return created;
    });
    route(app, e.findQuarterlySummaryExports, options, async (request) => ({
      items: await listQuarterlySummaryExports(deps.db, request.ctx, request.query.clientId),
    }));
    route(app, e.downloadQuarterlySummaryExport, options, async (request, reply) => {
      const opened = await openQuarterlySummaryExport(
        deps,
        request.ctx,
        request.params.id,
        request.headers.range,
      );
      return sendStoredPdf(reply, opened.download, opened.fileName);
    });
  };
}
