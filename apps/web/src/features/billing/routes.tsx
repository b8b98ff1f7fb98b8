/** Billing screens (issue 6), keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const SegmentsPage = lazy(() =>
  import('./pages/segments-page.tsx').then((m) => ({ default: m.SegmentsPage })),
);
const BillingCodesPage = lazy(() =>
  import('./pages/billing-codes-page.tsx').then((m) => ({ default: m.BillingCodesPage })),
);

export const billingScreens: Record<string, ComponentType> = {
  '/admin/billing/segments': SegmentsPage,
  '/admin/billing/codes': BillingCodesPage,
};
