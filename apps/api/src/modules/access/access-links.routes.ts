/**
 * The access-link routes (contracts `accessLinkEndpoints`; docs/access-links.md; decision 0049). Listing, revoking
 * and sending a linked account a sign-in link: admin only. Renewing: public, the same answer whatever the token.
 * Opening a link is better-auth's `POST /api/auth/access-link/open` (platform/auth/access-link-sign-in.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessLinkEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { sendStoredPdf } from '../../platform/storage/send-pdf.ts';
import {
  listAccessLinks,
  renewAccessLink,
  revokeAccessLink,
  sendAccountAccessLink,
  type AccessLinkDeps,
} from './access-links.service.ts';
import { createReportLink, openReportLink, type ReportLinkDeps } from './report-links.service.ts';

/** Registers the access-link routes over `deps`. */
export function accessLinkRoutes(deps: AccessLinkDeps & ReportLinkDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['access'], preValidation: guard(deps.db, 'admin', 'access_link') };
    const signedIn = { tags: ['access'], preValidation: guard(deps.db, 'auth', 'access_link') };
    route(app, e.findAccessLinks, admin, (request) =>
      listAccessLinks(deps.db, request.ctx, request.query.identifier),
    );
    route(app, e.sendAccountAccessLink, admin, async (request, reply) => {
      const sent = await sendAccountAccessLink(deps, request.ctx, request.body.userAccountId);
      void reply.code(201);
      return sent;
    });
    route(app, e.revokeAccessLink, admin, (request) =>
      revokeAccessLink(deps.db, request.ctx, request.params.id),
    );
    route(app, e.renewAccessLink, { tags: ['access'] }, async (request) => {
      await renewAccessLink(deps, request.ctx, request.body.token);
      return { status: 'requested' as const };
    });
    route(app, e.createReportLink, signedIn, async (request, reply) => {
      const link = await createReportLink(deps, request.ctx, request.body.reportReferenceId);
      void reply.code(201);
      return link;
    });
    route(app, e.downloadReportLink, { tags: ['access'] }, async (request, reply) => {
      const opened = await openReportLink(deps, request.ctx, request.query.token, request.headers.range);
      return sendStoredPdf(reply, opened.download, opened.fileName);
    });
  };
}
