/** Loading states: a full-screen "Loading..." overlay (auth resolving, spec s.2) and an in-page loader. */
import { Center, Loader, Stack, Text } from '@mantine/core';
import { use } from 'react';
import { IntlContext, type IntlShape } from 'react-intl';

/**
 * "Loading..." in the page's language (`app.loading`); English outside an `IntlProvider` (the provider itself may
 * still be loading its catalogue when a loader shows).
 */
function useLoadingWords(): string {
  const intl = use(IntlContext) as IntlShape | null;
  return intl ? intl.formatMessage({ id: 'app.loading' }) : 'Loading...';
}

/**
 * Covers the whole viewport in the page's background with a loader and "Loading..." (a polite status). A plain
 * fixed `Center`, not Mantine's `LoadingOverlay`: the overlay's transitions would ride in /login's first download
 * (docs/decisions/0005-api-performance.md), and this overlay never fades.
 */
export function FullScreenLoading() {
  const words = useLoadingWords();
  return (
    <Center pos="fixed" inset={0} bg="var(--mantine-color-body)" style={{ zIndex: 1000 }}>
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader />
        <Text>{words}</Text>
      </Stack>
    </Center>
  );
}

export function PageLoader() {
  const words = useLoadingWords();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={words} />
    </Center>
  );
}
