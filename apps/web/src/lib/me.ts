/**
 * Who is signed in: shared by the app shell (guards, header) and the features (e.g. "you" in Users).
 * `GET /api/me`: the signed-in actor (contracts `me`), or `null` when nobody is signed in (401).
 * Other errors are thrown as `ApiError` and reported as `session_check_failed` (spec s.8, lib/client-log.ts).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@tend/contracts';
import { lazyEndpoint } from '@tend/contracts/endpoint';
import { ApiError, apiCall } from './api-client.ts';
import { errorText, reportClientError } from './client-log.ts';

export const meQueryKey = ['me'] as const;

// The schema loads while the request is in flight: zod is not part of the app shell.
const getMeEndpoint = lazyEndpoint({ method: 'GET', path: '/api/me' }, () =>
  import('@tend/contracts').then((m) => m.authEndpoints.getMe),
);

export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await apiCall(getMeEndpoint, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    // Spec s.8 "session check failure": logged only (the guards show their own error).
    if (!signal?.aborted) reportClientError('session_check_failed', errorText(error));
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

/** The signed-in actor: `data` is `Me`, `null` (signed out) or undefined while loading. */
export const useMe = () => useQuery(meQueryOptions());
