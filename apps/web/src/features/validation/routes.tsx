/** Segment validation screens (the API's `validation` module), keyed by route-table path. */
import { lazy, type ComponentType } from 'react';

const SegmentsPage = lazy(() =>
  import('./pages/segments-page.tsx').then((m) => ({ default: m.SegmentsPage })),
);

export const validationScreens: Record<string, ComponentType> = {
  '/admin/billing/segments': SegmentsPage,
};
