/** Loading states: a full-screen "Loading..." overlay (auth resolving, spec s.2) and an in-page loader. */
import { Center, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

export function FullScreenLoading() {
  return (
    <LoadingOverlay
      visible
      pos="fixed"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 1, color: 'var(--mantine-color-body)' }}
      loaderProps={{
        children: (
          <Stack align="center" gap="xs" role="status" aria-live="polite">
            <Loader />
            <Text>Loading...</Text>
          </Stack>
        ),
      }}
    />
  );
}

export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
