/** `GET /api/admin/realtime` (admin): the answering instance's realtime figures → contracts `realtimeServerFigures`. */
import { useQuery } from '@tanstack/react-query';
import { realtimeDiagnosticsEndpoints as e } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

export const useRealtimeFigures = () =>
  useQuery({
    queryKey: ['realtime', 'figures'],
    queryFn: ({ signal }) => apiCall(e.getRealtimeFigures, { signal }),
    refetchInterval: 5_000,
  });
