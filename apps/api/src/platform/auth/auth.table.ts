/**
 * better-auth core tables (user, session, account, verification) with timestamptz columns
 * (STACK-NOTES: the generated ones lack time zones), plus Tend's `user_account` (spec s.3 UserAccount).
 * The spec's `supabaseUserId` is `authUserId` here: Tend is self-hosted (docs/decisions/0001-foundation.md).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '@tend/contracts/locale';
import type { ForeignKeyBuilder } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tstz } from '../db/columns.ts';
import { roleEnum } from '../db/enums.ts';

export const authUsers = pgTable('auth_user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** better-auth two-factor plugin: a verified TOTP factor exists. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /** better-auth phone-number plugin: the phone (E.164) the user signs in with by password or SMS code. */
  phoneNumber: text('phone_number').unique(),
  phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const authSessions = pgTable(
  'auth_session',
  {
    id: text('id').primaryKey(),
    expiresAt: tstz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** Session tier (contracts `sessionTiers`, spec s.6): `strict_phi` until a relaxed sign-in says otherwise. */
    tier: text('tier', { enum: ['relaxed', 'strict_phi'] })
      .notNull()
      .default('strict_phi'),
    /** Last authenticated API activity; the server ends a session idle past its tier's limit (spec s.9). */
    lastActivityAt: tstz('last_activity_at').notNull().defaultNow(),
    /** Authenticator assurance level reached by this session: aal2 once a TOTP factor was verified. */
    aal: text('aal', { enum: ['aal1', 'aal2'] })
      .notNull()
      .default('aal1'),
  },
  (t) => [index('auth_session_user_idx').on(t.userId)],
);

/** better-auth two-factor plugin: a user's TOTP secret and backup codes (stored encrypted by better-auth). */
export const authTwoFactors = pgTable(
  'auth_two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: tstz('locked_until'),
  },
  (t) => [index('auth_two_factor_user_idx').on(t.userId), index('auth_two_factor_secret_idx').on(t.secret)],
);

export const authAccounts = pgTable(
  'auth_account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: tstz('access_token_expires_at'),
    refreshTokenExpiresAt: tstz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_account_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('auth_verification_identifier_idx').on(t.identifier)],
);

/**
 * Foreign keys from `user_account` to a module's table, registered by that module's table file with
 * `referenceFromUserAccount` (the platform never imports a module). They are part of `user_account`'s
 * definition like an inline `.references()`: same constraint name and SQL. drizzle-kit sees them because
 * `platform/db/schema.ts` loads every table file before it reads the tables.
 */
const moduleReferences: ForeignKeyBuilder[] = [];

/**
 * Adds a foreign key on `user_account` (columns of `userAccounts`) to a module's table, e.g.
 * `foreignKey({ columns: [userAccounts.guardianId], foreignColumns: [guardians.id] }).onDelete('set null')`.
 * Call once, at the top level of the module's `*.table.ts`.
 */
export function referenceFromUserAccount(reference: ForeignKeyBuilder): void {
  moduleReferences.push(reference);
}

/** Tend's account profile: role and link to the auth user (spec s.3 UserAccount). */
export const userAccounts = pgTable(
  'user_account',
  {
    id: idColumn(),
    authUserId: text('auth_user_id').references(() => authUsers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    role: roleEnum('role').notNull().default('USER'),
    functionalRole: text('functional_role'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: tstz('last_login_at'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    /**
     * The person's language for pages, emails and SMS (`en` | `es`, decision 0042); null until they choose one,
     * when messages follow the request's Accept-Language (platform/messaging/templates.ts).
     */
    locale: text('locale').$type<Locale>(),
    /** Set for GUARDIAN accounts (matchmaking; its foreign key is registered by `matchmaking.table.ts`). */
    guardianId: uuid('guardian_id'),
    /** Set for CAREGIVER accounts with a matchmaking profile (foreign key registered by `matchmaking.table.ts`). */
    tinderCaregiverId: uuid('tinder_caregiver_id'),
    /**
     * The care-side caregiver record this account is (issue 20 "Accounts linked to people"; foreign key registered by
     * `people.table.ts`). An account links to at most one person record: this, `caseManagerId` or `guardianId`.
     */
    caregiverId: uuid('caregiver_id'),
    /** The case-manager record this account is; its `functionalRole` is `CASE_MANAGER` (foreign key in `people.table.ts`). */
    caseManagerId: uuid('case_manager_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('user_account_email_idx').on(t.email),
    uniqueIndex('user_account_auth_user_idx').on(t.authUserId),
    index('user_account_role_idx').on(t.role),
    check('user_account_locale_check', sql`${t.locale} in ('en', 'es')`),
    // One person record per account (issue 20): caregiver, case manager or guardian, never two.
    check(
      'user_account_one_person_check',
      sql`num_nonnulls(${t.caregiverId}, ${t.caseManagerId}, ${t.guardianId}) <= 1`,
    ),
    uniqueIndex('user_account_caregiver_idx').on(t.caregiverId),
    uniqueIndex('user_account_case_manager_idx').on(t.caseManagerId),
    ...moduleReferences,
  ],
);

/** better-auth `jwt` plugin key set: the signing keys whose public halves are published as the JWKS. */
export const authJwks = pgTable('auth_jwks', {
  id: text('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at'),
  alg: text('alg'),
  crv: text('crv'),
});

/**
 * Refresh tokens of API clients (issue 4 "Tokens for API clients"): each use rotates the token (a new row with the
 * same `familyId` and `parentId` = the used one); a used token presented again revokes its whole family. Only a
 * SHA-256 hash of the token is stored.
 */
export const apiRefreshTokens = pgTable(
  'api_refresh_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    parentId: uuid('parent_id'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /**
     * The browser session the family was issued from, if any: the family lives only while that session does (its
     * sign-in time, tier limits and end; issue 17 item 1). A trigger revokes the family (`session_ended`) when
     * the session row is deleted (migration 0013); bearer.ts and refresh check the session's limits.
     */
    sessionId: text('session_id'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    /** Why the token was revoked, e.g. `sign_out`, `reuse_detected`. */
    revokedReason: text('revoked_reason'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_refresh_token_hash_idx').on(t.tokenHash),
    index('api_refresh_token_family_idx').on(t.familyId),
    index('api_refresh_token_user_idx').on(t.userId),
    index('api_refresh_token_session_idx').on(t.sessionId),
  ],
);

/**
 * Failed password sign-ins per email address (issue 17 item 2; sign-in-lockout.ts): the count within the current
 * window and, once it reached the limit, when the lock ends. Keyed by the lower-cased email as typed, whether or
 * not an account has it, so a lock says nothing about which addresses exist. A successful sign-in deletes the row.
 */
export const authSignInFailures = pgTable('auth_sign_in_failure', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** Start of the current counting window. */
  windowStartedAt: tstz('window_started_at').notNull().defaultNow(),
  /** Password sign-ins for this email are refused until then; null while unlocked. */
  lockedUntil: tstz('locked_until'),
});
