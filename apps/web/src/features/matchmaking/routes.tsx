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

// Caregiver listings (decision 0054).
const CaregiverCreatePage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-create-page.tsx')).then((m) => ({
    default: m.CaregiverCreatePage,
  })),
);
const CaregiverFormPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-form-page.tsx')).then((m) => ({ default: m.CaregiverFormPage })),
);
const CaregiverMedallionPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-medallion-page.tsx')).then((m) => ({
    default: m.CaregiverMedallionPage,
  })),
);
const CaregiverBioPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-bio-page.tsx')).then((m) => ({ default: m.CaregiverBioPage })),
);
const CaregiverAdditionalInfoPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-additional-info-page.tsx')).then((m) => ({
    default: m.CaregiverAdditionalInfoPage,
  })),
);
const CaregiverFinalizationPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-finalization-page.tsx')).then((m) => ({
    default: m.CaregiverFinalizationPage,
  })),
);
const CaregiverVerificationPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-verification-page.tsx')).then((m) => ({
    default: m.CaregiverVerificationPage,
  })),
);
const CaregiverProfilePage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-profile-page.tsx')).then((m) => ({
    default: m.CaregiverProfilePage,
  })),
);
const CaregiverPreviewPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-preview-page.tsx')).then((m) => ({
    default: m.CaregiverPreviewPage,
  })),
);

// Schedules and the map (issue 21; decision 0056).
const ClientScheduleMakerPage = lazy(() =>
  afterCatalogue(import('./pages/client-schedule-maker-page.tsx')).then((m) => ({
    default: m.ClientScheduleMakerPage,
  })),
);
const CaregiverScheduleMakerPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-schedule-maker-page.tsx')).then((m) => ({
    default: m.CaregiverScheduleMakerPage,
  })),
);
const ClientMapPage = lazy(() =>
  afterCatalogue(import('./pages/client-map-page.tsx')).then((m) => ({ default: m.ClientMapPage })),
);
const CaregiverMapPage = lazy(() =>
  afterCatalogue(import('./pages/caregiver-map-page.tsx')).then((m) => ({ default: m.CaregiverMapPage })),
);

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

// Likes, matches and profiles of the other side (issue 22; decision 0059).
const likesPage = (load: () => Promise<Record<string, ComponentType>>, name: string) =>
  lazy(() => afterCatalogue(load()).then((m) => ({ default: m[name] as ComponentType })));
const discover = () => import('./pages/likes-discover-page.tsx');
const likesList = () => import('./pages/likes-list-page.tsx');
const matchesPages = () => import('./pages/matches-page.tsx');
const views = () => import('./pages/listing-view-pages.tsx');
const ClientLikesPage = likesPage(discover, 'ClientLikesPage');
const CaregiverLikesPage = likesPage(discover, 'CaregiverLikesPage');
const ClientLikesListPage = likesPage(likesList, 'ClientLikesListPage');
const CaregiverLikesListPage = likesPage(likesList, 'CaregiverLikesListPage');
const ClientMatchesPage = likesPage(matchesPages, 'ClientMatchesPage');
const CaregiverMatchesPage = likesPage(matchesPages, 'CaregiverMatchesPage');
const CaregiverViewPage = likesPage(views, 'CaregiverViewPage');
const CaregiverFullViewPage = likesPage(views, 'CaregiverFullViewPage');
const ClientViewPage = likesPage(views, 'ClientViewPage');

export const matchmakingScreens: Record<string, ComponentType> = {
  // Guardians and client listings (decision 0053).
  '/matchmaking/guardian/create': GuardianCreatePage,
  '/matchmaking/guardian/:guardianId/createClient': ClientNewPage,
  '/matchmaking/client/new': ClientNewPage,
  '/matchmaking/client/careDetails': ClientCareDetailsPage,
  '/matchmaking/client/listingFinalization': ClientListingFinalizationPage,
  '/matchmaking/client/profile': ClientProfilePage,
  '/matchmaking/client/profileFirstTime': ClientProfileFirstTimePage,
  // Caregiver listings (decision 0054).
  '/matchmaking/caregiver/create': CaregiverCreatePage,
  '/matchmaking/caregiver/new/form': CaregiverFormPage,
  '/matchmaking/caregiver/medallion': CaregiverMedallionPage,
  '/matchmaking/caregiver/bioCreation': CaregiverBioPage,
  '/matchmaking/caregiver/additionalInfo': CaregiverAdditionalInfoPage,
  '/matchmaking/caregiver/listingFinalization': CaregiverFinalizationPage,
  '/matchmaking/caregiver/verificationComplete': CaregiverVerificationPage,
  '/matchmaking/caregiver/profile': CaregiverProfilePage,
  '/matchmaking/caregiver/previewProfileTest': CaregiverPreviewPage,
  '/matchmaking/client/scheduleMaker': ClientScheduleMakerPage,
  '/matchmaking/caregiver/scheduleMaker': CaregiverScheduleMakerPage,
  '/matchmaking/client/:uniqueKey/map': ClientMapPage,
  '/matchmaking/caregiver/:uniqueKey/map': CaregiverMapPage,
  // Entry, verification and the admin review (decision 0057).
  '/matchmaking': LandingPage,
  '/matchmaking/role-select': RoleSelectPage,
  '/matchmaking/embeddableLandingPage': EmbeddableLandingPage,
  '/matchmaking/verification/id': VerificationIdPage,
  '/admin/matchmaking/reviews': AdminReviewsPage,
  // Media (issue 21 "Media"; decision 0055).
  '/matchmaking/client/new/:id/avatar': ClientAvatarPage,
  '/matchmaking/caregiver/new/:id/addMedia': CaregiverAddMediaPage,
  '/matchmaking/caregiver/profilePhoto': CaregiverProfilePhotoPage,
  '/matchmaking/mobile-upload': MobileUploadPage,
  // Likes, matches and profiles (issue 22; decision 0059).
  '/matchmaking/client/likes': ClientLikesPage,
  '/matchmaking/client/likesList': ClientLikesListPage,
  '/matchmaking/client/matches': ClientMatchesPage,
  '/matchmaking/client/caregiver/:id/profile': CaregiverViewPage,
  '/matchmaking/client/caregiver/:id/fullProfile': CaregiverFullViewPage,
  '/matchmaking/caregiver/likes': CaregiverLikesPage,
  '/matchmaking/caregiver/clients': CaregiverLikesPage,
  '/matchmaking/caregiver/likesList': CaregiverLikesListPage,
  '/matchmaking/caregiver/matches': CaregiverMatchesPage,
  '/matchmaking/caregiver/client/:id/profile': ClientViewPage,
};
