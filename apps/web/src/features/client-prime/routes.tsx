/** Client prime screens, keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const ClientPrimeImportPage = lazy(() =>
  import('./pages/client-prime-import-page.tsx').then((m) => ({ default: m.ClientPrimeImportPage })),
);

export const clientPrimeScreens: Record<string, ComponentType> = {
  '/admin/misctools/client-prime-import': ClientPrimeImportPage,
};
