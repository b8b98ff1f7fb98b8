/**
 * Account lifecycle by email link (spec issue 4 "Accounts"; spec s.2 `/confirm`, s.3 VerificationToken):
 * invitations sent by an admin, password recovery, and email change with re-authentication. Every link opens
 * `/confirm?type=<confirmType>&token=…`. Rules and lifetimes: docs/accounts.md and
 * docs/decisions/0014-accounts-by-email-link.md.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { locales } from './locale.ts';
import { personKind, role } from './enums.ts';
import { idParams, optionalText, requiredText, text } from './common.ts';
import { accountPersonLink, accountPersonRef, password, userAccount } from './auth.ts';

/** How long an invitation link stays valid, in days (7; decision 0014). */
export const INVITATION_TTL_DAYS = 7;
/** How long a password-reset link stays valid, in minutes (60, better-auth's default; decision 0014). */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How long an email-change confirmation link stays valid, in hours (24; decision 0014). */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The kinds of link `/confirm` handles (its `type` query parameter). */
export const confirmTypes = ['invite', 'recovery', 'email_change', 'signup', 'magiclink'] as const;
export type ConfirmType = (typeof confirmTypes)[number];

const emailAddress = z
  .email({ message: 'must be a valid email address' })
  .max(254, { message: 'must be at most 254 characters' });

/** A one-time token from a link: the base64url text after `token=`. */
const linkToken = text()
  .trim()
  .min(1, { message: 'is required' })
  .max(200, { message: 'is too long' })
  .regex(/^[\w-]+$/, { message: 'is not a valid link token' });

/** An admin invites a person by email (no password: the invitee sets it from the link). */
export const invitationInput = z.object({
  email: emailAddress,
  role,
  functionalRole: optionalText(100),
  firstName: requiredText(100),
  lastName: requiredText(100),
  phone: optionalText(32),
  /** The person record the invited account is (docs/accounts.md "Accounts linked to people"). */
  person: accountPersonRef.nullish(),
});
export type InvitationInput = z.input<typeof invitationInput>;

/** When the invitation just sent (or re-sent) stops working. */
export const invitationSent = z.object({
  userAccountId: z.uuid(),
  email: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationSent = z.infer<typeof invitationSent>;

/** The token of an invitation, email-change or other link. */
export const linkTokenInput = z.object({ token: linkToken });
export type LinkTokenInput = z.infer<typeof linkTokenInput>;

/** What the invitee sees before choosing a password. */
export const invitationDetails = z.object({
  email: z.string(),
  fullName: z.string().nullable(),
  role,
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationDetails = z.infer<typeof invitationDetails>;

/** Accepting an invitation: its token and the password the invitee chose (password policy applies). */
export const invitationAcceptInput = z.object({ token: linkToken, password });
export type InvitationAcceptInput = z.infer<typeof invitationAcceptInput>;

/** The account's sign-in email, returned after accepting an invitation or confirming an email change. */
export const accountEmail = z.object({ email: z.string() });
export type AccountEmail = z.infer<typeof accountEmail>;

/** "Forgot your password?": the email to send a reset link to. */
export const passwordRecoveryInput = z.object({ email: emailAddress });
export type PasswordRecoveryInput = z.infer<typeof passwordRecoveryInput>;

/** Setting a new password from a recovery link (password policy applies on the server). */
export const passwordResetInput = z.object({ token: linkToken, newPassword: password });
export type PasswordResetInput = z.infer<typeof passwordResetInput>;

/** Asking to change the sign-in email: the new address and the current password (re-authentication). */
export const emailChangeInput = z.object({
  newEmail: emailAddress,
  currentPassword: text().min(1, { message: 'is required' }).max(128, { message: 'is too long' }),
});
export type EmailChangeInput = z.infer<typeof emailChangeInput>;

/** The confirmation link went to `email` (the new address) and works until `expiresAt`. */
export const emailChangeRequested = z.object({
  email: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type EmailChangeRequested = z.infer<typeof emailChangeRequested>;

/** The signed-in person's language for pages, emails and SMS (decision 0042). */
export const accountLocale = z.object({ locale: z.enum(locales) });
export type AccountLocale = z.infer<typeof accountLocale>;

/** Linking an account to a person record (`null` removes the link). */
export const accountPersonInput = z.object({ person: accountPersonRef.nullable() });
export type AccountPersonInput = z.infer<typeof accountPersonInput>;

/** The picker's query: records of one kind whose name or email contains `q` (case ignored), at most 20. */
export const personOptionsQuery = z.object({
  kind: personKind,
  q: text().trim().max(200).optional(),
});
export type PersonOptionsQuery = z.infer<typeof personOptionsQuery>;

/** One record the picker offers: its name, its email (or county) and the account already linked to it. */
export const personOption = accountPersonLink.extend({
  detail: z.string().nullable(),
  linkedUserAccountId: z.uuid().nullable(),
});
export type PersonOption = z.infer<typeof personOption>;
export const personOptionList = z.object({ items: z.array(personOption) });
export type PersonOptionList = z.infer<typeof personOptionList>;

/**
 * A CAREGIVER account whose first sign-in found several caregivers with its email (or one added later), so
 * nothing was linked: an admin confirms one of `candidates` (docs/accounts.md).
 */
export const personConfirmation = z.object({
  userAccountId: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  candidates: z.array(personOption),
});
export type PersonConfirmation = z.infer<typeof personConfirmation>;
export const personConfirmationList = z.object({ items: z.array(personConfirmation) });
export type PersonConfirmationList = z.infer<typeof personConfirmationList>;

/**
 * Account lifecycle (docs/accounts.md): invitations (admin: invite → 201, send again), the public `/confirm`
 * link endpoints (look up and accept an invitation, confirm an email change; tokens in the body, never in a
 * path), the signed-in email-change request and the signed-in person's language.
 */
export const accountsEndpoints = {
  /** Links the account to a person record or removes the link (admin; 409 on `person` when another account has it). */
  setUserPerson: defineEndpoint({
    method: 'PUT',
    path: '/api/users/:id/person',
    params: idParams,
    body: accountPersonInput,
    response: { 200: userAccount },
  }),
  /** Person records of one kind for the admin's picker (admin). */
  findPersonOptions: defineEndpoint({
    method: 'GET',
    path: '/api/users/person-options',
    query: personOptionsQuery,
    response: { 200: personOptionList },
  }),
  /** CAREGIVER accounts waiting for an admin to confirm their caregiver record (admin). */
  findPersonConfirmations: defineEndpoint({
    method: 'GET',
    path: '/api/users/person-confirmations',
    response: { 200: personConfirmationList },
  }),
  /** Remembers the signed-in person's language on their account (any signed-in role; not PHI, not audited). */
  setAccountLocale: defineEndpoint({
    method: 'PUT',
    path: '/api/account/locale',
    body: accountLocale,
    response: { 200: accountLocale },
  }),
  inviteUser: defineEndpoint({
    method: 'POST',
    path: '/api/users/invitations',
    body: invitationInput,
    response: { 201: userAccount },
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/users/:id/invitation',
    params: idParams,
    response: { 200: invitationSent },
  }),
  getInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/lookup',
    body: linkTokenInput,
    response: { 200: invitationDetails },
  }),
  acceptInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    body: invitationAcceptInput,
    response: { 200: accountEmail },
  }),
  requestEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/account/email-change',
    body: emailChangeInput,
    response: { 200: emailChangeRequested },
  }),
  confirmEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/account/email-change/confirm',
    body: linkTokenInput,
    response: { 200: accountEmail },
  }),
};
