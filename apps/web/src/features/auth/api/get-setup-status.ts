/** `GET /api/setup`: whether Tend still needs its first admin (contracts `setupStatus`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazyEndpoint } from '@tend/contracts/endpoint';
import { apiCall } from '../../../lib/api-client.ts';

// The schema loads while the request is in flight: the login page is usable before zod arrives.
const getSetupStatusEndpoint = lazyEndpoint({ method: 'GET', path: '/api/setup' }, () =>
  import('@tend/contracts').then((m) => m.authEndpoints.getSetupStatus),
);

export const getSetupStatus = (signal?: AbortSignal) => apiCall(getSetupStatusEndpoint, { signal });

export const setupStatusQueryOptions = () =>
  queryOptions({ queryKey: ['setup-status'], queryFn: ({ signal }) => getSetupStatus(signal), staleTime: 0 });

export const useSetupStatus = () => useQuery(setupStatusQueryOptions());
