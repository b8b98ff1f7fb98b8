/**
 * The quarterly summary routes (admin only; contracts `quarterlySummaryEndpoints`; docs/quarterly-summaries.md).
 * Anonymous callers get 401, other roles 403 (the guard audits the denial); an unknown client or export 404; bad
 * input 400 naming the field (`clientId`, `year`, `quarter`). The export is sent as an attachment with
 * `accept-ranges: bytes` (a `Range` answers 206, or 416 past the end).
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quarterlySummaryEndpoints as e } from '@tend/contracts';
import { guard } from '../../../platform/auth/auth.plugin.ts';
import { route } from '../../../platform/http/endpoint-route.ts';
import { rangeHeaders } from '../../../platform/storage/byte-range.ts';
import type { Download } from '../../../platform/storage/storage.service.ts';
import {
  createQuarterlySummaryExport,
  generateQuarterlySummary,
  getQuarterlySummary,
  listQuarterlySummaries,
  listQuarterlySummaryExports,
  openQuarterlySummaryExport,
  type QuarterlyDeps,
} from './quarterly.service.ts';

/** Sends a stored PDF as an attachment: whole (200), a range (206) or none (416). */
function sendAttachment(reply: FastifyReply, download: Download, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('accept-ranges', 'bytes')
    .headers(rangeHeaders(download))
    .code(download.unsatisfiable ? 416 : download.range ? 206 : 200)
    .send(download.body);
}

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
      return sendAttachment(reply, opened.download, opened.fileName);
    });
  };
}
