/**
 * The one API client (STYLE.md s.12). `apiCall(endpoint, { params, query, body, signal })` calls a contracts
 * endpoint (`defineEndpoint`, decision 0032): it builds the path from the endpoint and parses the response
 * with the endpoint's schema for the status. Every response is parsed with its contract schema; errors are
 * RFC 9457 problem+json bodies turned into `ApiError` (with `code`, `requestId` and field `errors`).
 * A failed fetch is retried up to 3 times on 502/503/504 or no response (spec s.7, s.8, s.9),
 * logging "Retrying fetch attempt" (also reported to the server as `fetch_retry`, lib/client-log.ts).
 *
 * This module is part of the app shell, so it imports no zod at run time: schemas come with the endpoint
 * the caller passes (feature chunks, loaded on demand), a shell caller passes a `lazyEndpoint` whose
 * schemas load while the request is in flight, and the problem schema is loaded only when a request fails
 * (docs/decisions/0005-api-performance.md: zod stays out of the JavaScript /login needs).
 * A 401 carrying the server's logout `reason` is recorded (`session-end.ts`) for the sign-in redirect.
 */
import type { FieldError } from '@tend/contracts';
import { pageLanguageHeaders } from './page-language.ts';
import {
  buildPath,
  type BodyOf,
  type EndpointSpec,
  type LazyEndpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@tend/contracts/endpoint';
import { recordSessionEnd } from './session-end.ts';
import { reportClientError } from './client-log.ts';
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
    reportClientError('fetch_retry', `Retrying fetch attempt ${attempt + 1} ${input}`);
    await sleep(200 * 2 ** attempt);
  }
}

/** Query parameters; undefined and empty values are left out. */
type Query = Record<string, string | number | boolean | undefined | null>;

/** Builds `path?query` leaving out empty values. */
function withQuery(path: string, query?: Query): string {
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

/**
 * Sends one request (JSON body, or FormData as multipart) and returns the status and the parsed JSON body
 * (undefined when the body is empty, as for a 204). Throws ApiError for any non-2xx response (status 0 and
 * code NETWORK when the server could not be reached).
 */
async function send(
  method: string,
  url: string,
  requestBody: unknown,
  signal: AbortSignal | undefined,
): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', ...pageLanguageHeaders() };
  let body: BodyInit | undefined;
  if (requestBody instanceof FormData) {
    body = requestBody;
  } else if (requestBody !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(requestBody);
  }
  let response: Response;
  try {
    response = await fetchWithRetry(url, { method, headers, body, credentials: 'same-origin', signal });
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
  return { status: response.status, json };
}

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/**
 * What `apiCall` takes besides the endpoint: `params` when the path has parameters, `query` when the
 * endpoint has a query schema, `body` when it has a body schema (FormData for a multipart upload).
 */
export type CallInput<E extends EndpointSpec> = { signal?: AbortSignal } & (ParamsOf<E> extends z.ZodType
  ? { params: Input<ParamsOf<E>> }
  : { params?: never }) &
  (QueryOf<E> extends z.ZodType ? { query?: Input<QueryOf<E>> } : { query?: never }) &
  (E extends { multipart: true }
    ? { body: FormData }
    : BodyOf<E> extends z.ZodType
      ? { body: Input<BodyOf<E>> }
      : { body?: never });

/**
 * The URL of `endpoint` for `params` and `query` (empty values left out), for what the browser opens itself:
 * a file endpoint's download link (`shiftsEndpoints.exportShifts`).
 */
export function endpointUrl<E extends EndpointSpec>(
  endpoint: E,
  ...[input]: Partial<Omit<CallInput<E>, 'body' | 'signal'>> extends Omit<CallInput<E>, 'body' | 'signal'>
    ? [input?: Omit<CallInput<E>, 'body' | 'signal'>]
    : [input: Omit<CallInput<E>, 'body' | 'signal'>]
): string {
  const { params, query } = (input ?? {}) as { params?: Record<string, string | number>; query?: Query };
  return withQuery(buildPath(endpoint, params), query);
}

/**
 * Calls `endpoint` and returns its response parsed with the endpoint's schema for the answered status.
 * A `LazyEndpoint` (the app shell's) sends at once and loads its schemas while the request is in flight.
 * Throws ApiError for any non-2xx response; an Error when the status is not one the endpoint declares.
 */
export async function apiCall<E extends EndpointSpec>(
  endpoint: E | LazyEndpoint<E>,
  ...[input]: Partial<CallInput<E>> extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>]
): Promise<ResponseOf<E>> {
  const loaded: Promise<E> = 'load' in endpoint ? endpoint.load() : Promise.resolve(endpoint);
  // A failed load must not surface as an unhandled rejection when the request fails first.
  loaded.catch(() => undefined);
  const { params, query, body, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
  };
  const { status, json } = await send(
    endpoint.method,
    withQuery(buildPath(endpoint, params), query),
    body,
    signal,
  );
  const schema = (await loaded).response[status];
  // An empty body (204) is the JSON null its `z.null()` schema expects.
  if (!schema)
    throw new Error(`${endpoint.method} ${endpoint.path} answered ${status}, which it does not declare`);
  return schema.parse(json ?? null) as ResponseOf<E>;
}
