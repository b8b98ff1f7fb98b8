/**
 * Words for the `?error=` codes that reach `/auth/callback` after "Continue with Google" and for the refusals of
 * "Sign-in methods" on `/account` (issue 4 "Accounts"; docs/google-sign-in.md). The codes
 * (`identity_already_exists`, `identity_not_found`, `single_identity_not_deletable`) come first; better-auth's own
 * codes for the same situations map onto the same words; anything else gets a general message.
 */

const identityAlreadyExists =
  'That Google account is already linked to another Tend account. Sign in with that account, or ask your administrator for help.';
const identityNotFound =
  'No Tend account uses that Google account. Sign in with your email and password, or ask your administrator to create your account.';
const singleIdentityNotDeletable =
  'This is your only way to sign in, so it cannot be removed. Add another sign-in method first.';

const restartSignIn =
  'That sign-in link has expired or was opened in another browser. Start again with "Continue with Google".';

const messages: Record<string, string> = {
  identity_already_exists: identityAlreadyExists,
  account_already_linked_to_different_user: identityAlreadyExists,
  identity_not_found: identityNotFound,
  signup_disabled: identityNotFound,
  single_identity_not_deletable: singleIdentityNotDeletable,
  FAILED_TO_UNLINK_LAST_ACCOUNT: singleIdentityNotDeletable,
  access_denied: 'Google sign-in was cancelled. You can try again or sign in another way.',
  // better-auth's codes for a callback whose sign-in was not started here, expired (10 minutes) or already used.
  state_not_found: restartSignIn,
  state_mismatch: restartSignIn,
  state_security_mismatch: restartSignIn,
  state_invalid: restartSignIn,
  email_not_verified: 'Google has not verified that email address, so Tend cannot sign you in with it.',
};

/** The general message for a code without words of its own. */
export const GENERIC_CALLBACK_ERROR = 'Sign-in with Google did not work. Try again, or sign in another way.';

/** The words for a callback or unlink error code (case as sent); the general message for unknown codes. */
export function identityErrorMessage(code: string): string {
  return Object.hasOwn(messages, code) ? (messages[code] as string) : GENERIC_CALLBACK_ERROR;
}
