/** Shift-note screens, keyed by route-table path; the app router mounts them in their layouts. */
import { lazy, type ComponentType } from 'react';

const MismatchedNotesPage = lazy(() =>
  import('./pages/mismatched-notes-page.tsx').then((m) => ({ default: m.MismatchedNotesPage })),
);
const NoteReviewPage = lazy(() =>
  import('./pages/note-review-page.tsx').then((m) => ({ default: m.NoteReviewPage })),
);

export const shiftNotesScreens: Record<string, ComponentType> = {
  '/admin/mismatched-shift-notes': MismatchedNotesPage,
  '/admin/misctools/shiftnotes/review': NoteReviewPage,
};
