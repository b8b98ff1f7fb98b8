/** Account screens of the auth feature, keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const MfaPage = lazy(() => import('./pages/mfa-page.tsx').then((m) => ({ default: m.MfaPage })));
const CaregiverLoginPage = lazy(() =>
  import('./pages/caregiver-login-page.tsx').then((m) => ({ default: m.CaregiverLoginPage })),
);
const CaregiverConfirmPage = lazy(() =>
  import('./pages/caregiver-confirm-page.tsx').then((m) => ({ default: m.CaregiverConfirmPage })),
);
const ConfirmPage = lazy(() => import('./pages/confirm-page.tsx').then((m) => ({ default: m.ConfirmPage })));
const AuthCallbackPage = lazy(() =>
  import('./pages/auth-callback-page.tsx').then((m) => ({ default: m.AuthCallbackPage })),
);
const AccountPage = lazy(() => import('./pages/account-page.tsx').then((m) => ({ default: m.AccountPage })));

export const authScreens: Record<string, ComponentType> = {
  '/account/mfa': MfaPage,
  '/caregiver/login': CaregiverLoginPage,
  '/caregiver/confirm': CaregiverConfirmPage,
  '/confirm': ConfirmPage,
  '/account': AccountPage,
  '/auth/callback': AuthCallbackPage,
};
