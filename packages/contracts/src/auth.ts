/** Accounts: the signed-in actor, first-run setup and user administration (spec s.3 UserAccount, s.6). */
import { z } from 'zod';
import { role } from './enums.ts';
import { optionalText, pageOf, pageQuery, requiredText, sortOrder } from './common.ts';

/**
 * Passwords: 8..128 characters, no composition rules (OWASP ASVS 5.0 6.2.x). This schema is the
 * first check (zod counts UTF-16 units, so an emoji counts twice here); the server then applies the
 * full policy wherever a password is set (apps/api `platform/auth/password-policy.ts`: length in
 * characters, not one of the most common passwords, not containing the email name or the person's
 * name), answering 400 VALIDATION_FAILED with one `password` error per reason
 * (docs/decisions/0007-password-policy.md).
 */
export const password = z
  .string()
  .min(8, { message: 'must be at least 8 characters' })
  .max(128, { message: 'must be at most 128 characters' });

/** The hint shown under every new-password input. */
export const passwordHint =
  'At least 8 characters. Long passphrases are welcome; common passwords are refused.';

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
});
export type Me = z.infer<typeof me>;

export const setupStatus = z.object({ needsSetup: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatus>;

/** First-run admin creation. `token` is the one-time setup token printed at start. */
export const setupInput = z.object({
  token: z.string().min(1, { message: 'is required' }).max(200),
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
  password: z.string().min(1, { message: 'is required' }),
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
  otp: z.string().regex(/^\d{6}$/, { message: 'must be the 6 digits from the email' }),
});
export type SignInCodeInput = z.infer<typeof signInCodeInput>;

export const userAccount = z.object({
  id: z.uuid(),
  authUserId: z.string().nullable(),
  email: z.string(),
  role,
  functionalRole: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginAt: z.iso.datetime({ offset: true }).nullable(),
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
  q: z.string().trim().max(200).optional(),
  role: role.optional(),
  active: z.enum(['true', 'false', 'all']).default('all'),
  sort: z.enum(userSortFields).default('email'),
  order: sortOrder.default('asc'),
});
export type UserListQuery = z.infer<typeof userListQuery>;
export const userPage = pageOf(userAccount);
