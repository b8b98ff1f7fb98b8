/**
 * Phone numbers as people type them, stored one way (docs/decisions/0019-caregiver-sms-codes.md). Admins and
 * caregivers may type "(503) 555-0100", "503.555.0100" or "+1 503 555 0100"; Tend stores and sends E.164
 * (`+15035550100`, ITU-T E.164; what the messaging service and better-auth's `phoneNumber` plugin use). A number
 * without a country code is read in the agency's country (config `DEFAULT_PHONE_COUNTRY`, default `US`). Parsing,
 * validation and formatting are libphonenumber-js (Google's libphonenumber metadata, the "max" set so a number is
 * checked against the country's real numbering plan, not only its length).
 *
 * The link between an account's phone (`user_account.phone`) and the number it signs in with
 * (`auth_user.phone_number`) is kept here too, so every writer (admin create, invite, update; accepting an
 * invitation) does it the same way inside its own transaction.
 */
import { and, eq, ne, type SQL } from 'drizzle-orm';
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { Executor } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { authUsers, userAccounts } from './auth.table.ts';

export type { CountryCode };

/** The country a number without a country code belongs to when config says nothing (ISO 3166-1 alpha-2). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** The field error for a number libphonenumber-js does not accept (the brief's words, decision 0019). */
export const INVALID_PHONE_MESSAGE = 'is not a valid phone number';

/** The field error for a number another account already has (409, decision 0019). */
export const PHONE_TAKEN_MESSAGE = 'is already used by another account';

/** Longer input is not a phone number; it is refused before parsing (libphonenumber's own cap is 250). */
const MAX_INPUT_LENGTH = 64;

/** True for an ISO 3166-1 alpha-2 code libphonenumber-js has numbering rules for (`US`, `GB`, `CA`, …). */
export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/**
 * The E.164 form (`+15035550100`) of a phone number as typed, or null when it is not a valid number: wrong
 * length or digits for its country, letters or other text around it, or an extension ("ext. 12": a text message
 * cannot reach one). A number without `+` and a country code is read in `defaultCountry`. Pure; never throws.
 */
export function normalisePhoneNumber(
  input: string,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | null {
  const text = input.trim();
  if (!text || text.length > MAX_INPUT_LENGTH) return null;
  const parsed = parsePhoneNumberFromString(text, { defaultCountry, extract: false });
  if (!parsed?.isValid() || parsed.ext) return null;
  return parsed.number;
}

/**
 * An E.164 number for people to read: the national form for a number of `defaultCountry` ("(503) 555-0100"),
 * the international form for any other ("+44 20 7946 0958"). A stored value that does not parse (written before
 * numbers were normalised) comes back unchanged. Pure; never throws.
 */
export function formatPhoneNumber(e164: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(e164, { extract: false });
  if (!parsed) return e164;
  return parsed.country === defaultCountry ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * The E.164 form of an admin-entered `phone` (absent, null or blank: null, meaning "no phone").
 * Errors: VALIDATION_FAILED naming `field` (default `phone`) with "is not a valid phone number".
 */
export function phoneFieldValue(
  input: string | null | undefined,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
  field = 'phone',
): string | null {
  if (input === undefined || input === null || input.trim() === '') return null;
  const e164 = normalisePhoneNumber(input, defaultCountry);
  if (!e164) throw AppError.field(field, INVALID_PHONE_MESSAGE);
  return e164;
}

/** 409 CONFLICT naming `phone`: another account signs in with (or was invited with) this number. */
export function phoneTakenError(field = 'phone'): AppError {
  return new AppError('CONFLICT', `${field} ${PHONE_TAKEN_MESSAGE}`, [
    { path: field, message: PHONE_TAKEN_MESSAGE },
  ]);
}

/**
 * Refuses an E.164 number another account has: an auth user other than `authUserId` signs in with it, or a
 * `user_account` other than `userAccountId` (an invitation not yet accepted, for one) was given it. Run it in the
 * writer's transaction. Errors: CONFLICT naming `phone` (`phoneTakenError`).
 */
export async function assertPhoneFree(
  db: Executor,
  e164: string,
  except: { authUserId?: string | null; userAccountId?: string | null } = {},
): Promise<void> {
  const userFilters: SQL[] = [eq(authUsers.phoneNumber, e164)];
  if (except.authUserId) userFilters.push(ne(authUsers.id, except.authUserId));
  const [user] = await db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(and(...userFilters))
    .limit(1);
  if (user) throw phoneTakenError();
  const accountFilters: SQL[] = [eq(userAccounts.phone, e164)];
  if (except.userAccountId) accountFilters.push(ne(userAccounts.id, except.userAccountId));
  const [account] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(and(...accountFilters))
    .limit(1);
  if (account) throw phoneTakenError();
}

/**
 * Copies an account's phone (E.164 or null) to the number its auth user signs in with
 * (`auth_user.phone_number`), in the caller's transaction. A changed or cleared number is unverified
 * (`phone_number_verified` false) until the person proves it with a code; an unchanged one keeps its state.
 * Errors: CONFLICT naming `phone` when the database's unique index finds the number taken after all (two admins
 * giving the same number at once).
 */
export async function linkSignInPhone(db: Executor, authUserId: string, e164: string | null): Promise<void> {
  const [current] = await db
    .select({ phoneNumber: authUsers.phoneNumber })
    .from(authUsers)
    .where(eq(authUsers.id, authUserId));
  if (!current || current.phoneNumber === e164) return;
  try {
    await db
      .update(authUsers)
      .set({ phoneNumber: e164, phoneNumberVerified: false, updatedAt: new Date() })
      .where(eq(authUsers.id, authUserId));
  } catch (error) {
    if (isUniqueViolation(error)) throw phoneTakenError();
    throw error;
  }
}

/** PostgreSQL unique violation (SQLSTATE 23505), directly or as the cause of a driver error. */
export function isUniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) =>
    value && typeof value === 'object' && 'code' in value ? value.code : undefined;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}
