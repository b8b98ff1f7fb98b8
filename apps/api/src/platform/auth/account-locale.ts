/**
 * The language a person's emails and SMS are written in (issue 18, decision 0042): the `user_account.locale`
 * they chose (on any page's language switcher, saved by `PUT /api/account/locale`), else the language of the
 * page that asked for the message (the request's `Accept-Language`, which the web app sets to the page's
 * language), else `null` when neither is known (the caller then picks English or a bilingual message).
 */
import { eq } from 'drizzle-orm';
import { isLocale, localeFromAcceptLanguage, type Locale } from '@tend/contracts/locale';
import type { Executor } from '../db/client.ts';
import { userAccounts } from './auth.table.ts';

/** Request headers as better-auth (`Headers`) or Fastify (a record) hand them over. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined> | null | undefined;

/** The `Accept-Language` value of either kind of headers, or undefined. */
export function acceptLanguage(headers: HeadersLike): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get('accept-language') ?? undefined;
  const value = headers['accept-language'];
  return Array.isArray(value) ? value.join(',') : value;
}

/** The stored choice of the account, or null (none chosen, or no such account). */
export async function storedAccountLocale(db: Executor, userAccountId: string): Promise<Locale | null> {
  const [row] = await db
    .select({ locale: userAccounts.locale })
    .from(userAccounts)
    .where(eq(userAccounts.id, userAccountId))
    .limit(1);
  return isLocale(row?.locale) ? row.locale : null;
}

/** The account's stored language, else the request's `Accept-Language` match, else null (see the file comment). */
export async function recipientLocale(
  db: Executor,
  userAccountId: string,
  headers?: HeadersLike,
): Promise<Locale | null> {
  return (await storedAccountLocale(db, userAccountId)) ?? localeFromAcceptLanguage(acceptLanguage(headers));
}

/** Saves the account's language; returns it. The caller checks that `userAccountId` is the signed-in person. */
export async function saveAccountLocale(
  db: Executor,
  userAccountId: string,
  locale: Locale,
): Promise<Locale> {
  await db
    .update(userAccounts)
    .set({ locale, updatedAt: new Date() })
    .where(eq(userAccounts.id, userAccountId));
  return locale;
}
