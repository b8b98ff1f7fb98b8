/** Shift screens, keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const ShiftsPage = lazy(() => import('./pages/shifts-page.tsx').then((m) => ({ default: m.ShiftsPage })));
const ShiftDetailPage = lazy(() =>
  import('./pages/shift-detail-page.tsx').then((m) => ({ default: m.ShiftDetailPage })),
);
const ProductionShiftsPage = lazy(() =>
  import('./pages/shifts-page.tsx').then((m) => ({ default: m.ProductionShiftsPage })),
);
const UploadPage = lazy(() => import('./pages/upload-page.tsx').then((m) => ({ default: m.UploadPage })));

export const shiftsScreens: Record<string, ComponentType> = {
  '/admin/shifts': ShiftsPage,
  '/admin/shifts/:id': ShiftDetailPage,
  '/upload': UploadPage,
  '/production/shifts': ProductionShiftsPage,
};
