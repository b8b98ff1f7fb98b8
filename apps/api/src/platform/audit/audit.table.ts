/**
 * Append-only audit log (HIPAA 164.312(b)). No foreign keys at all, so deleting a person or user never
 * removes or rewrites history (STYLE.md s.9). The migration revokes UPDATE and DELETE via a trigger.
 */
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from '../db/columns.ts';

export const auditEvents = pgTable(
  'audit_event',
  {
    id: idColumn(),
    at: tstz('at').notNull().defaultNow(),
    actorUserAccountId: uuid('actor_user_account_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    outcome: text('outcome', { enum: ['success', 'denied', 'failure'] }).notNull(),
    requestId: text('request_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Ids and counts only, never PHI values. */
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_event_at_idx').on(t.at),
    index('audit_event_entity_idx').on(t.entityType, t.entityId),
    index('audit_event_actor_idx').on(t.actorUserAccountId),
    index('audit_event_action_idx').on(t.action),
  ],
);
