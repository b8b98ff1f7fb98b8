/**
 * Public sign-up (issue 4 "Accounts"; spec s.2 `/login`, `/confirm`; docs/accounts.md,
 * docs/decisions/0018-sign-up.md, which amends 0001):
 * - `POST /api/sign-up` (`signUpInput`) → 202 `signUpResult`. An email or a phone number (as typed, read in
 *   DEFAULT_PHONE_COUNTRY and stored E.164; 400 on `phoneNumber` when not a valid number) plus a password
 *   ("You must provide either an email or phone number and a password" otherwise, 400 on `email`/`password`);
 *   the password policy applies (decision 0007; every reason on `password`). One transaction writes the auth
 *   user, its credential account and a `user_account` of role USER (no PHI; an administrator gives other roles),
 *   audited `auth.sign_up`, as an accepted invitation does (invitations.service.ts).
 * - An email account is confirmed by a link to `/confirm?type=signup&token=…` (better-auth email verification;
 *   `GET /api/auth/verify-email?token=…` confirms and signs in); until then password sign-in answers 403
 *   EMAIL_NOT_VERIFIED and `POST /api/auth/send-verification-email { email }` sends the link again.
 * - A phone account is confirmed by an SMS code (phone.ts): `POST /api/auth/phone-number/verify` signs in.
 * - An email or number that already has an account gets the same 202 and the same work (issue 17 item 7: the
 *   password is hashed and one message goes out either way): instead of a confirmation, an "already registered"
 *   email or SMS that points to sign-in and password reset. Nothing else is written.
 * - SIGN_UP_ENABLED=false → 403. Limited per client IP like one-time codes (AUTH_RATE_LIMIT_OTP per 5 minutes).
 * A sign-up from a /matchmaking path (`x-tend-sign-in-path`) starts its first session relaxed, like sign-in.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, or } from 'drizzle-orm';
import {
  SIGN_UP_REQUIRED_MESSAGE,
  signUpEndpoints,
  type SignUpResult,
  type signUpInput,
} from '@tend/contracts';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { MessagingService } from '../messaging/messaging.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { defaultAuthRateLimits, type Config } from '../config/config.ts';
import { AppError } from '../http/errors.ts';
import type { RequestContext } from '../http/context.ts';
import { route } from '../http/endpoint-route.ts';
import type { Auth } from './auth.ts';
import { checkPassword } from './password-policy.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './phone.ts';
import { INVALID_PHONE_MESSAGE, normalisePhoneNumber } from './phone-numbers.ts';
import { localeFromAcceptLanguage, type Locale } from '@tend/contracts/locale';
import { renderEmail, renderSms } from '../messaging/templates.ts';
import { acceptLanguage, recipientLocale, type HeadersLike } from './account-locale.ts';
import { authAccounts, authUsers, userAccounts } from './auth.table.ts';
import type { SignInCodeEmail } from './caregiver-otp.ts';

/** How long an email confirmation link works, in seconds (24 hours). */
export const SIGN_UP_LINK_TTL_S = 24 * 60 * 60;

type SignUpBody = z.output<typeof signUpInput>;

/** One bare address (the messaging service's rule). */
const EMAIL_PATTERN = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/**
 * The stand-in email of a phone-only account (`auth_user.email` and `user_account.email` are required):
 * `<digits>@phone.invalid` (RFC 2606 `.invalid`: never deliverable, never anyone's address). Such an account may
 * reset its password by SMS code (phone.ts, decision 0019).
 */
export function phoneOnlyEmail(phoneNumber: string): string {
  return `${phoneNumber.replace(/\D/g, '')}@${PHONE_ONLY_EMAIL_DOMAIN}`;
}

/** The web app's confirmation link for a better-auth email-verification token. */
export function signUpConfirmLink(publicUrl: string, token: string): string {
  const url = new URL('/confirm', publicUrl);
  url.searchParams.set('type', 'signup');
  url.searchParams.set('token', token);
  return url.href;
}

/**
 * The notice a sign-up with an address that already has an account sends instead of a confirmation, in `locale`
 * (template `alreadyRegistered`): that the account exists and where to sign in or choose a new password. No PHI.
 */
export function alreadyRegisteredEmail(publicUrl: string, locale: Locale): { subject: string; text: string } {
  return renderEmail(locale, 'alreadyRegistered', { link: new URL('/login', publicUrl).href });
}

/** The same notice as an SMS, in `locale`. No PHI. */
export function alreadyRegisteredSms(publicUrl: string, locale: Locale): string {
  return renderSms(locale, 'alreadyRegistered', { link: new URL('/login', publicUrl).href });
}

/** The confirmation email in `locale` (template `signUpConfirm`): link, lifetime, what to do if unexpected. No PHI. */
export function signUpConfirmEmail(
  to: string,
  link: string,
  userAccountId: string,
  locale: Locale = 'en',
): SignInCodeEmail {
  return {
    to,
    ...renderEmail(locale, 'signUpConfirm', { link, hours: SIGN_UP_LINK_TTL_S / 3600 }),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

export interface SignUpVerificationOptions {
  db: Database;
  publicUrl: string;
  /** Sends one email through Tend's messaging service (outbox first). */
  sendEmail: (message: SignInCodeEmail) => Promise<unknown>;
}

/**
 * better-auth `emailVerification` options for auth.ts: the link goes to `/confirm?type=signup&token=…` through the
 * messaging service, only for an active account; confirming signs in (`autoSignInAfterVerification`).
 */
export function signUpVerificationOptions({ db, publicUrl, sendEmail }: SignUpVerificationOptions) {
  return {
    expiresIn: SIGN_UP_LINK_TTL_S,
    autoSignInAfterVerification: true,
    sendOnSignUp: false,
    sendOnSignIn: false,
    async sendVerificationEmail(
      { user, token }: { user: { id: string; email: string }; token: string },
      request?: Request,
    ) {
      const [account] = await db
        .select({ id: userAccounts.id, isActive: userAccounts.isActive })
        .from(userAccounts)
        .where(eq(userAccounts.authUserId, user.id));
      if (!account?.isActive) return;
      const link = signUpConfirmLink(publicUrl, token);
      const locale = (await recipientLocale(db, account.id, request?.headers)) ?? 'en';
      await sendEmail({
        ...signUpConfirmEmail(user.email, link, account.id, locale),
        secrets: [link, token],
      });
    },
  };
}

/** A sign-up's checked input: a lower-case email or an E.164 number (or both), the password and the name. */
interface SignUpAccount {
  email: string | undefined;
  phoneNumber: string | undefined;
  password: string;
  name: string | undefined;
  /** The sign-up page's language (`Accept-Language`), saved as the account's: its confirmation follows it. */
  locale?: Locale | null;
}

/**
 * Checks a sign-up's input (see the file comment): an email or a phone number (read in `phoneCountry`, decision
 * 0019) and a password that passes the policy (decision 0007). Errors: VALIDATION_FAILED naming the field.
 */
function readSignUp(body: SignUpBody, phoneCountry: Config['defaultPhoneCountry']): SignUpAccount {
  const email = body.email?.toLowerCase() || undefined;
  const typedPhone = body.phoneNumber?.trim() || undefined;
  const password = body.password ?? '';
  if (!password || (!email && !typedPhone)) {
    throw new AppError('VALIDATION_FAILED', SIGN_UP_REQUIRED_MESSAGE, [
      { path: !email && !typedPhone ? 'email' : 'password', message: SIGN_UP_REQUIRED_MESSAGE },
    ]);
  }
  if (email && !EMAIL_PATTERN.test(email)) throw AppError.field('email', 'must be an email address');
  // As typed ("(503) 555-0100"), read in DEFAULT_PHONE_COUNTRY; stored E.164 (decision 0019).
  const phoneNumber = typedPhone ? normalisePhoneNumber(typedPhone, phoneCountry) : undefined;
  if (phoneNumber === null) throw AppError.field('phoneNumber', INVALID_PHONE_MESSAGE);
  const reasons = checkPassword(password, { email, names: body.name ? [body.name] : [] });
  if (reasons.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      `password ${reasons.join('; ')}`,
      reasons.map((message) => ({ path: 'password', message })),
    );
  }
  return { email, phoneNumber, password, name: body.name || undefined };
}

/**
 * Writes the auth user, its credential account (password `hash`) and a `user_account` of role USER in one
 * transaction, audited `auth.sign_up`. Returns `created: false`, writing nothing, when the email or number already
 * has an account or an invitation, with the id of that `user_account` when there is one (its language is the
 * notice's).
 */
async function createSignUpAccount(
  db: Database,
  ctx: RequestContext,
  account: SignUpAccount,
  hash: string,
): Promise<{ created: true } | { created: false; existingAccountId: string | null }> {
  const { email, phoneNumber } = account;
  const confirmBy = email ? 'email' : 'sms';
  const accountEmail = email ?? phoneOnlyEmail(phoneNumber as string);
  const name = account.name || email || phoneNumber || '';
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: authUsers.id })
      .from(authUsers)
      .where(
        phoneNumber
          ? or(eq(authUsers.email, accountEmail), eq(authUsers.phoneNumber, phoneNumber))
          : eq(authUsers.email, accountEmail),
      )
      .limit(1);
    const [invited] = await tx
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .where(
        phoneNumber
          ? or(eq(userAccounts.email, accountEmail), eq(userAccounts.phone, phoneNumber))
          : eq(userAccounts.email, accountEmail),
      )
      .limit(1);
    if (invited) return { created: false, existingAccountId: invited.id };
    if (taken) {
      const [owner] = await tx
        .select({ id: userAccounts.id })
        .from(userAccounts)
        .where(eq(userAccounts.authUserId, taken.id))
        .limit(1);
      return { created: false, existingAccountId: owner?.id ?? null };
    }
    const authUserId = randomUUID();
    await tx.insert(authUsers).values({
      id: authUserId,
      name,
      email: accountEmail,
      emailVerified: false,
      phoneNumber: phoneNumber ?? null,
      phoneNumberVerified: false,
    });
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: authUserId,
      providerId: 'credential',
      userId: authUserId,
      password: hash,
    });
    const [created] = await tx
      .insert(userAccounts)
      .values({
        authUserId,
        email: accountEmail,
        role: 'USER',
        fullName: account.name || null,
        phone: phoneNumber ?? null,
        locale: account.locale ?? null,
      })
      .returning({ id: userAccounts.id });
    await recordAudit(
      tx,
      { ...ctx, actor: null },
      { action: 'auth.sign_up', entityType: 'user_account', entityId: created?.id, details: { confirmBy } },
    );
    return { created: true };
  });
}

/**
 * `POST /api/sign-up` (see the file comment): checks the input, creates the account and sends the email link
 * or the SMS code; an email or number that already has an account gets the same answer and an "already
 * registered" notice instead (equal work on both paths: issue 17 item 7)
 * (the answers never reveal an account). A new account keeps the sign-up page's language (`headers`
 * `Accept-Language`, decision 0042), so its confirmation email or code is written in it; the notice is written in
 * the existing account's language, else the page's, else English (account-locale.ts).
 * Errors: FORBIDDEN when sign-up is off, VALIDATION_FAILED.
 */
export async function signUp(
  { db, auth, config, messaging }: { db: Database; auth: Auth; config: Config; messaging: MessagingService },
  ctx: RequestContext,
  body: SignUpBody,
  headers?: HeadersLike,
): Promise<SignUpResult> {
  if (config.signUpEnabled === false) {
    throw new AppError('FORBIDDEN', 'Sign-up is turned off here; ask your agency for an invitation');
  }
  const account = readSignUp(body, config.defaultPhoneCountry);
  const hash = await (await auth.$context).password.hash(account.password);
  const pageLocale = localeFromAcceptLanguage(acceptLanguage(headers));
  const outcome = await createSignUpAccount(db, ctx, { ...account, locale: pageLocale }, hash);
  if (outcome.created) {
    if (account.email) {
      await auth.api.sendVerificationEmail({ body: { email: account.email } });
    } else {
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: account.phoneNumber as string } });
    }
    return { confirmBy: account.email ? 'email' : 'sms' };
  }
  const locale =
    (outcome.existingAccountId
      ? await recipientLocale(db, outcome.existingAccountId, headers)
      : pageLocale) ?? 'en';
  if (account.email) {
    await messaging.sendEmail({ to: account.email, ...alreadyRegisteredEmail(config.publicUrl, locale) });
  } else {
    await messaging.sendSms({
      to: account.phoneNumber as string,
      body: alreadyRegisteredSms(config.publicUrl, locale),
    });
  }
  return { confirmBy: account.email ? 'email' : 'sms' };
}

/** The sign-up route (see the file comment), limited per client IP. */
export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { config } = app.deps;
  const limit = config.authRateLimits?.otpPer5Min ?? defaultAuthRateLimits.otpPer5Min;
  const options = {
    tags: ['auth'],
    summary: 'Create an account (role USER) with an email or phone number and a password',
    config: {
      rateLimit: {
        max: limit,
        timeWindow: 5 * 60_000,
        keyGenerator: (request: { ip: string }) => `auth-sign-up:${request.ip}`,
      },
    },
  };
  route(app, signUpEndpoints.signUp, options, (request) =>
    signUp({ ...app.deps, db }, request.ctx, request.body, request.headers),
  );
};
