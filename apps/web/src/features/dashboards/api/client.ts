/**
 * Client and portal dashboard calls (issue 20; decision 0052) over contracts' `clientDashboardEndpoints`: the
 * clients in the signed-in account's scope, and one client's dashboard with protocols in the page's language.
 */
import { useQuery } from '@tanstack/react-query';
import { clientDashboardEndpoints as e } from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import { apiCall } from '../../../lib/api-client.ts';

export const clientDashboardKeys = {
  list: ['dashboards', 'clients'] as const,
  one: (clientId: string, locale: Locale) => ['dashboards', 'clients', clientId, locale] as const,
};

/** The clients the signed-in account may see, with their next visit and newest summary. */
export const useDashboardClients = () =>
  useQuery({
    queryKey: clientDashboardKeys.list,
    queryFn: ({ signal }) => apiCall(e.findDashboardClients, { signal }),
  });

/** One client's dashboard (404 for an unknown id and for someone else's alike: not retried). */
export const useClientDashboard = (clientId: string, locale: Locale) =>
  useQuery({
    queryKey: clientDashboardKeys.one(clientId, locale),
    queryFn: ({ signal }) =>
      apiCall(e.getClientDashboard, { params: { clientId }, query: { locale }, signal }),
    retry: false,
  });
