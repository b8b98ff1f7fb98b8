/**
 * Messaging screens, keyed by route-table path: the admin outbox, match review and match detection (English only) and the conversation pages of
 * matchmaking (issue 22; English and Spanish, each waiting for the whole catalogue like the matchmaking pages).
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

const OutboxPage = lazy(() => import('./pages/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })));

const AdminMatchReviewPage = lazy(() =>
  import('./pages/admin-match-review-page.tsx').then((m) => ({ default: m.AdminMatchReviewPage })),
);
const AdminMatchDetectionPage = lazy(() =>
  import('./pages/admin-match-detection-page.tsx').then((m) => ({ default: m.AdminMatchDetectionPage })),
);
const ClientMessageHubPage = lazy(() =>
  afterCatalogue(import('./pages/message-hub-page.tsx')).then((m) => ({ default: m.ClientMessageHubPage })),
);
const CaregiverMessageHubPage = lazy(() =>
  afterCatalogue(import('./pages/message-hub-page.tsx')).then((m) => ({
    default: m.CaregiverMessageHubPage,
  })),
);
const ClientMessagerPage = lazy(() =>
  afterCatalogue(import('./pages/messager-page.tsx')).then((m) => ({ default: m.ClientMessagerPage })),
);
const CaregiverMessagerPage = lazy(() =>
  afterCatalogue(import('./pages/messager-page.tsx')).then((m) => ({ default: m.CaregiverMessagerPage })),
);

export const messagingScreens: Record<string, ComponentType> = {
  '/admin/outbox': OutboxPage,
  // Admin match review and match detection (issue 22; decision 0061).
  '/review-matches': AdminMatchReviewPage,
  '/admin/match-detection': AdminMatchDetectionPage,
  // Conversations (issue 22; docs/matchmaking.md "Messages (pages)").
  '/matchmaking/client/messageHub': ClientMessageHubPage,
  '/matchmaking/caregiver/messageHub': CaregiverMessageHubPage,
  '/matchmaking/client/messager/:matchId': ClientMessagerPage,
  '/matchmaking/caregiver/messager/:matchId': CaregiverMessagerPage,
};
