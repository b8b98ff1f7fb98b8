/**
 * The one TanStack Query client. Retry policy: the API client already retries 502/503/504 and network
 * failures 3 times (spec s.9), so queries retry no 4xx (the answer will not change) and no network
 * failure again; other 5xx get one more try. A 401 on any query other than `me` means the session
 * ended elsewhere: `me` is refetched, and the route guard sends the user to sign in.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { meQueryKey } from '../lib/me.ts';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError) return error.status >= 500 && failureCount < 1;
  return false;
}

function onUnauthenticated(client: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    void client.invalidateQueries({ queryKey: meQueryKey });
  }
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== meQueryKey[0]) onUnauthenticated(client, error);
      },
    }),
    mutationCache: new MutationCache({ onError: (error) => onUnauthenticated(client, error) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  return client;
}
