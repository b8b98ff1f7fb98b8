/**
 * The acknowledgement routes (contracts `ispAcknowledgementEndpoints`; docs/isp-acknowledgements.md; decision
 * 0046). `GET/POST /api/acknowledgements`: any signed-in account at the PHI tier (an account that is no caregiver's
 * sees nothing; a record outside the caregiver's clients is 404). Rates and requests: admin only (anonymous 401,
 * others 403, the guard audits the denial). Bad input is 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ispAcknowledgementEndpoints as e } from '@tend/contracts';
import { guard } from '../../../platform/auth/auth.plugin.ts';
import { route } from '../../../platform/http/endpoint-route.ts';
import {
  acknowledgeProtocol,
  getClientAcknowledgements,
  getMyAcknowledgements,
  listAcknowledgementRates,
  sendAcknowledgementRequests,
  type AcknowledgementDeps,
} from './acknowledgements.service.ts';

/** Registers the acknowledgement routes over `deps`. */
export function acknowledgementRoutes(deps: AcknowledgementDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const caregiver = { tags: ['isp'], preValidation: guard(deps.db, 'auth', 'protocol_acknowledgement') };
    const admin = { tags: ['isp'], preValidation: guard(deps.db, 'admin', 'protocol_acknowledgement') };
    route(app, e.findMyAcknowledgements, caregiver, (request) =>
      getMyAcknowledgements(deps, request.ctx, request.query),
    );
    route(app, e.acknowledgeProtocol, caregiver, async (request, reply) => {
      const created = await acknowledgeProtocol(deps, request.ctx, request.body.protocolId);
      void reply.code(201);
      return created;
    });
    route(app, e.findAcknowledgementRates, admin, (request) => listAcknowledgementRates(deps, request.ctx));
    route(app, e.findClientAcknowledgements, admin, (request) =>
      getClientAcknowledgements(deps, request.ctx, request.params.clientId),
    );
    route(app, e.sendAcknowledgementRequests, admin, (request) =>
      sendAcknowledgementRequests(deps, request.ctx, request.body.clientId),
    );
  };
}
