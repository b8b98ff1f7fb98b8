/** `GET /api/setup`: whether Tend still needs its first admin (contracts `setupStatus`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// The schema loads while the request is in flight: the login page is usable before zod arrives.
export const getSetupStatus = (signal?: AbortSignal) =>
  apiRequest(() => import('@tend/contracts').then((m) => m.setupStatus), '/api/setup', { signal });

export const setupStatusQueryOptions = () =>
  queryOptions({ queryKey: ['setup-status'], queryFn: ({ signal }) => getSetupStatus(signal), staleTime: 0 });

export const useSetupStatus = () => useQuery(setupStatusQueryOptions());
