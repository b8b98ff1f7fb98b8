/**
 * The better-auth endpoints the web app uses (`POST /api/auth/sign-in/email`, `POST /api/auth/sign-out`, the
 * `two-factor/*` TOTP endpoints),
 * called with plain `fetch` on the same origin (the dev server proxies them). The better-auth browser
 * client is not used: it adds ~12 KB gzip to the app shell for two POSTs
 * (docs/decisions/0005-api-performance.md). Who is signed in comes from `GET /api/me`.
 */
import type { FieldError } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { pageLanguageHeaders } from '../../../lib/page-language.ts';

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
export async function authPost(
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<BetterAuthError | null> {
  return (await authPostJson(path, body, headers)).error;
}

/**
 * As `authPost`, also resolving to the JSON body of a successful answer (`data`, an object or null), e.g.
 * `{ twoFactorRedirect: true }` from sign-in or `{ totpURI, backupCodes }` from `/two-factor/enable`.
 */
export async function authPostJson(
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<{ error: BetterAuthError | null; data: Record<string, unknown> | null }> {
  const response = await fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...pageLanguageHeaders(),
      ...headers,
    },
    body: JSON.stringify(body),
    credentials: 'same-origin',
  });
  let answer: Record<string, unknown> | null = null;
  try {
    const json: unknown = await response.json();
    answer = json && typeof json === 'object' ? (json as Record<string, unknown>) : null;
  } catch {
    // Not JSON (a proxy's error page, an empty body): the status is all there is.
  }
  if (response.ok) return { error: null, data: answer };
  return {
    error: {
      status: response.status,
      code: typeof answer?.code === 'string' ? answer.code : undefined,
      message:
        typeof answer?.message === 'string'
          ? answer.message
          : typeof answer?.detail === 'string'
            ? answer.detail
            : undefined,
    },
    data: null,
  };
}

/**
 * Calls `/api/auth{path}` — a GET, or a POST of `body` as JSON — and resolves to its JSON answer (`{}` when it is not
 * a JSON object). A failure becomes `ApiError` with better-auth's code (`BAD_REQUEST` when it gave none), the field
 * errors it listed (the password policy's reasons) and the words `wordsFor` gives; no connection is `ApiError`
 * `NETWORK`.
 */
export async function authRequest(
  path: string,
  { method = 'POST', body }: { method?: 'GET' | 'POST'; body?: unknown },
  wordsFor: (code: string, status: number, message: string | undefined) => string,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(
      0,
      'NETWORK',
      'Tend could not be reached. Check your connection and try again.',
      undefined,
      [],
    );
  }
  let answer: Record<string, unknown> = {};
  try {
    const json: unknown = await response.json();
    if (json && typeof json === 'object') answer = json as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's error page, an empty body): the status decides the words.
  }
  if (response.ok) return answer;
  const code = typeof answer.code === 'string' ? answer.code : 'BAD_REQUEST';
  const list: unknown[] = Array.isArray(answer.errors) ? (answer.errors as unknown[]) : [];
  const errors = list.filter((e): e is FieldError => {
    const item = e as Partial<Record<keyof FieldError, unknown>> | null;
    return typeof item?.path === 'string' && typeof item.message === 'string';
  });
  throw new ApiError(
    response.status,
    code,
    wordsFor(code, response.status, typeof answer.message === 'string' ? answer.message : undefined),
    response.headers.get('x-request-id') ?? undefined,
    errors,
  );
}

/**
 * POSTs to a better-auth endpoint ({@link authRequest}), using `words` for better-auth's own codes, then the
 * rate-limit words for 429, then better-auth's message.
 */
export async function authCall(path: string, body: unknown, words: Record<string, string>): Promise<void> {
  await authRequest(
    path,
    { body },
    (code, status, message) =>
      words[code] ??
      (status === 429
        ? 'Too many attempts. Wait a few minutes and try again.'
        : (message ?? 'Something went wrong. Try again.')),
  );
}
