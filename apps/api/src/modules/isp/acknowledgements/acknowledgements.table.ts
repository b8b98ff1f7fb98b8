/**
 * Protocol acknowledgements (issue 19; decision 0046; docs/isp-acknowledgements.md): a caregiver's statement that they
 * read and understand one version of a protocol, and the request links an admin sends to ask for it.
 */
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tstz } from '../../../platform/db/columns.ts';
import { userAccounts } from '../../../platform/auth/auth.table.ts';
import { caregivers, clients } from '../../people/people.table.ts';
import { protocols } from '../isp.table.ts';

/**
 * One caregiver's acknowledgement of one protocol version (a protocol row is one version: a new version is a new
 * row and needs its own acknowledgement). At most one per caregiver and protocol.
 */
export const protocolAcknowledgements = pgTable(
  'protocol_acknowledgement',
  {
    id: idColumn(),
    protocolId: uuid('protocol_id')
      .notNull()
      .references(() => protocols.id, { onDelete: 'cascade' }),
    /** The protocol's `version` when acknowledged (kept for reading the history). */
    version: integer('version').notNull(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    /** The CAREGIVER account that was signed in. */
    acknowledgedBy: uuid('acknowledged_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    acknowledgedAt: tstz('acknowledged_at').notNull().defaultNow(),
    /** The request link it was made from, if any. */
    requestId: uuid('request_id').references(() => acknowledgementRequests.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('protocol_acknowledgement_protocol_caregiver_idx').on(t.protocolId, t.caregiverId),
    index('protocol_acknowledgement_caregiver_idx').on(t.caregiverId),
    index('protocol_acknowledgement_by_idx').on(t.acknowledgedBy),
    index('protocol_acknowledgement_request_idx').on(t.requestId),
  ],
);

/**
 * A request link sent to one caregiver about one client: only the SHA-256 (hex) of its random token is stored. It
 * opens for that caregiver's account until `expiresAt`.
 */
export const acknowledgementRequests = pgTable(
  'acknowledgement_request',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull(),
    caregiverId: uuid('caregiver_id')
      .notNull()
      .references(() => caregivers.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The account the link was sent to. */
    userAccountId: uuid('user_account_id').references(() => userAccounts.id, { onDelete: 'cascade' }),
    /** `email`, `sms`: how it was sent. */
    channels: text('channels').array().notNull(),
    sentBy: uuid('sent_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    sentAt: tstz('sent_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('acknowledgement_request_token_idx').on(t.tokenHash),
    index('acknowledgement_request_client_idx').on(t.clientId, t.sentAt),
    index('acknowledgement_request_caregiver_idx').on(t.caregiverId),
    index('acknowledgement_request_account_idx').on(t.userAccountId),
    index('acknowledgement_request_sent_by_idx').on(t.sentBy),
  ],
);
