/** Incident screening screens, keyed by route-table path; the app router mounts them in their layouts. */
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

export const incidentsScreens: Record<string, ComponentType> = {
  '/admin/incidents': IncidentsPage,
  '/phrase-test': PhraseTestPage,
  '/test/phrase-mapper': PhraseMapperPage,
};
