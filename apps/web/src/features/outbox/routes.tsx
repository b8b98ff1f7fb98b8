/** Outbox screens, keyed by route-table path. */
import { lazy, type ComponentType } from 'react';

const OutboxPage = lazy(() => import('./pages/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })));

export const outboxScreens: Record<string, ComponentType> = { '/admin/outbox': OutboxPage };
