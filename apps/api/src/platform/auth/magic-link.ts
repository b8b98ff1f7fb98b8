/**
 * Sign-in by emailed link (issue 4 "Accounts": magic link; docs/accounts.md, docs/decisions/0018-sign-up.md).
 * better-auth's `magicLink` plugin serves `POST /api/auth/sign-in/magic-link { email }` and
 * `GET /api/auth/magic-link/verify?token=…` (a session on success; JSON without `callbackURL`). Tokens are stored
 * hashed, work once and for 10 minutes, and never create an account (`disableSignUp`).
 *
 * The link points at the web app's `/confirm?type=magiclink&token=…` (a button there opens the session: mail
 * scanners open links), the email goes through Tend's messaging service (outbox first), and only an active account
 * gets one. Every email gets the same `{ status: true }` answer.
 */
import { and, eq } from 'drizzle-orm';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Database } from '../db/client.ts';
import type { Locale } from '@tend/contracts/locale';
import { renderEmail } from '../messaging/templates.ts';
import { recipientLocale } from './account-locale.ts';
import { authUsers, userAccounts } from './auth.table.ts';
import type { SignInCodeEmail } from './caregiver-otp.ts';

/** How long a sign-in link works, in seconds (10 minutes). */
export const MAGIC_LINK_TTL_S = 10 * 60;

/** The web app's page a sign-in link opens. */
export function magicLinkUrl(publicUrl: string, token: string): string {
  const url = new URL('/confirm', publicUrl);
  url.searchParams.set('type', 'magiclink');
  url.searchParams.set('token', token);
  return url.href;
}

/** The sign-in link email in `locale` (template `magicLink`). No PHI. */
export function magicLinkEmail(
  to: string,
  link: string,
  userAccountId: string,
  locale: Locale = 'en',
): SignInCodeEmail {
  return {
    to,
    ...renderEmail(locale, 'magicLink', { link, minutes: Math.round(MAGIC_LINK_TTL_S / 60) }),
    relatedEntityType: 'user_account',
    relatedEntityId: userAccountId,
  };
}

/** The id of the active `user_account` whose auth user has this email (lower-case), or null. */
export async function activeAccountForEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .innerJoin(authUsers, eq(authUsers.id, userAccounts.authUserId))
    .where(and(eq(authUsers.email, email.trim().toLowerCase()), eq(userAccounts.isActive, true)))
    .limit(1);
  return row?.id ?? null;
}

export interface MagicLinkOptions {
  db: Database;
  publicUrl: string;
  /** Sends one email through Tend's messaging service (outbox first). */
  sendEmail: (message: SignInCodeEmail) => Promise<unknown>;
}

/** The configured `magicLink` plugin (see the file comment). */
export function magicLinkSignIn({ db, publicUrl, sendEmail }: MagicLinkOptions) {
  return magicLink({
    expiresIn: MAGIC_LINK_TTL_S,
    disableSignUp: true,
    storeToken: 'hashed',
    async sendMagicLink({ email, token }, ctx) {
      const accountId = await activeAccountForEmail(db, email);
      if (!accountId) return;
      const link = magicLinkUrl(publicUrl, token);
      const locale = (await recipientLocale(db, accountId, ctx?.headers)) ?? 'en';
      await sendEmail({ ...magicLinkEmail(email, link, accountId, locale), secrets: [link, token] });
    },
  });
}
