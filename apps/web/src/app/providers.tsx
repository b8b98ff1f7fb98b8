/**
 * App-wide providers: Mantine (theme of spec s.9), notifications (5 s default timeout, spec s.9) and
 * TanStack Query. The router sits inside these, so every page can use them.
 */
import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Default notification time-out (spec s.9 "Default notification timeout 5 s"). */
export const NOTIFICATION_AUTO_CLOSE_MS = 5000;

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications autoClose={NOTIFICATION_AUTO_CLOSE_MS} position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
