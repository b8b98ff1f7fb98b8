/**
 * The people screens, keyed by their route-table path. The app router mounts each inside the
 * admin layout (the pages render no shell of their own). Pages load on first visit (code-split).
 */
import { lazy, type ComponentType } from 'react';

const ClientsPage = lazy(() => import('./pages/clients-page.tsx').then((m) => ({ default: m.ClientsPage })));
const CaregiversPage = lazy(() =>
  import('./pages/caregivers-page.tsx').then((m) => ({ default: m.CaregiversPage })),
);
const CaseManagersPage = lazy(() =>
  import('./pages/case-managers-page.tsx').then((m) => ({ default: m.CaseManagersPage })),
);
const InactivePage = lazy(() =>
  import('./pages/inactive-page.tsx').then((m) => ({ default: m.InactivePage })),
);
const EmailExportPage = lazy(() =>
  import('./pages/email-export-page.tsx').then((m) => ({ default: m.EmailExportPage })),
);

export const peopleScreens: Record<string, ComponentType> = {
  '/admin/clients': ClientsPage,
  '/admin/caregivers': CaregiversPage,
  '/admin/case-managers': CaseManagersPage,
  '/admin/inactive': InactivePage,
  '/admin/tools/email-export': EmailExportPage,
};
