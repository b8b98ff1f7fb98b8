/**
 * The matchmaking screens (issue 21; docs/matchmaking.md), keyed by route-table path; each page is code-split and
 * waits for the whole catalogue (English and Spanish). Layouts come from the route table (`matchmaking`,
 * `matchmaking-client`, `matchmaking-caregiver`).
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

// Media (issue 21 "Media"; decision 0055).
const ClientAvatarPage = lazy(() =>
  afterCatalogue(import('./pages/client-avatar-page.tsx')).then((m) => ({ default: m.ClientAvatarPage })),
);
const CaregiverAddMediaPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-add-media-page.tsx')).then((m) => ({
    default: m.CaregiverAddMediaPage,
  })),
);
const CaregiverProfilePhotoPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-profile-photo-page.tsx')).then((m) => ({
    default: m.CaregiverProfilePhotoPage,
  })),
);
const MobileUploadPage = lazy(() =>
  afterCatalogue(import('./pages/mobile-upload-page.tsx')).then((m) => ({ default: m.MobileUploadPage })),
);

export const matchmakingScreens: Record<string, ComponentType> = {
  // Media (issue 21 "Media"; decision 0055).
  '/matchmaking/client/new/:id/avatar': ClientAvatarPage,
  '/matchmaking/caregiver/new/:id/addMedia': CaregiverAddMediaPage,
  '/matchmaking/caregiver/profilePhoto': CaregiverProfilePhotoPage,
  '/matchmaking/mobile-upload': MobileUploadPage,
};
