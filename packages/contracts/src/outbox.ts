/** The outbox (DOMAIN.md "Outbound messages"): every email and SMS Tend sends or records, for admins to read. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { pageOf, text } from './common.ts';

export const outboxChannel = z.enum(['email', 'sms']);
export const outboxMessage = z.object({
  id: z.uuid(),
  channel: outboxChannel,
  toAddress: z.string(),
  fromAddress: z.string().nullable(),
  subject: z.string().nullable(),
  textBody: z.string(),
  provider: z.string(),
  status: z.enum(['recorded', 'sent', 'failed']),
  providerMessageId: z.string().nullable(),
  error: z.string().nullable(),
  relatedEntityType: z.string().nullable(),
  relatedEntityId: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
  channel: outboxChannel.optional(),
  to: text().trim().max(320).optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;
/**
 * A page of the outbox. `secretsShown`: the server runs in the outbox's development mode (OUTBOX_SHOWS_SECRETS) and
 * stores one-time links and codes unredacted; otherwise each is replaced by a note that one was sent.
 */
export const outboxPage = pageOf(outboxMessage).extend({ secretsShown: z.boolean() });

/** The messaging outbox (admin only): recorded and sent messages, newest first. */
export const messagingEndpoints = {
  findOutboxMessages: defineEndpoint({
    method: 'GET',
    path: '/api/outbox',
    query: outboxListQuery,
    response: { 200: outboxPage },
  }),
};
