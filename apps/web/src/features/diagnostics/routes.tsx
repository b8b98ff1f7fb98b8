/** Admin diagnostics screens (issue 24; decision 0067; API in platform `diagnostics`). */
import { lazy, type ComponentType } from 'react';

const DiagnosticsPage = lazy(() =>
  import('./pages/diagnostics-page.tsx').then((m) => ({ default: m.DiagnosticsPage })),
);
const ProtectedPage = lazy(() =>
  import('./pages/protected-page.tsx').then((m) => ({ default: m.ProtectedPage })),
);

export const diagnosticsScreens: Record<string, ComponentType> = {
  '/test': DiagnosticsPage,
  '/protected': ProtectedPage,
};
