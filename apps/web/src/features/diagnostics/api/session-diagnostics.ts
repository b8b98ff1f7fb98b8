/**
 * `GET /api/diagnostics/session` (admin): the server's view of this session and of itself → contracts
 * `sessionDiagnostics` (issue 24; decision 0067). Read on open and on "Refresh"; `receivedAt` is this browser's
 * clock when the answer arrived (the page shows how far the two clocks are apart).
 */
import { useQuery } from '@tanstack/react-query';
import { diagnosticsEndpoints as e } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const useSessionDiagnostics = () =>
  useQuery({
    queryKey: ['diagnostics', 'session'],
    queryFn: async ({ signal }) => ({
      ...(await apiCall(e.getSessionDiagnostics, { signal })),
      receivedAt: Date.now(),
    }),
    refetchOnWindowFocus: false,
    retry: false,
  });
