/**
 * The email campaign routes (contracts `emailCampaignEndpoints`; docs/campaigns.md): admin only (anonymous 401,
 * other roles 403, an admin below two-step verification 403 MFA_REQUIRED). Bad input is 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailCampaignEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import {
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  listCandidates,
  listRecipients,
  previewCampaign,
  sendCampaign,
  type CampaignDeps,
} from './campaigns.service.ts';

/** Registers the campaign routes over `deps`. */
export function campaignRoutes(deps: CampaignDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = { tags: ['campaigns'], preValidation: guard(deps.db, 'admin', 'email_campaign') };
    route(app, e.findEmailCampaigns, admin, (request) => listCampaigns(deps.db, request.ctx));
    route(app, e.createEmailCampaign, admin, async (request, reply) => {
      const created = await createCampaign(deps.db, request.ctx, request.body);
      void reply.code(201);
      return created;
    });
    route(app, e.previewEmailCampaign, admin, (request) => previewCampaign(deps, request.ctx, request.body));
    route(app, e.findCampaignCandidates, admin, (request) => listCandidates(deps.db, request.ctx));
    route(app, e.getEmailCampaign, admin, (request) => getCampaign(deps.db, request.ctx, request.params.id));
    route(app, e.findEmailCampaignRecipients, admin, (request) =>
      listRecipients(deps.db, request.ctx, request.params.id),
    );
    route(app, e.sendEmailCampaign, admin, (request) => sendCampaign(deps, request.ctx, request.params.id));
    route(app, e.cancelEmailCampaign, admin, (request) =>
      cancelCampaign(deps.db, request.ctx, request.params.id),
    );
  };
}
