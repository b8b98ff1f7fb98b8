/** Quarterly summary screens (issue 19 "Export and reports"), keyed by route-table path; code-split. */
import { lazy, type ComponentType } from 'react';

const QuarterlySummariesPage = lazy(() =>
  import('./quarterly-summaries-page.tsx').then((m) => ({ default: m.QuarterlySummariesPage })),
);

export const quarterlyScreens: Record<string, ComponentType> = {
  '/admin/misctools/isp/quarterly-summaries': QuarterlySummariesPage,
};
