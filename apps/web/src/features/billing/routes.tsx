/** Billing screens (issue 6), keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const BillingCodesPage = lazy(() =>
  import('./pages/billing-codes-page.tsx').then((m) => ({ default: m.BillingCodesPage })),
);

const ExportsPage = lazy(() => import('./pages/exports-page.tsx').then((m) => ({ default: m.ExportsPage })));
const DriftPage = lazy(() => import('./pages/drift-page.tsx').then((m) => ({ default: m.DriftPage })));

const ClaimsPage = lazy(() => import('./pages/claims-page.tsx').then((m) => ({ default: m.ClaimsPage })));

export const billingScreens: Record<string, ComponentType> = {
  '/admin/billing/claims': ClaimsPage,
  '/admin/billing/codes': BillingCodesPage,
  '/admin/billing/exports': ExportsPage,
  '/admin/billing/drift': DriftPage,
};
