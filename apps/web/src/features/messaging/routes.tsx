/**
 * Messaging screens, keyed by route-table path: the admin outbox (English only) and the conversation pages of
 * matchmaking (issue 22; English and Spanish, each waiting for the whole catalogue like the matchmaking pages).
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

const OutboxPage = lazy(() => import('./pages/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })));

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
  // Conversations (issue 22; docs/matchmaking.md "Messages (pages)").
  '/matchmaking/client/messageHub': ClientMessageHubPage,
  '/matchmaking/caregiver/messageHub': CaregiverMessageHubPage,
  '/matchmaking/client/messager/:matchId': ClientMessagerPage,
  '/matchmaking/caregiver/messager/:matchId': CaregiverMessagerPage,
};
