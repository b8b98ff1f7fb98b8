/**
 * The matchmaking screens (issue 21; docs/matchmaking.md), keyed by route-table path; each page is code-split and
 * waits for the whole catalogue (English and Spanish). Layouts come from the route table (`matchmaking`,
 * `matchmaking-client`, `matchmaking-caregiver`).
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

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

export const matchmakingScreens: Record<string, ComponentType> = {
  '/matchmaking/client/scheduleMaker': ClientScheduleMakerPage,
  '/matchmaking/caregiver/scheduleMaker': CaregiverScheduleMakerPage,
  '/matchmaking/client/:uniqueKey/map': ClientMapPage,
  '/matchmaking/caregiver/:uniqueKey/map': CaregiverMapPage,
};
