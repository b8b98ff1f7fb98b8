/** `GET /api/diagnostics/protected` (admin): the smallest guarded API → contracts `protectedCheck` (issue 24). */
import { useQuery } from '@tanstack/react-query';
import { diagnosticsEndpoints as e } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const useProtectedCheck = () =>
  useQuery({
    queryKey: ['diagnostics', 'protected'],
    queryFn: ({ signal }) => apiCall(e.checkProtected, { signal }),
    retry: false,
  });
