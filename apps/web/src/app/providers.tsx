/**
 * App-wide providers: Mantine (theme of spec s.9), notifications (5 s default timeout, spec s.9), TanStack
 * Query and the page's language (react-intl, `i18n/i18n-provider.tsx`, decision 0042). The router sits inside
 * these, so every page can use them; beside it, the reload offer of a new deploy (`update-offer.tsx`, decision 0068).
 *
 * The notifications container (and its transition library) loads just after the first render: no page
 * shows a notification before it is interactive, and `notifications.show()` calls made earlier wait in
 * the shared store (docs/decisions/0005-api-performance.md).
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The reload offer (decision 0068) loads just after the first render too, and stays in memory: a deploy that later
 * removes the old chunks cannot take it away (its chunk is fetched before any offer can be needed).
 */
const UpdateOffer = lazy(() => import('./update-offer.tsx').then((m) => ({ default: m.UpdateOffer })));

const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/** Default notification time-out (spec s.9 "Default notification timeout 5 s"). */
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          {children}
          <Suspense fallback={null}>
            <UpdateOffer />
          </Suspense>
        </I18nProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
