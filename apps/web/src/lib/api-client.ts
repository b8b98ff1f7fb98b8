/**
 * The one API client (STYLE.md s.12). Every response is parsed with its contract schema; errors are
 * RFC 9457 problem+json bodies turned into `ApiError` (with `code`, `requestId` and field `errors`).
 * A failed fetch is retried up to 3 times on 502/503/504 or no response (spec s.7, s.8, s.9),
 * logging "Retrying fetch attempt".
 *
 * This module is part of the app shell, so it imports no zod at run time: schemas come from the caller
 * (feature chunks, loaded on demand), a shell caller may pass a loader (`() => import(...)`) that runs
 * while the request is in flight, and the problem schema is loaded only when a request fails
 * (docs/decisions/0005-api-performance.md: zod stays out of the JavaScript /login needs).
 * A 401 carrying the server's logout `reason` is recorded (`session-end.ts`) for the sign-in redirect.
 */
import type { FieldError } from '@tend/contracts';
import { recordSessionEnd } from './session-end.ts';
import type { z } from 'zod';

export const FETCH_RETRIES = 3;
const retryStatuses = new Set([502, 503, 504]);

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | undefined,
    readonly fieldErrors: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `fetch` with the retry rule: up to FETCH_RETRIES retries after the first attempt when the
 * response is 502/503/504 or the network fails (backoff 200 ms, doubling). Other responses return as is.
 */
export async function fetchWithRetry(
  input: string,
  init: RequestInit = {},
  retries = FETCH_RETRIES,
): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(input, init);
      if (!retryStatuses.has(response.status) || attempt >= retries) return response;
    } catch (error) {
      if (attempt >= retries || init.signal?.aborted) throw error;
    }
    console.warn('Retrying fetch attempt', attempt + 1, input);
    await sleep(200 * 2 ** attempt);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /** Query parameters; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

/** Builds `path?query` leaving out empty values. */
export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Parses a problem+json body with the contract schema, loaded on first use (not part of the shell). */
async function parseProblem(json: unknown) {
  try {
    const { problem } = await import('@tend/contracts');
    return problem.safeParse(json);
  } catch {
    return { success: false as const };
  }
}

/** A response schema, or a loader of one (`() => import('@tend/contracts').then((m) => m.me)`). */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * Calls the API and parses the response with `schema` (loaded in parallel with the request when it
 * is a loader). Throws ApiError for any non-2xx response (status 0 and code NETWORK when the server
 * could not be reached).
 */
export async function apiRequest<S extends z.ZodType>(
  schemaSource: SchemaSource<S>,
  path: string,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const schemaPromise: Promise<S> =
    typeof schemaSource === 'function' ? schemaSource() : Promise.resolve(schemaSource);
  // A failed load must not surface as an unhandled rejection when the request fails first.
  schemaPromise.catch(() => undefined);
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetchWithRetry(withQuery(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
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
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    // A 401 that says why the server ended the session (inactivity, time limit): kept for /login?reason=.
    if (response.status === 401) recordSessionEnd(json);
    const parsed = await parseProblem(json);
    if (parsed.success) {
      throw new ApiError(
        response.status,
        parsed.data.code,
        parsed.data.detail ?? parsed.data.title,
        parsed.data.requestId,
        parsed.data.errors ?? [],
      );
    }
    throw new ApiError(
      response.status,
      'UNKNOWN',
      `The server answered ${response.status}`,
      response.headers.get('x-request-id') ?? undefined,
      [],
    );
  }
  const schema = await schemaPromise;
  return schema.parse(json);
}
