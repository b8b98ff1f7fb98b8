/** Messaging screens (the API's `messaging` outbox), keyed by route-table path. */
import { lazy, type ComponentType } from 'react';

const OutboxPage = lazy(() => import('./pages/outbox-page.tsx').then((m) => ({ default: m.OutboxPage })));

export const messagingScreens: Record<string, ComponentType> = { '/admin/outbox': OutboxPage };

// Admin match review and match detection (issue 22; decision 0061): one block, kept at the end of the file.
const AdminMatchReviewPage = lazy(() =>
  import('./pages/admin-match-review-page.tsx').then((m) => ({ default: m.AdminMatchReviewPage })),
);
const AdminMatchDetectionPage = lazy(() =>
  import('./pages/admin-match-detection-page.tsx').then((m) => ({ default: m.AdminMatchDetectionPage })),
);
Object.assign(messagingScreens, {
  '/review-matches': AdminMatchReviewPage,
  '/admin/match-detection': AdminMatchDetectionPage,
});
