/**
 * Invitations (spec issue 4 "`/admin/users`: invite (email with a link)"; docs/accounts.md,
 * docs/decisions/0014-accounts-by-email-link.md). An admin invites a person by email with a role and
 * functional role: Tend creates their `user_account` row with no auth user yet ("Invited"), a one-time token
 * (SHA-256 hash in `verification_token`, identifier `invite:<userAccountId>`, valid INVITATION_TTL_DAYS = 7 days)
 * and an email with the link `/confirm?type=invite&token=…` through the messaging service (it lands in the
 * outbox; it is sent before the rows are written, see `sendInvitation`). Re-sending replaces the token. Accepting sets the password (password policy, decision 0007), creates
 * the auth user and its credential account and links them to the row, all in one transaction. A phone given with
 * the invitation is stored E.164 (read in config DEFAULT_PHONE_COUNTRY) and becomes the auth user's sign-in number
 * (unverified) when the invitation is accepted (docs/decisions/0019-caregiver-sms-codes.md).
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  INVITATION_TTL_DAYS,
  type AccountEmail,
  type FieldError,
  type InvitationAcceptInput,
  type InvitationDetails,
  type InvitationSent,
  type Role,
  type UserAccount,
} from '@tend/contracts';
import type { invitationInput } from '@tend/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { checkPassword } from '../../platform/auth/password-policy.ts';
import { assertPhoneFree, phoneFieldValue, type CountryCode } from '../../platform/auth/phone-numbers.ts';
import { assertPersonLinkable, personColumns, writePersonLink } from './person-links.service.ts';
import { authAccounts, authUsers, userAccounts } from '../../platform/auth/auth.table.ts';
import { MessagingError, type SendEmailInput } from '../../platform/messaging/messaging.service.ts';
import { renderEmail, type MessageLanguage } from '../../platform/messaging/templates.ts';
import { storedAccountLocale } from '../../platform/auth/account-locale.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import {
  consumeToken,
  linkError,
  findToken,
  newToken,
  storeToken,
  tokenIdentifier,
} from './one-time-token.ts';
import { withPerson } from './users.service.ts';

/** What inviting needs besides the database: the link's origin and the email sender (messaging service). */
export interface InvitationDeps {
  db: Database;
  /** Tend's public URL (config PUBLIC_URL); links are `${publicUrl}/confirm?type=invite&token=…`. */
  publicUrl: string;
  sendEmail: (message: SendEmailInput) => Promise<unknown>;
  /** Country of a phone typed without a country code (config DEFAULT_PHONE_COUNTRY); `US` when absent. */
  phoneCountry?: CountryCode;
  /** The agency's IANA time zone (config AGENCY_TIME_ZONE) in which the email writes the link's expiry. */
  timeZone?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The invitation link for a token: `${publicUrl}/confirm?type=invite&token=<token>`. */
export function invitationLink(publicUrl: string, token: string): string {
  const url = new URL('/confirm', publicUrl);
  url.searchParams.set('type', 'invite');
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * The invitation email (template `invitation`): who invites, as what role, the link and when it stops working
 * (date and time in `timeZone`, the agency's). No PHI (names of the invitee only, no client data). `language` is
 * the invitee's chosen one, or `bilingual` (English then Spanish) while they have chosen none. Returns the
 * messaging service's input.
 */
export function invitationEmail(
  account: { id: string; email: string; firstName: string | null; role: Role },
  link: string,
  expires: Date,
  language: MessageLanguage = 'bilingual',
  timeZone?: string,
): SendEmailInput {
  const values = {
    firstName: account.firstName || 'none',
    role: account.role,
    link,
    expires,
    days: INVITATION_TTL_DAYS,
  };
  return {
    to: account.email,
    ...renderEmail(language, 'invitation', values, timeZone),
    relatedEntityType: 'user_account',
    relatedEntityId: account.id,
  };
}

/**
 * Emails a fresh invitation link for the account and returns the token's hash and expiry, for the caller to store
 * (replacing older tokens) in its transaction. The email goes first: the messaging service writes the outbox on
 * its own connection, and a failed send must leave no account or token behind. Errors: UNAVAILABLE when the
 * email provider fails.
 */
async function sendInvitation(
  deps: InvitationDeps,
  account: { id: string; email: string; firstName: string | null; role: Role },
): Promise<{ hash: string; expires: Date }> {
  const expires = new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS);
  const { token, hash } = newToken();
  try {
    const language = (await storedAccountLocale(deps.db, account.id)) ?? 'bilingual';
    const link = invitationLink(deps.publicUrl, token);
    await deps.sendEmail({
      ...invitationEmail(account, link, expires, language, deps.timeZone),
      secrets: [link, token],
    });
  } catch (error) {
    if (error instanceof MessagingError)
      throw new AppError('UNAVAILABLE', 'The invitation email could not be sent; try again later');
    throw error;
  }
  return { hash, expires };
}

/**
 * Invites a person: emails the link, then in one transaction creates their `user_account` (no auth user: shown
 * as "Invited"), stores the 7-day token and records `user.invite`. A phone is stored E.164 (decision 0019).
 * Errors: VALIDATION_FAILED on `email` when another account (or auth user) uses it, on `phone` when it is not a
 * valid number; CONFLICT on `phone` when another account has the number; UNAVAILABLE when the email provider
 * fails (nothing is created). With `person`, the account is linked to that record in the same transaction
 * (person-links.service.ts: 400 or 409 on `person`, checked before the email goes out).
 */
export async function inviteUser(
  deps: InvitationDeps,
  ctx: RequestContext,
  input: z.output<typeof invitationInput>,
): Promise<{ account: UserAccount; sent: InvitationSent }> {
  const { db } = deps;
  const email = input.email.toLowerCase();
  await assertEmailFree(db, email);
  const phone = phoneFieldValue(input.phone, deps.phoneCountry);
  if (phone) await assertPhoneFree(db, phone);
  const person = input.person ?? null;
  if (person) await assertPersonLinkable(db, person, input.role, null);
  const id = randomUUID();
  const { hash, expires } = await sendInvitation(deps, {
    id,
    email,
    firstName: input.firstName,
    role: input.role,
  });
  return db.transaction(async (tx) => {
    // Checked again in the transaction: another admin may have given the number or linked the person meanwhile.
    if (phone) await assertPhoneFree(tx, phone);
    if (person) await assertPersonLinkable(tx, person, input.role, null);
    const [row] = await tx
      .insert(userAccounts)
      .values({
        id,
        authUserId: null,
        email,
        role: input.role,
        functionalRole: input.functionalRole ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        fullName: `${input.firstName} ${input.lastName}`,
        phone,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    await storeToken(tx, tokenIdentifier('invite', row.id), hash, expires);
    await recordAudit(tx, ctx, {
      action: 'user.invite',
      entityType: 'user_account',
      entityId: row.id,
      details: { role: row.role, expiresAt: expires.toISOString() },
    });
    await writePersonLink(tx, ctx, row, person, 'admin');
    return {
      account: await withPerson(tx, { ...row, ...personColumns(person) }, deps.phoneCountry),
      sent: { userAccountId: row.id, email: row.email, expiresAt: expires.toISOString() },
    };
  });
}

/**
 * Sends the invitation again with a new link; the old link stops working. Audited `user.invite` (`resend: true`).
 * Errors: NOT_FOUND; CONFLICT when the invitation was accepted already or the account is deactivated;
 * UNAVAILABLE when the email provider fails (the old link keeps working).
 */
export async function resendInvitation(
  deps: InvitationDeps,
  ctx: RequestContext,
  userAccountId: string,
): Promise<InvitationSent> {
  const { db } = deps;
  const [row] = await db.select().from(userAccounts).where(eq(userAccounts.id, userAccountId));
  if (!row) throw notFound('User');
  if (row.authUserId)
    throw new AppError(
      'CONFLICT',
      'This person accepted the invitation already; they sign in with their password',
    );
  if (!row.isActive)
    throw new AppError(
      'CONFLICT',
      'This account is deactivated; activate it before sending the invitation again',
    );
  const { hash, expires } = await sendInvitation(deps, row);
  await db.transaction(async (tx) => {
    await storeToken(tx, tokenIdentifier('invite', row.id), hash, expires);
    await recordAudit(tx, ctx, {
      action: 'user.invite',
      entityType: 'user_account',
      entityId: row.id,
      details: { role: row.role, expiresAt: expires.toISOString(), resend: true },
    });
  });
  return { userAccountId: row.id, email: row.email, expiresAt: expires.toISOString() };
}

/** 400 on `token`: the link was used, replaced by a newer invitation, withdrawn or never existed. */
const invalidInvitation = () =>
  linkError(
    'This invitation link has already been used or was replaced by a newer one. If you set your password already, sign in; otherwise ask your administrator to send a new invitation.',
  );

/** 400 on `token`: the link is past its 7 days. */
const expiredInvitation = (expires: Date) =>
  linkError(
    `This invitation link expired on ${expires.toUTCString()}. Ask your administrator to send a new invitation.`,
  );

/** The pending, active account an invitation token belongs to. Errors: the two 400s above. */
async function pendingAccountFor(
  db: Executor,
  stored: { identifier: string; expires: Date } | null,
  now: Date,
) {
  if (!stored) throw invalidInvitation();
  if (stored.expires.getTime() <= now.getTime()) throw expiredInvitation(stored.expires);
  const accountId = stored.identifier.slice('invite:'.length);
  const [row] = await db.select().from(userAccounts).where(eq(userAccounts.id, accountId));
  if (!row || row.authUserId || !row.isActive) throw invalidInvitation();
  return row;
}

/**
 * What the invitee sees on `/confirm?type=invite`: their email, name, role and the link's expiry.
 * Errors: VALIDATION_FAILED on `token` (used, replaced, withdrawn, unknown, or expired: the message says which).
 */
export async function getInvitation(db: Database, token: string): Promise<InvitationDetails> {
  const stored = await findToken(db, 'invite', token);
  const row = await pendingAccountFor(db, stored, new Date());
  return {
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    expiresAt: (stored as { expires: Date }).expires.toISOString(),
  };
}

/**
 * Accepts an invitation: checks the password against the policy (email and names as context), then in one
 * transaction spends the token, creates the auth user (email verified: the link proved the mailbox) with its
 * credential account, and links it to the `user_account`. Audited `user.invitation_accept`. The browser then
 * signs in with the same email and password. The account's phone becomes the auth user's sign-in number
 * (unverified until a code proves it; left off when another auth user took the number meanwhile, decision 0019).
 * Errors: VALIDATION_FAILED on `token` (see `getInvitation`), one `password` error per policy reason (the token
 * stays valid), `email` when an auth user has that email.
 */
export async function acceptInvitation(
  db: Database,
  auth: Auth,
  ctx: RequestContext,
  input: InvitationAcceptInput,
): Promise<AccountEmail> {
  const now = new Date();
  const account = await pendingAccountFor(db, await findToken(db, 'invite', input.token), now);
  const reasons = checkPassword(input.password, {
    email: account.email,
    names: [account.firstName, account.lastName].filter((n): n is string => Boolean(n)),
  });
  if (reasons.length > 0) {
    const errors: FieldError[] = reasons.map((message) => ({ path: 'password', message }));
    throw new AppError('VALIDATION_FAILED', `password ${reasons.join('; ')}`, errors);
  }
  const authContext = await auth.$context;
  const hash = await authContext.password.hash(input.password);
  return db.transaction(async (tx) => {
    // Spend the token first: of two concurrent accepts, only one finds it.
    const row = await pendingAccountFor(tx, await consumeToken(tx, 'invite', input.token), now);
    const [taken] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(eq(authUsers.email, row.email));
    if (taken) throw AppError.field('email', 'is already used by another sign-in; ask your administrator');
    const [phoneTaken] = row.phone
      ? await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.phoneNumber, row.phone))
      : [];
    const authUserId = randomUUID();
    await tx.insert(authUsers).values({
      id: authUserId,
      name: row.fullName ?? row.email,
      email: row.email,
      emailVerified: true,
      phoneNumber: row.phone && !phoneTaken ? row.phone : null,
      phoneNumberVerified: false,
    });
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: authUserId,
      providerId: 'credential',
      userId: authUserId,
      password: hash,
    });
    await tx.update(userAccounts).set({ authUserId }).where(eq(userAccounts.id, row.id));
    await recordAudit(
      tx,
      { ...ctx, actor: null },
      { action: 'user.invitation_accept', entityType: 'user_account', entityId: row.id },
    );
    return { email: row.email };
  });
}

/**
 * Errors: VALIDATION_FAILED on `field` (default `email`) when a `user_account` or an auth user already has this
 * (lower-case) email.
 */
export async function assertEmailFree(db: Executor, email: string, field = 'email'): Promise<void> {
  const [account] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(eq(userAccounts.email, email));
  const [user] = account
    ? [undefined]
    : await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  if (account || user) throw AppError.field(field, 'is already used by another account');
}
