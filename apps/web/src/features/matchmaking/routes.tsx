/**
 * The matchmaking screens (issue 21; docs/matchmaking.md), keyed by route-table path; each page is code-split and
 * waits for the whole catalogue (English and Spanish). Layouts come from the route table (`matchmaking`,
 * `matchmaking-client`, `matchmaking-caregiver`).
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

// Entry, verification and the admin review (decision 0057).
const LandingPage = lazy(() =>
  afterCatalogue(import('./pages/landing-page.tsx')).then((m) => ({ default: m.LandingPage })),
);
const RoleSelectPage = lazy(() =>
  afterCatalogue(import('./pages/role-select-page.tsx')).then((m) => ({ default: m.RoleSelectPage })),
);
const EmbeddableLandingPage = lazy(() =>
  afterCatalogue(import('./pages/embeddable-landing-page.tsx')).then((m) => ({
    default: m.EmbeddableLandingPage,
  })),
);
const VerificationIdPage = lazy(() =>
  afterCatalogue(import('./pages/verification-id-page.tsx')).then((m) => ({ default: m.VerificationIdPage })),
);
const AdminReviewsPage = lazy(() =>
  afterCatalogue(import('./pages/admin-reviews-page.tsx')).then((m) => ({ default: m.AdminReviewsPage })),
);

export const matchmakingScreens: Record<string, ComponentType> = {
  // Entry, verification and the admin review (decision 0057).
  '/matchmaking': LandingPage,
  '/matchmaking/role-select': RoleSelectPage,
  '/matchmaking/embeddableLandingPage': EmbeddableLandingPage,
  '/matchmaking/verification/id': VerificationIdPage,
  '/admin/matchmaking/reviews': AdminReviewsPage,
};
