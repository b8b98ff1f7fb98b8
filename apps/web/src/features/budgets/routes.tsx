/**
 * Budget screens (the API's `budgets` module): overages and the client prime (clients + budget lines)
 * import. Keyed by route-table path; the app router mounts them in their layouts.
 */
import { lazy, type ComponentType } from 'react';

const BudgetOveragesPage = lazy(() =>
  import('./pages/budget-overages-page.tsx').then((m) => ({ default: m.BudgetOveragesPage })),
);
const ClientPrimeImportPage = lazy(() =>
  import('./pages/client-prime-import-page.tsx').then((m) => ({ default: m.ClientPrimeImportPage })),
);

export const budgetsScreens: Record<string, ComponentType> = {
  '/admin/budgetOverages': BudgetOveragesPage,
  '/admin/misctools/client-prime-import': ClientPrimeImportPage,
};
