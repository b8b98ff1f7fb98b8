/** GET /api/outbox: recorded and sent messages, newest first (admin only; bodies may hold PHI, so reads are audited). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingEndpoints } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { route } from '../http/endpoint-route.ts';

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['outbox'], preValidation: guard(db, 'admin', 'outbox_message') };
  route(app, messagingEndpoints.findOutboxMessages, options, async (request) => {
    const page = await app.deps.messaging.listOutbox(request.query);
    await recordAudit(db, request.ctx, {
      action: 'outbox.list',
      entityType: 'outbox_message',
      details: { returned: page.items.length },
    });
    return {
      ...page,
      secretsShown: app.deps.messaging.storesSecrets,
      items: page.items.map((m) => ({
        id: m.id,
        channel: m.channel,
        toAddress: m.toAddress,
        fromAddress: m.fromAddress,
        subject: m.subject,
        textBody: m.textBody,
        provider: m.provider,
        status: m.status,
        providerMessageId: m.providerMessageId,
        error: m.error,
        relatedEntityType: m.relatedEntityType,
        relatedEntityId: m.relatedEntityId,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt ? m.sentAt.toISOString() : null,
      })),
    };
  });
};
