/** Messaging screens (the API's `messaging` outbox), keyed by route-table path. */
import { lazy, type ComponentType } from 'react';

const OutboxPage = lazy(() => import('./pages/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })));

export const messagingScreens: Record<string, ComponentType> = { '/admin/outbox': OutboxPage };
