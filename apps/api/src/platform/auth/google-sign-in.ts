/**
 * "Continue with Google" (issue 4 "Accounts"; docs/google-sign-in.md): better-auth's Google provider, on only when
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set. The web app calls `POST /api/auth/sign-in/social`
 * `{ provider: 'google', callbackURL, errorCallbackURL }` and follows the returned Google URL; better-auth keeps the
 * PKCE verifier and state, exchanges the code at `/api/auth/callback/google` and redirects to the web app's
 * `/auth/callback` (with `?error=<code>` on failure). Tend's accounts are created by admins or by Tend's own
 * sign-up (decision 0018), so Google signs in existing accounts only (linked by their verified email); an unknown
 * Google account gets `?error=signup_disabled` and no account is created.
 */

/** Google's OAuth client (config `google`). */
export interface GoogleClient {
  clientId: string;
  clientSecret: string;
}

/**
 * better-auth's `socialProviders` option for Google, or nothing when no client is configured (then
 * `/api/auth/sign-in/social` with provider google is refused with 404 PROVIDER_NOT_FOUND).
 */
export function googleSocialProviders(google: GoogleClient | null | undefined) {
  if (!google) return {};
  return {
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
