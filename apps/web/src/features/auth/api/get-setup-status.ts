/** `GET /api/setup`: whether Tend still needs its first admin (contracts `setupStatus`). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { setupStatus } from '@tend/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getSetupStatus = (signal?: AbortSignal) => apiRequest(setupStatus, '/api/setup', { signal });

export const setupStatusQueryOptions = () =>
  queryOptions({ queryKey: ['setup-status'], queryFn: ({ signal }) => getSetupStatus(signal), staleTime: 0 });

export const useSetupStatus = () => useQuery(setupStatusQueryOptions());
