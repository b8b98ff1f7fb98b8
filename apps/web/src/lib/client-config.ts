/**
 * `GET /api/client-config` (public, contracts `clientConfig`): settings the web app needs, such as
 * the map tile server (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). Fetched once per session.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientConfig } from '@tend/contracts';
import { apiRequest } from './api-client.ts';

const clientConfigQuery = queryOptions({
  queryKey: ['client-config'] as const,
  queryFn: ({ signal }) => apiRequest(clientConfig, '/api/client-config', { signal }),
  staleTime: Infinity,
});

/** The public client settings; while loading or on error `data` is undefined (maps then show no tiles). */
export const useClientConfig = () => useQuery(clientConfigQuery);
