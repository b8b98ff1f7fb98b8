/** Realtime diagnostics screens (issue 22; decision 0061; API in module messaging `realtime-diagnostics.ts`). */
import { lazy, type ComponentType } from 'react';

const SocketTestPage = lazy(() =>
  import('./pages/socket-test-page.tsx').then((m) => ({ default: m.SocketTestPage })),
);
const ChatPage = lazy(() => import('./pages/chat-page.tsx').then((m) => ({ default: m.ChatPage })));

export const realtimeScreens: Record<string, ComponentType> = {
  '/socketTest': SocketTestPage,
  '/chat': ChatPage,
};
