/**
 * Words for the `?error=` codes that reach `/auth/callback` after "Continue with Google" and for the refusals of
 * "Sign-in methods" on `/account` (issue 4 "Accounts"; docs/google-sign-in.md), as catalogue ids
 * (`auth.identityError.*`, decision 0042). The codes (`identity_already_exists`, `identity_not_found`,
 * `single_identity_not_deletable`) come first; better-auth's own codes for the same situations map onto the same
 * words; anything else gets a general message.
 */
import { englishMessages } from '../../i18n/catalogues.ts';

const ids: Record<string, string> = {
  identity_already_exists: 'auth.identityError.alreadyExists',
  account_already_linked_to_different_user: 'auth.identityError.alreadyExists',
  identity_not_found: 'auth.identityError.notFound',
  signup_disabled: 'auth.identityError.notFound',
  single_identity_not_deletable: 'auth.identityError.onlyOne',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'auth.identityError.onlyOne',
  access_denied: 'auth.identityError.cancelled',
  // better-auth's codes for a callback whose sign-in was not started here, expired (10 minutes) or already used.
  state_not_found: 'auth.identityError.restart',
  state_mismatch: 'auth.identityError.restart',
  state_security_mismatch: 'auth.identityError.restart',
  state_invalid: 'auth.identityError.restart',
  email_not_verified: 'auth.identityError.emailNotVerified',
};

/** The id of the general message for a code without words of its own. */
export const GENERIC_CALLBACK_ERROR_ID = 'auth.identityError.generic';

/** The catalogue id of the words for a callback or unlink error code (case as sent); the general one if unknown. */
export function identityErrorMessageId(code: string): string {
  return Object.hasOwn(ids, code) ? (ids[code] as string) : GENERIC_CALLBACK_ERROR_ID;
}

/** The English words (the API layer's `ApiError` message; pages show `identityErrorMessageId` in their language). */
export function identityErrorMessage(code: string): string {
  return (englishMessages as Record<string, string>)[identityErrorMessageId(code)] as string;
}

/**
 * The words for the `?error=` code a failed "Link Google account" brings back to `/account` (better-auth's link
 * codes); the message names the account's sign-in email (`{email}`). Codes shared with sign-in use the ids above.
 */
export function googleLinkErrorMessageId(code: string): string {
  switch (code) {
    case 'email_does_not_match':
      return 'auth.googleLink.emailMismatch';
    case 'unable_to_link_account':
      return 'auth.googleLink.unable';
    case 'access_denied':
      return 'auth.googleLink.cancelled';
    case 'account_already_linked_to_different_user':
    case 'identity_already_exists':
    case 'email_not_verified':
      return identityErrorMessageId(code);
    default:
      return 'auth.googleLink.generic';
  }
}
