/**
 * The ISP admin screens (issue 19; docs/isp-screens.md), keyed by route-table path; the app router mounts them in
 * their layouts (`/process` and `/protocols` have none: they render their own `main`). The review page (`/verify`)
 * is registered by the review screens.
 */
import { lazy, type ComponentType } from 'react';

const IspListPage = lazy(() => import('./pages/isp-list-page.tsx').then((m) => ({ default: m.IspListPage })));
const IspUploadPage = lazy(() =>
  import('./pages/isp-upload-page.tsx').then((m) => ({ default: m.IspUploadPage })),
);
const ProcessPage = lazy(() => import('./pages/process-page.tsx').then((m) => ({ default: m.ProcessPage })));
const ProtocolsPage = lazy(() =>
  import('./pages/protocols-page.tsx').then((m) => ({ default: m.ProtocolsPage })),
);
const IspExportPage = lazy(() =>
  import('./pages/isp-export-page.tsx').then((m) => ({ default: m.IspExportPage })),
);
const ExtractionTestPage = lazy(() =>
  import('./pages/extraction-test-page.tsx').then((m) => ({ default: m.ExtractionTestPage })),
);

export const ispScreens: Record<string, ComponentType> = {
  '/admin/misctools/isp': IspListPage,
  '/admin/misctools/isp/upload': IspUploadPage,
  '/admin/misctools/isp/:id/export': IspExportPage,
  '/process': ProcessPage,
  '/protocols': ProtocolsPage,
  '/test-protocol-creation': ExtractionTestPage,
};
