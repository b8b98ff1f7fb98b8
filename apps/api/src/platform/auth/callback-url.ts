/**
 * Tend's own check of better-auth's "where to go next" fields (issue 4 "Accounts"; docs/google-sign-in.md).
 * better-auth sends the browser to `callbackURL`, `errorCallbackURL` and `newUserCallbackURL` after a social
 * sign-in or link, a sign-in link or an email confirmation, and puts `redirectTo` into the password-reset email.
 * Its own check (the trusted-origins list) is switched off under test runners, so no test could show that a
 * foreign URL is refused; this check runs everywhere, before every better-auth endpoint, on the body and the
 * query alike. An open redirect after sign-in is a phishing aid (OWASP ASVS 5.0 V3.7; CWE-601).
 *
 * Allowed: a same-origin path (`sameOriginPath` of @tend/contracts, the rule of `/login?redirect=`) or an
 * absolute http(s) URL on PUBLIC_URL's origin without user info. Anything else, a value that is not text
 * included, is refused with 400 VALIDATION_FAILED naming the field.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { sameOriginPath, type FieldError } from '@tend/contracts';
import { validationApiError } from './auth-problem.ts';

/** The body and query fields better-auth redirects to or puts into links. */
export const CALLBACK_URL_FIELDS = [
  'callbackURL',
  'errorCallbackURL',
  'newUserCallbackURL',
  'redirectTo',
] as const;

/**
 * Whether `value` may be a callback: a same-origin path, or an absolute http(s) URL on `origin` (for example
 * `https://tend.example.org`) with no user name or password and no control characters.
 */
export function isAllowedCallbackUrl(value: unknown, origin: string): boolean {
  if (typeof value !== 'string') return false;
  if (value.startsWith('/')) return sameOriginPath(value) !== null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.origin === origin &&
    url.username === '' &&
    url.password === ''
  );
}

/**
 * The refused callback fields of a request's `body` and `query` (objects as better-auth parsed them; anything
 * else counts as empty), one `{ path, message }` per field in `CALLBACK_URL_FIELDS` order; `[]` when all pass.
 * `publicUrl` is PUBLIC_URL; only its origin counts.
 */
export function refusedCallbackUrls(
  request: { body?: unknown; query?: unknown },
  publicUrl: string,
): FieldError[] {
  const origin = new URL(publicUrl).origin;
  const errors: FieldError[] = [];
  for (const source of [request.body, request.query]) {
    if (!source || typeof source !== 'object') continue;
    const fields = source as Record<string, unknown>;
    for (const field of CALLBACK_URL_FIELDS) {
      if (!Object.hasOwn(fields, field) || fields[field] === undefined) continue;
      if (isAllowedCallbackUrl(fields[field], origin)) continue;
      if (errors.some((error) => error.path === field)) continue;
      errors.push({
        path: field,
        message: `must be a path on this site (starting with /) or a URL on ${origin}`,
      });
    }
  }
  return errors;
}

/**
 * A better-auth plugin (`plugins` of auth.ts) whose before hook refuses, on every endpoint, a request with a
 * callback field that `refusedCallbackUrls` refuses: 400 VALIDATION_FAILED, one `errors[]` entry per field.
 */
export function callbackUrlCheck(publicUrl: string) {
  return {
    id: 'tend-callback-url',
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const errors = refusedCallbackUrls({ body: ctx.body, query: ctx.query }, publicUrl);
            if (errors.length > 0) throw validationApiError(errors);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
