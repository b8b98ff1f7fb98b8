/**
 * "Continue with Google" (issue 4 "Accounts"; docs/google-sign-in.md): better-auth's Google provider, on only when
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. The web app calls `POST /api/auth/sign-in/social`
 * `{ provider: 'google', callbackURL, errorCallbackURL }` and follows the returned Google URL; better-auth keeps the
 * PKCE verifier and state, exchanges the code at `/api/auth/callback/google` and redirects to the web app's
 * `/auth/callback` (with `?error=<code>` on failure). Tend's accounts are created by admins or by Tend's own
 * sign-up (decision 0018), so Google signs in existing accounts only (linked by their verified email); an unknown
 * Google account gets `?error=signup_disabled` and no account is created.
 *
 * A signed-in user links Google from `/account` with `POST /api/auth/link-social` `{ provider: 'google',
 * callbackURL, errorCallbackURL }` (the same PKCE flow; the state carries the link). Only a Google account whose
 * verified email is the account's sign-in email can be linked (better-auth's default, kept: see
 * `googleAccountLinking`); another one ends at `errorCallbackURL?error=email_does_not_match`.
 */

/** Google's OAuth client (config `google`). */
export interface GoogleClient {
  clientId: string;
  clientSecret: string;
}

/**
 * better-auth's `account.accountLinking` for Google (better-auth's "Users & Accounts" docs, OAuth "Link account"):
 * - `allowDifferentEmails: false` (better-auth's default, stated): a Google account is linked only when its verified
 *   email is the account's sign-in email, on `/account` as on a first sign-in. better-auth warns that allowing other
 *   emails can lead to account takeovers: whoever holds a stolen session could tie their own Google account to it
 *   and keep signing in after the password is changed. Changing the sign-in email (`/account`, confirmed by link)
 *   comes first when the Google address differs.
 * - `updateUserInfoOnLink: false`: a link never changes the account's name (an administrator manages it).
 * - `allowUnlinkingAll: false`: the last sign-in method cannot be removed.
 * - `trustedProviders` unset: Google must say the email is verified.
 */
export const googleAccountLinking = {
  enabled: true,
  allowDifferentEmails: false,
  updateUserInfoOnLink: false,
  allowUnlinkingAll: false,
};

/**
 * The `auth.sign_in` method of sessions Google starts, by better-auth route (auth.ts `signInMethods`): the code
 * callback `/callback/:id` (`/api/auth/callback/google`; Google is Tend's only social provider) and ID-token
 * sign-in on `/sign-in/social`.
 */
export const googleSignInMethods: Record<string, string> = {
  '/callback/:id': 'google',
  '/sign-in/social': 'google',
};

/**
 * better-auth's `socialProviders` option for Google with `account.accountLinking` (`googleAccountLinking`), or
 * nothing when no client is configured (then `/api/auth/sign-in/social` and `/api/auth/link-social` with provider
 * google are refused with 404 PROVIDER_NOT_FOUND).
 */
export function googleSocialProviders(google: GoogleClient | null | undefined) {
  if (!google) return {};
  return {
    account: { accountLinking: googleAccountLinking },
    socialProviders: {
      google: {
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        // Existing accounts only: no Tend account is created from a Google profile.
        disableImplicitSignUp: true,
        // Always let the person choose which Google account to use (shared devices at agencies).
        prompt: 'select_account' as const,
      },
    },
  };
}
