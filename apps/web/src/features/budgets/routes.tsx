/** Budget screens, keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const BudgetOveragesPage = lazy(() =>
  import('./pages/budget-overages-page.tsx').then((m) => ({ default: m.BudgetOveragesPage })),
);

export const budgetsScreens: Record<string, ComponentType> = {
  '/admin/budgetOverages': BudgetOveragesPage,
};
