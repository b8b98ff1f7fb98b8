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
 * - An email or number that already has an account gets the same 202 and nothing is sent or written.
 * - SIGN_UP_ENABLED=false → 403. Limited per client IP like one-time codes (AUTH_RATE_LIMIT_OTP per 5 minutes).
 * A sign-up from a /matchmaking path (`x-tend-sign-in-path`) starts its first session relaxed, like sign-in.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq, or } from 'drizzle-orm';
import { SIGN_UP_REQUIRED_MESSAGE, signUpInput, signUpResult } from '@tend/contracts';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { defaultAuthRateLimits } from '../config/config.ts';
import { AppError } from '../http/errors.ts';
import { checkPassword } from './password-policy.ts';
import { PHONE_ONLY_EMAIL_DOMAIN } from './phone.ts';
import { INVALID_PHONE_MESSAGE, normalisePhoneNumber } from './phone-numbers.ts';
import { authAccounts, authUsers, userAccounts } from './auth.table.ts';
import type { SignInCodeEmail } from './caregiver-otp.ts';

/** How long an email confirmation link works, in seconds (24 hours). */
export const SIGN_UP_LINK_TTL_S = 24 * 60 * 60;

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

/** The confirmation email: the link, how long it works, what to do if unexpected. No PHI. */
export function signUpConfirmEmail(to: string, link: string, userAccountId: string): SignInCodeEmail {
  return {
    to,
    subject: 'Confirm your Tend account',
    text: [
      'Someone created a Tend account with this email address.',
      'Open this link to confirm it and sign in:',
      '',
      link,
      '',
      `The link works for ${SIGN_UP_LINK_TTL_S / 3600} hours.`,
      'If you did not sign up, ignore this email; the account stays unconfirmed and cannot sign in.',
    ].join('\n'),
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
    async sendVerificationEmail({ user, token }: { user: { id: string; email: string }; token: string }) {
      const [account] = await db
        .select({ id: userAccounts.id, isActive: userAccounts.isActive })
        .from(userAccounts)
        .where(eq(userAccounts.authUserId, user.id));
      if (!account?.isActive) return;
      await sendEmail(signUpConfirmEmail(user.email, signUpConfirmLink(publicUrl, token), account.id));
    },
  };
}

/** The sign-up route (see the file comment). */
export const signUpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { auth, config } = app.deps;
  const limit = config.authRateLimits?.otpPer5Min ?? defaultAuthRateLimits.otpPer5Min;

  app.post(
    '/api/sign-up',
    {
      config: {
        rateLimit: {
          max: limit,
          timeWindow: 5 * 60_000,
          keyGenerator: (request) => `auth-sign-up:${request.ip}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (role USER) with an email or phone number and a password',
        body: signUpInput,
        response: { 202: signUpResult },
      },
    },
    async (request, reply) => {
      if (config.signUpEnabled === false) {
        throw new AppError('FORBIDDEN', 'Sign-up is turned off here; ask your agency for an invitation');
      }
      const email = request.body.email?.toLowerCase() || undefined;
      const typedPhone = request.body.phoneNumber?.trim() || undefined;
      const password = request.body.password ?? '';
      if (!password || (!email && !typedPhone)) {
        throw new AppError('VALIDATION_FAILED', SIGN_UP_REQUIRED_MESSAGE, [
          { path: !email && !typedPhone ? 'email' : 'password', message: SIGN_UP_REQUIRED_MESSAGE },
        ]);
      }
      if (email && !EMAIL_PATTERN.test(email)) throw AppError.field('email', 'must be an email address');
      // As typed ("(503) 555-0100"), read in DEFAULT_PHONE_COUNTRY; stored E.164 (decision 0019).
      const phoneNumber = typedPhone
        ? normalisePhoneNumber(typedPhone, config.defaultPhoneCountry)
        : undefined;
      if (phoneNumber === null) throw AppError.field('phoneNumber', INVALID_PHONE_MESSAGE);
      const name = request.body.name || email || phoneNumber || '';
      const reasons = checkPassword(password, { email, names: request.body.name ? [request.body.name] : [] });
      if (reasons.length > 0) {
        throw new AppError(
          'VALIDATION_FAILED',
          `password ${reasons.join('; ')}`,
          reasons.map((message) => ({ path: 'password', message })),
        );
      }
      const confirmBy = email ? 'email' : 'sms';
      const accountEmail = email ?? phoneOnlyEmail(phoneNumber as string);
      const hash = await (await auth.$context).password.hash(password);

      const created = await db.transaction(async (tx) => {
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
        if (taken || invited) return null;
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
        const [account] = await tx
          .insert(userAccounts)
          .values({
            authUserId,
            email: accountEmail,
            role: 'USER',
            fullName: request.body.name || null,
            phone: phoneNumber ?? null,
          })
          .returning({ id: userAccounts.id });
        await recordAudit(
          tx,
          { ...request.ctx, actor: null },
          {
            action: 'auth.sign_up',
            entityType: 'user_account',
            entityId: account?.id,
            details: { confirmBy },
          },
        );
        return { authUserId };
      });

      // An existing email or number: the same answer, nothing sent (the answers never reveal an account).
      if (created) {
        if (email) {
          await auth.api.sendVerificationEmail({ body: { email } });
        } else {
          await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phoneNumber as string } });
        }
      }
      return reply.status(202).send({ confirmBy });
    },
  );
};
