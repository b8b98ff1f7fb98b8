/**
 * Access tables (issue 20 "Access links done right"; docs/decisions/0048-access-links-and-grants.md).
 *
 * - `access_grant`: a scoped relationship an account holds to care records, one client or one case manager's
 *   caseload per row: GUARDIAN, REPRESENTATIVE, CASE_MANAGER (covering a caseload) or AUDITOR (read-only, must
 *   expire). A grant is live from `startsAt` until `expiresAt` (exclusive) unless `revokedAt` is set.
 * - `access_link`: the spec's VerificationToken (s.3: identifier, token, expires) for links that open care
 *   records: `identifier` names what it opens (`case_manager:<id>`, `caregiver:<id>`, `client:<id>`,
 *   `user_account:<id>`, `report:<id>`), `tokenHash` is the SHA-256 hex of the token (the token itself is never
 *   stored or logged), `expires` ends it. A DASHBOARD link starts one session (`usedAt` set on use, single use);
 *   a REPORT link downloads one report until it expires (at most 72 h). `revokedAt` ends either at once.
 * - `access_link_session`: the session a DASHBOARD link started, so every read in it is audited with access path
 *   `link` and the link's id (issue 20 "audited with the access path"); gone with the session.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../../platform/db/columns.ts';
import { accessGrantKindEnum, accessLinkPurposeEnum } from '../../platform/db/enums.ts';
import { authSessions, userAccounts } from '../../platform/auth/auth.table.ts';
import { caseManagers, clients } from '../people/people.table.ts';

export const accessGrants = pgTable(
  'access_grant',
  {
    id: idColumn(),
    userAccountId: uuid('user_account_id')
      .notNull()
      .references(() => userAccounts.id, { onDelete: 'cascade' }),
    kind: accessGrantKindEnum('kind').notNull(),
    /** The client a GUARDIAN, REPRESENTATIVE or AUDITOR grant covers. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** The case manager whose caseload a CASE_MANAGER grant covers. */
    caseManagerId: uuid('case_manager_id').references(() => caseManagers.id, { onDelete: 'cascade' }),
    startsAt: tstz('starts_at').notNull().defaultNow(),
    /** End of the grant (exclusive); null = until revoked. AUDITOR grants always end. */
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    grantedBy: uuid('granted_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    /** Why the grant exists (e.g. "Court-appointed guardian", "State audit 2026-Q4"); no PHI. */
    reason: text('reason'),
    ...timestamps,
  },
  (t) => [
    index('access_grant_account_idx').on(t.userAccountId),
    index('access_grant_client_idx').on(t.clientId),
    index('access_grant_case_manager_idx').on(t.caseManagerId),
    check(
      'access_grant_target_check',
      sql`(${t.kind} = 'CASE_MANAGER' and ${t.caseManagerId} is not null and ${t.clientId} is null)
        or (${t.kind} <> 'CASE_MANAGER' and ${t.clientId} is not null and ${t.caseManagerId} is null)`,
    ),
    check('access_grant_auditor_expires_check', sql`${t.kind} <> 'AUDITOR' or ${t.expiresAt} is not null`),
  ],
);

export const accessLinks = pgTable(
  'access_link',
  {
    id: idColumn(),
    purpose: accessLinkPurposeEnum('purpose').notNull(),
    /** What the link opens: `<kind>:<id>` (see the file comment). */
    identifier: text('identifier').notNull(),
    tokenHash: text('token_hash').notNull(),
    expires: tstz('expires').notNull(),
    /** When a DASHBOARD link started its session (it works once). */
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => userAccounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('access_link_token_hash_idx').on(t.tokenHash),
    index('access_link_identifier_idx').on(t.identifier),
  ],
);

export const accessLinkSessions = pgTable(
  'access_link_session',
  {
    sessionId: text('session_id')
      .primaryKey()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    accessLinkId: uuid('access_link_id')
      .notNull()
      .references(() => accessLinks.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('access_link_session_link_idx').on(t.accessLinkId)],
);
