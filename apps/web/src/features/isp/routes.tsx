/**
 * The ISP screens (issue 19; docs/isp-screens.md, docs/isp-acknowledgements.md, docs/quarterly-summaries.md), keyed
 * by route-table path; each page is code-split. The app router mounts them in their layouts: `/verify`, `/process`
 * and `/protocols` have none (they render their own `main`); `/acknowledge` is the caregivers' page (English and
 * Spanish), every other one an admin page.
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

const IspListPage = lazy(() => import('./pages/isp-list-page.tsx').then((m) => ({ default: m.IspListPage })));
const IspUploadPage = lazy(() =>
  import('./pages/isp-upload-page.tsx').then((m) => ({ default: m.IspUploadPage })),
);
const VerifyPage = lazy(() => import('./pages/verify-page.tsx').then((m) => ({ default: m.VerifyPage })));
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
const QuarterlySummariesPage = lazy(() =>
  import('./pages/quarterly-summaries-page.tsx').then((m) => ({ default: m.QuarterlySummariesPage })),
);
const AcknowledgePage = lazy(() =>
  afterCatalogue(import('./pages/acknowledge-page.tsx')).then((m) => ({ default: m.AcknowledgePage })),
);
const AcknowledgementRatesPage = lazy(() =>
  import('./pages/acknowledgement-rates-page.tsx').then((m) => ({ default: m.AcknowledgementRatesPage })),
);

export const ispScreens: Record<string, ComponentType> = {
  '/admin/misctools/isp': IspListPage,
  '/admin/misctools/isp/upload': IspUploadPage,
  '/admin/misctools/isp/:id/export': IspExportPage,
  '/admin/misctools/isp/quarterly-summaries': QuarterlySummariesPage,
  '/admin/misctools/isp/acknowledgements': AcknowledgementRatesPage,
  '/verify': VerifyPage,
  '/process': ProcessPage,
  '/protocols': ProtocolsPage,
  '/test-protocol-creation': ExtractionTestPage,
  '/acknowledge': AcknowledgePage,
};
