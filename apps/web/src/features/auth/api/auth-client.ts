/**
 * The better-auth endpoints the web app uses (`POST /api/auth/sign-in/email`, `POST /api/auth/sign-out`),
 * called with plain `fetch` on the same origin (the dev server proxies them). The better-auth browser
 * client is not used: it adds ~12 KB gzip to the app shell for two POSTs
 * (docs/decisions/0005-api-performance.md). Who is signed in comes from `GET /api/me`.
 */

/** The error half of a better-auth answer: HTTP status, better-auth's error code and message. */
export interface BetterAuthError {
  status: number;
  code?: string;
  message?: string;
}

/**
 * POSTs `body` as JSON to `/api/auth{path}`. Resolves to null on success, or to the error better-auth
 * answered. Errors: rejects when the server cannot be reached.
 */
export async function authPost(path: string, body: unknown = {}): Promise<BetterAuthError | null> {
  const response = await fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  if (response.ok) return null;
  let answer: { code?: unknown; message?: unknown } = {};
  try {
    answer = ((await response.json()) as typeof answer | null) ?? {};
  } catch {
    // Not JSON (a proxy's error page): the status is all there is.
  }
  return {
    status: response.status,
    code: typeof answer.code === 'string' ? answer.code : undefined,
    message: typeof answer.message === 'string' ? answer.message : undefined,
  };
}
