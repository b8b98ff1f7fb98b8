/** Accounts: the signed-in actor, first-run setup and user administration (spec s.3 UserAccount, s.6). */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { locales } from './locale.ts';
import { personKind, role } from './enums.ts';
import { idParams, optionalText, pageOf, pageQuery, requiredText, sortOrder, text } from './common.ts';

/**
 * Passwords: 8..128 characters, no composition rules (OWASP ASVS 5.0 6.2.x). This schema is the
 * first check (zod counts UTF-16 units, so an emoji counts twice here); the server then applies the
 * full policy wherever a password is set (apps/api `platform/auth/password-policy.ts`: length in
 * characters, not one of the most common passwords, not containing the email name or the person's
 * name), answering 400 VALIDATION_FAILED with one `password` error per reason
 * (docs/decisions/0007-password-policy.md).
 */
export const password = text()
  .min(8, { message: 'must be at least 8 characters' })
  .max(128, { message: 'must be at most 128 characters' });

export { passwordHint } from './messages.ts';

export const me = z.object({
  userAccountId: z.uuid(),
  authUserId: z.string(),
  email: z.string(),
  role,
  fullName: z.string().nullable(),
  /**
   * The signed-in session: `issuedAt` is when it was created (sign-in). The browser's session monitor counts the
   * absolute session limit of the tier from it (spec s.4 "Session tiers", `@tend/contracts/session-monitor`).
   */
  session: z.object({
    issuedAt: z.iso.datetime({ offset: true }),
    /** The tier the server records for this session (strict_phi once any PHI API was used; decision 0009). */
    tier: z.enum(['relaxed', 'strict_phi']).optional(),
    /** Authenticator assurance level: aal2 once this session verified a TOTP code (decision 0009). */
    aal: z.enum(['aal1', 'aal2']).optional(),
  }),
  /**
   * MFA state (spec issue 4, decision 0009): `enabled` when the user has a verified TOTP factor; `required` when
   * this account must reach aal2 before PHI (admins while REQUIRE_ADMIN_MFA is on) and this session has not.
   */
  mfa: z.object({ enabled: z.boolean(), required: z.boolean() }).optional(),
  /** The language the person chose for pages, emails and SMS (decision 0042); null until they choose one. */
  locale: z.enum(locales).nullable().optional(),
});
export type Me = z.infer<typeof me>;

export const setupStatus = z.object({ needsSetup: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatus>;

/** First-run admin creation. `token` is the one-time setup token printed at start. */
export const setupInput = z.object({
  token: text().min(1, { message: 'is required' }).max(200),
  email: z.email({ message: 'must be a valid email address' }),
  password,
  firstName: requiredText(100),
  lastName: requiredText(100),
  loadDemoData: z.boolean().default(false),
});
export type SetupInput = z.input<typeof setupInput>;

export const setupResult = z.object({ email: z.string(), demoDataLoaded: z.boolean() });

export const signInInput = z.object({
  email: z.email({ message: 'must be a valid email address' }),
  password: text().min(1, { message: 'is required' }),
});
export type SignInInput = z.infer<typeof signInInput>;

/**
 * Caregiver passwordless sign-in (spec issue 4; docs/decisions/0011-caregiver-otp.md): the email a one-time code
 * is sent to (`/caregiver/login`), then that email with the 6-digit code (`/caregiver/confirm`).
 */
export const signInCodeRequest = z.object({
  email: z.email({ message: 'must be a valid email address' }).max(254, { message: 'is too long' }),
});
export type SignInCodeRequest = z.infer<typeof signInCodeRequest>;
export const signInCodeInput = signInCodeRequest.extend({
  otp: text().regex(/^\d{6}$/, { message: 'must be the 6 digits from the email' }),
});
export type SignInCodeInput = z.infer<typeof signInCodeInput>;

/**
 * A phone number as a person types it ("(503) 555-0100", "+44 20 7946 0958"): digits with the usual separators and
 * an optional leading `+`. The server reads it in its DEFAULT_PHONE_COUNTRY and answers 400 when it is not a valid
 * number (docs/decisions/0019-caregiver-sms-codes.md); this is only the first check.
 */
export const typedPhoneNumber = z
  .string()
  .trim()
  .min(1, { message: 'is required' })
  .max(32, { message: 'is too long' })
  .regex(/^\+?[\d\s().-]+$/, { message: 'must be a phone number, e.g. (503) 555-0100' })
  .refine((value) => value.replace(/\D/g, '').length >= 7, { message: 'is too short for a phone number' });

/**
 * Caregiver sign-in by SMS code (decision 0019): the mobile number a code is texted to (`/caregiver/login`, "Text
 * message (SMS)"), then that number with the 6-digit code (`/caregiver/confirm?phone=…`).
 */
export const signInSmsCodeRequest = z.object({ phone: typedPhoneNumber });
export type SignInSmsCodeRequest = z.infer<typeof signInSmsCodeRequest>;
export const signInSmsCodeInput = signInSmsCodeRequest.extend({
  otp: text().regex(/^\d{6}$/, { message: 'must be the 6 digits from the text message' }),
});
export type SignInSmsCodeInput = z.infer<typeof signInSmsCodeInput>;

/**
 * The person record an account is (issue 20 "Accounts linked to people"; docs/decisions/0050): its kind, id and
 * display name.
 */
export const accountPersonLink = z.object({
  kind: personKind,
  id: z.uuid(),
  name: z.string(),
});
export type AccountPersonLink = z.infer<typeof accountPersonLink>;

/** Which person record to link an account to: a kind and the record's id. */
export const accountPersonRef = z.object({
  kind: personKind,
  id: z.uuid({ message: 'must be a valid id' }),
});
export type AccountPersonRef = z.infer<typeof accountPersonRef>;

export const userAccount = z.object({
  id: z.uuid(),
  authUserId: z.string().nullable(),
  email: z.string(),
  role,
  functionalRole: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  /**
   * The phone in E.164 (`+15035550100`); the account signs in with SMS codes to it once proven
   * (docs/decisions/0019-caregiver-sms-codes.md). Admins type it as they like; the server normalises it.
   */
  phone: z.string().nullable(),
  /** `phone` for people to read: "(503) 555-0100" in the agency's country, "+44 20 7946 0958" otherwise. */
  phoneDisplay: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
  /** The person record the account is (caregiver, case manager or guardian), or null. */
  person: accountPersonLink.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type UserAccount = z.infer<typeof userAccount>;

/** Admin creates an account with an initial password (invitations by email come with the accounts issue). */
export const userCreateInput = z.object({
  email: z.email({ message: 'must be a valid email address' }),
  password,
  role,
  functionalRole: optionalText(100),
  firstName: requiredText(100),
  lastName: requiredText(100),
  phone: optionalText(32),
  /** The person record the new account is (rules: docs/accounts.md "Accounts linked to people"). */
  person: accountPersonRef.nullish(),
});
export type UserCreateInput = z.input<typeof userCreateInput>;

export const userUpdateInput = z.object({
  role,
  functionalRole: optionalText(100),
  firstName: requiredText(100),
  lastName: requiredText(100),
  phone: optionalText(32),
  isActive: z.boolean(),
});
export type UserUpdateInput = z.input<typeof userUpdateInput>;

export const userSortFields = ['email', 'fullName', 'role', 'lastLoginAt', 'createdAt'] as const;
export const userListQuery = pageQuery.extend({
  q: text().trim().max(200).optional(),
  role: role.optional(),
  active: z.enum(['true', 'false', 'all']).default('all'),
  sort: z.enum(userSortFields).default('email'),
  order: sortOrder.default('asc'),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export const userPage = pageOf(userAccount);

/**
 * "Change password" on `/account` (better-auth `POST /api/auth/change-password`; docs/accounts.md): the current
 * password (the re-authentication), the new one (8..128 characters here; the server applies the full policy and
 * answers 400 VALIDATION_FAILED with one `password` error per reason, a wrong current password on
 * `currentPassword`), and whether every other session of the account ends.
 */
export const passwordChangeInput = z.object({
  currentPassword: z.string().min(1, { message: 'is required' }).max(128, { message: 'is too long' }),
  newPassword: password,
  revokeOtherSessions: z.boolean(),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeInput>;

/** One way to sign in of the signed-in account, as better-auth's `GET /api/auth/list-accounts` lists it. */
export const signInIdentity = z.object({ id: z.string(), providerId: z.string(), createdAt: z.string() });
export type Identity = z.infer<typeof signInIdentity>;
/** The list of `GET /api/auth/list-accounts`, oldest first. */
export const signInIdentityList = z.array(signInIdentity);

/**
 * The signed-in actor, first-run setup and the activity heartbeat: `getMe` (401 when nobody is signed in),
 * `getSetupStatus`, `completeSetup` (→ 201; public, with the setup token), `recordSessionActivity` (→ 204;
 * 401 SESSION_EXPIRED with the reason once the session has ended; decision 0009).
 */
export const authEndpoints = {
  getMe: defineEndpoint({ method: 'GET', path: '/api/me', response: { 200: me } }),
  getSetupStatus: defineEndpoint({ method: 'GET', path: '/api/setup', response: { 200: setupStatus } }),
  completeSetup: defineEndpoint({
    method: 'POST',
    path: '/api/setup',
    body: setupInput,
    response: { 201: setupResult },
  }),
  recordSessionActivity: defineEndpoint({
    method: 'POST',
    path: '/api/session/activity',
    response: { 204: z.null().describe('Activity recorded') },
  }),
};

/** User administration (admin only): list, read, create (→ 201), update. */
export const usersEndpoints = {
  findUsers: defineEndpoint({
    method: 'GET',
    path: '/api/users',
    query: userListQuery,
    response: { 200: userPage },
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id',
    params: idParams,
    response: { 200: userAccount },
  }),
  createUser: defineEndpoint({
    method: 'POST',
    path: '/api/users',
    body: userCreateInput,
    response: { 201: userAccount },
  }),
  updateUser: defineEndpoint({
    method: 'PUT',
    path: '/api/users/:id',
    params: idParams,
    body: userUpdateInput,
    response: { 200: userAccount },
  }),
};
