/** Payroll screens (issue 6), keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const PayrollPage = lazy(() => import('./pages/payroll-page.tsx').then((m) => ({ default: m.PayrollPage })));

export const payrollScreens: Record<string, ComponentType> = {
  '/admin/billing/payroll': PayrollPage,
};
