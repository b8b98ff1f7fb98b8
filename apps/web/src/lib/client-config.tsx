/**
 * `GET /api/client-config` (public, contracts `clientConfig`): settings the web app needs, such as
 * the map tile server (MAP_TILE_URL, MAP_TILE_ATTRIBUTION) and the agency's time zone (applied to
 * every formatted time as it arrives). Fetched once per session.
 */
import type { ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PageLoader } from '../components/ui/page-loader.tsx';
import { lazyEndpoint } from '@tend/contracts/endpoint';
import { apiCall } from './api-client.ts';
import { setDisplayTimeZone } from './format/index.ts';

// The schema loads with the request: the sign-in page reads this (Google sign-in) and stays zod-free.
const getClientConfigEndpoint = lazyEndpoint({ method: 'GET', path: '/api/client-config' }, () =>
  import('@tend/contracts').then((m) => m.systemEndpoints.getClientConfig),
);

const clientConfigQuery = queryOptions({
  queryKey: ['client-config'] as const,
  queryFn: async ({ signal }) => {
    const config = await apiCall(getClientConfigEndpoint, { signal });
    setDisplayTimeZone(config.agencyTimeZone);
    return config;
  },
  staleTime: Infinity,
});

/** The public client settings; while loading or on error `data` is undefined (maps then show no tiles). */
export const useClientConfig = () => useQuery(clientConfigQuery);

/**
 * Renders its children once the client settings are known (or failed: times then stay in the browser's
 * zone), so every time on the page is formatted in the agency's zone from the first paint.
 */
export function WithClientConfig({ children }: { children: ReactNode }) {
  const config = useClientConfig();
  return config.isPending ? <PageLoader /> : children;
}
