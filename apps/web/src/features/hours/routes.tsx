/** Hours screens (the API's `hours` module), keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const CaregiverHoursPage = lazy(() =>
  import('./pages/caregiver-hours-page.tsx').then((m) => ({ default: m.CaregiverHoursPage })),
);

export const hoursScreens: Record<string, ComponentType> = {
  '/admin/caregiver-hours': CaregiverHoursPage,
};
