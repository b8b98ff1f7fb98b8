/** Staging screens (issue 23; docs/staging.md), keyed by route-table path; admin only, English. */
import { lazy, type ComponentType } from 'react';

const StagingImportPage = lazy(() =>
  import('./pages/staging-import-page.tsx').then((m) => ({ default: m.StagingImportPage })),
);
const StagingManagePage = lazy(() =>
  import('./pages/staging-manage-page.tsx').then((m) => ({ default: m.StagingManagePage })),
);
const StagingComparisonPage = lazy(() =>
  import('./pages/staging-comparison-page.tsx').then((m) => ({ default: m.StagingComparisonPage })),
);
const StagingCheckPage = lazy(() =>
  import('./pages/staging-check-page.tsx').then((m) => ({ default: m.StagingCheckPage })),
);
const TestSyncPage = lazy(() =>
  import('./pages/test-sync-page.tsx').then((m) => ({ default: m.TestSyncPage })),
);
const DirectSyncPage = lazy(() =>
  import('./pages/direct-sync-page.tsx').then((m) => ({ default: m.DirectSyncPage })),
);

export const stagingScreens: Record<string, ComponentType> = {
  '/staging/import': StagingImportPage,
  '/staging/manage': StagingManagePage,
  '/staging/test-comparison': StagingComparisonPage,
  '/staging-check': StagingCheckPage,
  '/test-sync': TestSyncPage,
  '/direct-sync': DirectSyncPage,
};
