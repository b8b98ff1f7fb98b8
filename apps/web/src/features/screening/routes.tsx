/**
 * Screening screens (the API's `screening` module): incidents and phrase terms, baseline and suspicious
 * locations, shift notes. Keyed by route-table path; the app router mounts them in their layouts.
 */
import { lazy, type ComponentType } from 'react';

const IncidentsPage = lazy(() =>
  import('./pages/incidents-page.tsx').then((m) => ({ default: m.IncidentsPage })),
);
const PhraseTestPage = lazy(() =>
  import('./pages/phrase-test-page.tsx').then((m) => ({ default: m.PhraseTestPage })),
);
const PhraseMapperPage = lazy(() =>
  import('./pages/phrase-mapper-page.tsx').then((m) => ({ default: m.PhraseMapperPage })),
);
const BaselineLocationsPage = lazy(() =>
  import('./pages/baseline-locations-page.tsx').then((m) => ({ default: m.BaselineLocationsPage })),
);
const MismatchedNotesPage = lazy(() =>
  import('./pages/mismatched-notes-page.tsx').then((m) => ({ default: m.MismatchedNotesPage })),
);
const NoteReviewPage = lazy(() =>
  import('./pages/note-review-page.tsx').then((m) => ({ default: m.NoteReviewPage })),
);

export const screeningScreens: Record<string, ComponentType> = {
  '/admin/incidents': IncidentsPage,
  '/phrase-test': PhraseTestPage,
  '/test/phrase-mapper': PhraseMapperPage,
  '/admin/baselineLocations': BaselineLocationsPage,
  '/admin/mismatched-shift-notes': MismatchedNotesPage,
  '/admin/misctools/shiftnotes/review': NoteReviewPage,
};
