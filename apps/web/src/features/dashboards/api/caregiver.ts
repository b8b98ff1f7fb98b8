/**
 * Caregiver dashboard call (issue 20; decision 0052) over contracts' `caregiverDashboardEndpoints`, protocols in the
 * page's language.
 */
import { useQuery } from '@tanstack/react-query';
import { caregiverDashboardEndpoints as e } from '@tend/contracts';
import type { Locale } from '@tend/contracts/locale';
import { apiCall } from '../../../lib/api-client.ts';

export const caregiverDashboardKeys = {
  one: (caregiverId: string, locale: Locale) => ['dashboards', 'caregivers', caregiverId, locale] as const,
};

/** One caregiver's dashboard (404 for an unknown id and for someone else's alike: not retried). */
export const useCaregiverDashboard = (caregiverId: string, locale: Locale) =>
  useQuery({
    queryKey: caregiverDashboardKeys.one(caregiverId, locale),
    queryFn: ({ signal }) =>
      apiCall(e.getCaregiverDashboard, { params: { caregiverId }, query: { locale }, signal }),
    retry: false,
  });
