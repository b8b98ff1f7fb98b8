/**
 * Public sign-up (issue 4 "Accounts"; spec s.2 `/login`, `/confirm`; docs/decisions/0018-sign-up.md):
 * `POST /api/sign-up` with an email or a phone number plus a password. The server answers the same
 * whether or not the email or number already has an account.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

import { SIGN_UP_REQUIRED_MESSAGE } from './messages.ts';
import { text } from './common.ts';

export { SIGN_UP_REQUIRED_MESSAGE };

/**
 * Every field optional so that a missing email/phone/password gets the spec's one sentence (checked by the
 * server), not three schema errors.
 */
export const signUpInput = z.object({
  email: text().trim().max(254).optional(),
  /**
   * As typed: "(503) 555-0100" is read in the server's DEFAULT_PHONE_COUNTRY, "+44 20 7946 0958" carries its own
   * country code; stored E.164 (`+15035550100`; docs/decisions/0019-caregiver-sms-codes.md).
   */
  phoneNumber: text().trim().max(32).optional(),
  password: text().max(1000).optional(),
  /** The person's name, shown to administrators; the email or number when absent. */
  name: text().trim().max(200).optional(),
});
export type SignUpInput = z.input<typeof signUpInput>;

/**
 * How the new account is confirmed: `email` → a link to `/confirm?type=signup&token=…` was emailed;
 * `sms` → a 6-digit code was texted (enter it with `POST /api/auth/phone-number/verify`).
 */
export const signUpResult = z.object({ confirmBy: z.enum(['email', 'sms']) });
export type SignUpResult = z.infer<typeof signUpResult>;

/** Public sign-up (decision 0018): → 202 `{ confirmBy }` whether or not the email or number had an account. */
export const signUpEndpoints = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/sign-up',
    body: signUpInput,
    response: { 202: signUpResult },
  }),
};
