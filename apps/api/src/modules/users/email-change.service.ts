/**
 * Changing the sign-in email with re-authentication (spec issue 4 "re-authentication before changing MFA or
 * email"; docs/accounts.md, docs/decisions/0014-accounts-by-email-link.md). The signed-in user gives
 * the new address and their current password; the server checks the password (better-auth's hasher), then
 * emails a one-time link to the NEW address (`/confirm?type=email_change&token=…`, valid
 * EMAIL_CHANGE_TTL_HOURS = 24 h; SHA-256 hash in `verification_token`, identifier
 * `email_change:<userAccountId>:<newEmail>`; a newer request replaces the older link). Only opening that link
 * changes `auth_user.email` and `user_account.email`, together in one transaction; the old address then gets a
 * notice. Audited `user.email_change` (step `requested`, `confirmed`, or denied for a wrong password).
 */
import { and, eq, ne } from 'drizzle-orm';
import {
  EMAIL_CHANGE_TTL_HOURS,
  type AccountEmail,
  type EmailChangeInput,
  type EmailChangeRequested,
} from '@tend/contracts';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { authAccounts, authUsers, userAccounts } from '../../platform/auth/auth.table.ts';
import { MessagingError, type SendEmailInput } from '../../platform/messaging/messaging.service.ts';
import { renderEmail } from '../../platform/messaging/templates.ts';
import { storedAccountLocale } from '../../platform/auth/account-locale.ts';
import type { Locale } from '@tend/contracts/locale';
import type { ActorRecord, RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { consumeToken, linkError, newToken, storeToken, tokenIdentifier } from './one-time-token.ts';

export interface EmailChangeDeps {
  db: Database;
  auth: Auth;
  /** Tend's public URL; links are `${publicUrl}/confirm?type=email_change&token=…`. */
  publicUrl: string;
  sendEmail: (message: SendEmailInput) => Promise<unknown>;
  /** The agency's IANA time zone (config AGENCY_TIME_ZONE) in which the email writes the link's expiry. */
  timeZone?: string;
}

const HOUR_MS = 60 * 60 * 1000;

/** The confirmation link for a token. */
export function emailChangeLink(publicUrl: string, token: string): string {
  const url = new URL('/confirm', publicUrl);
  url.searchParams.set('type', 'email_change');
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * The email to the NEW address with the confirmation link, in `locale` (template `emailChange`; the expiry in
 * `timeZone`, the agency's). No PHI.
 */
export function emailChangeConfirmationEmail(
  userAccountId: string,
  newEmail: string,
  link: string,
  expires: Date,
  locale: Locale = 'en',
  timeZone?: string,
): SendEmailInput {
  return {
    to: newEmail,
    ...renderEmail(locale, 'emailChange', { link, expires, hours: EMAIL_CHANGE_TTL_HOURS }, timeZone),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

/** The notice to the OLD address once the change is confirmed, in `locale` (template `emailChanged`). */
export function emailChangedNotice(
  userAccountId: string,
  oldEmail: string,
  newEmail: string,
  locale: Locale = 'en',
): SendEmailInput {
  return {
    to: oldEmail,
    ...renderEmail(locale, 'emailChanged', { newEmail }),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

/** Whether `password` is the auth user's current (credential) password, checked with better-auth's hasher. */
async function passwordMatches(
  db: Executor,
  auth: Auth,
  authUserId: string,
  password: string,
): Promise<boolean> {
  const [account] = await db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, authUserId), eq(authAccounts.providerId, 'credential')));
  const context = await auth.$context;
  if (!account?.password) {
    // Same work either way, so the answer time does not tell whether a password exists.
    await context.password.hash(password);
    return false;
  }
  return context.password.verify({ hash: account.password, password });
}

/** Errors: VALIDATION_FAILED on `newEmail` when another account or auth user has the address. */
async function assertAddressFree(db: Executor, email: string, userAccountId: string): Promise<void> {
  const [account] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(and(eq(userAccounts.email, email), ne(userAccounts.id, userAccountId)));
  const [user] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  if (account || user) throw AppError.field('newEmail', 'is already used by another account');
}

/**
 * Asks to change the signed-in user's email: re-authenticates with the current password, then emails the
 * confirmation link to the new address. Nothing changes until the link is opened. Errors: VALIDATION_FAILED on
 * `currentPassword` (wrong; audited as denied), on `newEmail` (the current address, or used by another account);
 * UNAVAILABLE when the email provider fails (no token is stored).
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  ctx: RequestContext,
  actor: ActorRecord,
  input: EmailChangeInput,
): Promise<EmailChangeRequested> {
  const { db } = deps;
  const newEmail = input.newEmail.toLowerCase();
  if (!(await passwordMatches(db, deps.auth, actor.authUserId, input.currentPassword))) {
    await recordAudit(db, ctx, {
      action: 'user.email_change',
      entityType: 'user_account',
      entityId: actor.userAccountId,
      outcome: 'denied',
      details: { step: 'requested', reason: 'wrong_password' },
    });
    throw AppError.field('currentPassword', 'is not right; enter the password you sign in with');
  }
  if (newEmail === actor.email.toLowerCase())
    throw AppError.field('newEmail', 'is already your sign-in email');
  await assertAddressFree(db, newEmail, actor.userAccountId);
  const expires = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * HOUR_MS);
  const { token, hash } = newToken();
  // The email first (the messaging service writes the outbox on its own connection); then the token.
  try {
    const link = emailChangeLink(deps.publicUrl, token);
    const locale = (await storedAccountLocale(db, actor.userAccountId)) ?? 'en';
    await deps.sendEmail({
      ...emailChangeConfirmationEmail(actor.userAccountId, newEmail, link, expires, locale, deps.timeZone),
      secrets: [link, token],
    });
  } catch (error) {
    if (error instanceof MessagingError)
      throw new AppError('UNAVAILABLE', 'The confirmation email could not be sent; try again later');
    throw error;
  }
  await db.transaction(async (tx) => {
    await storeToken(
      tx,
      tokenIdentifier('email_change', `${actor.userAccountId}:${newEmail}`),
      hash,
      expires,
      tokenIdentifier('email_change', `${actor.userAccountId}:`),
    );
    await recordAudit(tx, ctx, {
      action: 'user.email_change',
      entityType: 'user_account',
      entityId: actor.userAccountId,
      details: { step: 'requested', expiresAt: expires.toISOString() },
    });
  });
  return { email: newEmail, expiresAt: expires.toISOString() };
}

/** 400 on `token`: used, replaced by a newer request, or unknown. */
const invalidLink = () =>
  linkError(
    'This confirmation link has already been used or was replaced by a newer request. Sign in and check your account page.',
  );

/**
 * Confirms an email change from the link: in one transaction spends the token and sets the new address on
 * `auth_user` (verified) and `user_account`; then tells the old address. Works without a session (the link
 * proves the new mailbox; the password was checked when it was asked for). Audited `user.email_change`
 * (step `confirmed`, old and new addresses are not logged). Errors: VALIDATION_FAILED on `token` (used,
 * replaced, unknown or expired: the message says which; also when the account was deactivated meanwhile), on
 * `newEmail` when another account took the address meanwhile.
 */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  ctx: RequestContext,
  token: string,
): Promise<AccountEmail> {
  const now = new Date();
  const changed = await deps.db.transaction(async (tx) => {
    const stored = await consumeToken(tx, 'email_change', token);
    if (!stored) throw invalidLink();
    if (stored.expires.getTime() <= now.getTime())
      throw linkError(
        `This confirmation link expired on ${stored.expires.toUTCString()}. Sign in and ask for the change again.`,
      );
    const subject = stored.identifier.slice('email_change:'.length);
    const separator = subject.indexOf(':');
    const userAccountId = subject.slice(0, separator);
    const newEmail = subject.slice(separator + 1);
    const [account] = await tx.select().from(userAccounts).where(eq(userAccounts.id, userAccountId));
    if (!account?.authUserId || !account.isActive) throw invalidLink();
    await assertAddressFree(tx, newEmail, account.id);
    await tx
      .update(authUsers)
      .set({ email: newEmail, emailVerified: true, updatedAt: now })
      .where(eq(authUsers.id, account.authUserId));
    await tx.update(userAccounts).set({ email: newEmail }).where(eq(userAccounts.id, account.id));
    await recordAudit(
      tx,
      { ...ctx, actor: null },
      {
        action: 'user.email_change',
        entityType: 'user_account',
        entityId: account.id,
        details: { step: 'confirmed' },
      },
    );
    return { userAccountId: account.id, oldEmail: account.email, newEmail };
  });
  try {
    const locale = (await storedAccountLocale(deps.db, changed.userAccountId)) ?? 'en';
    await deps.sendEmail(
      emailChangedNotice(changed.userAccountId, changed.oldEmail, changed.newEmail, locale),
    );
  } catch (error) {
    // The change stands; the failed notice is recorded in the outbox for an admin to see.
    if (!(error instanceof MessagingError)) throw error;
  }
  return { email: changed.newEmail };
}
