/**
 * One-time link tokens in `verification_token` (spec s.3 VerificationToken: identifier, token, expires) for
 * invitations and email changes (docs/decisions/0014-accounts-by-email-link.md). A token is 32 random
 * bytes as base64url (43 characters, 256 bits); only its SHA-256 hash (hex) is stored, so a database read never
 * yields a working link. A purpose has one live token per identifier: issuing a new one deletes the older ones.
 * The email with the link is sent before the token is stored (the messaging service writes the outbox outside
 * the caller's transaction), so a failed send leaves no token behind; a failed store leaves only a dead link.
 * Consuming deletes the row in the caller's transaction, so a token works once even under concurrent use.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { escapeLike } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/errors.ts';
import { verificationTokens } from './users.table.ts';

/** What a token is for; the stored identifier is `<purpose>:<subject>`. */
export type TokenPurpose = 'invite' | 'email_change';

/** The SHA-256 hex digest of a link token: the form stored in `verification_token.token`. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A fresh link token (base64url, 43 characters) and its stored hash. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** The stored identifier of a token: `invite:<userAccountId>` or `email_change:<userAccountId>:<newEmail>`. */
export function tokenIdentifier(purpose: TokenPurpose, subject: string): string {
  return `${purpose}:${subject}`;
}

/**
 * Stores the hash of a token for `identifier`, valid until `expires`, deleting every earlier token whose
 * identifier starts with `replacePrefix` (default: the same identifier). The caller made the token with
 * `newToken()` and puts the token itself (never stored) in the link.
 */
export async function storeToken(
  db: Executor,
  identifier: string,
  hash: string,
  expires: Date,
  replacePrefix: string = identifier,
): Promise<void> {
  await db
    .delete(verificationTokens)
    .where(like(verificationTokens.identifier, `${escapeLike(replacePrefix)}%`));
  await db.insert(verificationTokens).values({ identifier, token: hash, expires });
}

/** The row a token lookup found: its identifier and expiry. */
export interface StoredToken {
  identifier: string;
  expires: Date;
}

/** The stored row of a link token whose identifier starts with `purpose:`, or null (unknown, used, replaced). */
export async function findToken(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
): Promise<StoredToken | null> {
  const [row] = await db
    .select({ identifier: verificationTokens.identifier, expires: verificationTokens.expires })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.token, hashToken(token)),
        like(verificationTokens.identifier, `${purpose}:%`),
      ),
    );
  return row ?? null;
}

/**
 * Deletes the token and returns what it was, or null when no such token exists (already used, replaced or never
 * issued). Expired tokens are returned too (and deleted); the caller compares `expires` with its clock.
 */
export async function consumeToken(
  db: Executor,
  purpose: TokenPurpose,
  token: string,
): Promise<StoredToken | null> {
  const [row] = await db
    .delete(verificationTokens)
    .where(
      and(
        eq(verificationTokens.token, hashToken(token)),
        like(verificationTokens.identifier, `${purpose}:%`),
      ),
    )
    .returning({ identifier: verificationTokens.identifier, expires: verificationTokens.expires });
  return row ?? null;
}

/** Deletes every token whose identifier starts with `prefix`. */
export async function deleteTokens(db: Executor, prefix: string): Promise<void> {
  await db.delete(verificationTokens).where(like(verificationTokens.identifier, `${escapeLike(prefix)}%`));
}

/**
 * 400 VALIDATION_FAILED for a link that cannot be used: `detail` is the whole sentence for the person who opened
 * it (used, replaced, expired; what to do next), with one field error on `token`.
 */
export function linkError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ path: 'token', message }]);
}
