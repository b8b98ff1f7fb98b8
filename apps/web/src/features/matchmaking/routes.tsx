/**
 * The matchmaking screens (issue 21; docs/matchmaking.md), keyed by route-table path; each page is code-split and
 * waits for the whole catalogue (English and Spanish). Layouts come from the route table (`matchmaking`,
 * `matchmaking-client`, `matchmaking-caregiver`).
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

// Guardians and client listings (decision 0053).
const GuardianCreatePage = lazy(() =>
  afterCatalogue(import('./pages/guardian-create-page.tsx')).then((m) => ({ default: m.GuardianCreatePage })),
);
const ClientNewPage = lazy(() =>
  afterCatalogue(import('./pages/client-new-page.tsx')).then((m) => ({ default: m.ClientNewPage })),
);
const ClientCareDetailsPage = lazy(() =>
  afterCatalogue(import('./pages/client-care-details-page.tsx')).then((m) => ({
    default: m.ClientCareDetailsPage,
  })),
);
const ClientListingFinalizationPage = lazy(() =>
  afterCatalogue(import('./pages/client-listing-finalization-page.tsx')).then((m) => ({
    default: m.ClientListingFinalizationPage,
  })),
);
const ClientProfilePage = lazy(() =>
  afterCatalogue(import('./pages/client-profile-page.tsx')).then((m) => ({ default: m.ClientProfilePage })),
);
const ClientProfileFirstTimePage = lazy(() =>
  afterCatalogue(import('./pages/client-profile-first-time-page.tsx')).then((m) => ({
    default: m.ClientProfileFirstTimePage,
  })),
);

export const matchmakingScreens: Record<string, ComponentType> = {
  // Guardians and client listings (decision 0053).
  '/matchmaking/guardian/create': GuardianCreatePage,
  '/matchmaking/guardian/:guardianId/createClient': ClientNewPage,
  '/matchmaking/client/new': ClientNewPage,
  '/matchmaking/client/careDetails': ClientCareDetailsPage,
  '/matchmaking/client/listingFinalization': ClientListingFinalizationPage,
  '/matchmaking/client/profile': ClientProfilePage,
  '/matchmaking/client/profileFirstTime': ClientProfileFirstTimePage,
};
