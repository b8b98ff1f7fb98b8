/** The ISP review screen (issue 19 "Review and verification"), keyed by route-table path; code-split. */
import { lazy, type ComponentType } from 'react';

const VerifyPage = lazy(() => import('./pages/verify-page.tsx').then((m) => ({ default: m.VerifyPage })));

export const ispReviewScreens: Record<string, ComponentType> = {
  '/verify': VerifyPage,
};
