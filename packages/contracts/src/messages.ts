/**
 * Words shared by server and web that the sign-in page shows before any zod is loaded (subpath
 * `@tend/contracts/messages`, zod-free: docs/decisions/0005-api-performance.md). auth.ts and sign-up.ts
 * re-export them.
 */

/** The hint shown under every new-password input (password policy, docs/decisions/0007-password-policy.md). */
export const passwordHint =
  'At least 8 characters. Long passphrases of several unrelated words are welcome; common or easy-to-guess passwords are refused.';

/** The spec's words when neither an email nor a phone number, or no password, is given (spec s.2 `/login`). */
export const SIGN_UP_REQUIRED_MESSAGE = 'You must provide either an email or phone number and a password';
