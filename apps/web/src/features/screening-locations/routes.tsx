/** Suspicious-location screens, keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const BaselineLocationsPage = lazy(() =>
  import('./pages/baseline-locations-page.tsx').then((m) => ({ default: m.BaselineLocationsPage })),
);

export const screeningLocationsScreens: Record<string, ComponentType> = {
  '/admin/baselineLocations': BaselineLocationsPage,
};
