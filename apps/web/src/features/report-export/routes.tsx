/**
 * The report export screen (issue 24; docs/report-export.md): `/admin/tools/report-export`, an admin page (English).
 */
import { lazy, type ComponentType } from 'react';

const ReportExportPage = lazy(() =>
  import('./pages/report-export-page.tsx').then((m) => ({ default: m.ReportExportPage })),
);

export const reportExportScreens: Record<string, ComponentType> = {
  '/admin/tools/report-export': ReportExportPage,
};
