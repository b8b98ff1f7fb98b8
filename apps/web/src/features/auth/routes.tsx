/** Account screens of the auth feature, keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const MfaPage = lazy(() => import('./pages/mfa-page.tsx').then((m) => ({ default: m.MfaPage })));

export const authScreens: Record<string, ComponentType> = {
  '/account/mfa': MfaPage,
};
