/**
 * Case-manager dashboard calls (issue 20; decision 0051) over contracts' `caseManagerDashboardEndpoints`: the case
 * managers the signed-in account may open, one case manager's dashboard, one client's detail, and the address of a
 * stored report's download.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { caseManagerDashboardEndpoints as e } from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import { apiCall } from '../../../lib/api-client.ts';

export const caseManagerDashboardKeys = {
  all: ['dashboards', 'case-manager'] as const,
  list: (q: string) => ['dashboards', 'case-manager', 'list', q] as const,
  one: (id: string) => ['dashboards', 'case-manager', id] as const,
  client: (id: string, clientId: string, locale: Locale) =>
    ['dashboards', 'case-manager', id, 'client', clientId, locale] as const,
};

/** The case managers whose dashboards the signed-in account may open (`q`: name or county). */
export const useDashboardCaseManagers = (q: string) =>
  useQuery({
    queryKey: caseManagerDashboardKeys.list(q),
    queryFn: ({ signal }) =>
      apiCall(e.findDashboardCaseManagers, { query: { q: q || undefined, pageSize: 50 }, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** One case manager's dashboard (404 when out of scope: the page shows not-found). */
export const useCaseManagerDashboard = (caseManagerId: string) =>
  useQuery({
    queryKey: caseManagerDashboardKeys.one(caseManagerId),
    queryFn: ({ signal }) => apiCall(e.getCaseManagerDashboard, { params: { caseManagerId }, signal }),
    retry: false,
  });

/** One client of the caseload in detail (disabled without a client), protocol thresholds in `locale`. */
export const useCaseManagerClient = (caseManagerId: string, clientId: string | null, locale: Locale) =>
  useQuery({
    queryKey: caseManagerDashboardKeys.client(caseManagerId, clientId ?? '', locale),
    queryFn: ({ signal }) =>
      apiCall(e.getCaseManagerClient, {
        params: { caseManagerId, clientId: clientId ?? '' },
        query: { locale },
        signal,
      }),
    enabled: clientId !== null,
    retry: false,
  });

/** The download address of a stored report of a client of the caseload. */
export const reportFileUrl = (caseManagerId: string, clientId: string, reportId: string) =>
  `/api/dashboards/case-manager/${encodeURIComponent(caseManagerId)}/clients/${encodeURIComponent(clientId)}/reports/${encodeURIComponent(reportId)}/file`;
