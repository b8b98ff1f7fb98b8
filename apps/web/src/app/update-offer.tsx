/**
 * The reload offer of `lib/app-updates.ts` (issue 24 "App updates"; decision 0068), in the page's language:
 * - `UpdateOffer`, mounted once in `AppProviders`: in a built app it watches for deploys (`watchForUpdates`) and
 *   shows one notification, bottom right, "A new version of Tend is ready" with Reload and Not now, until one of them
 *   is pressed (no time-out). Hidden while an in-page offer shows.
 * - `ChunkFailedOffer`: what the router's error page shows instead of an error when a screen's code could not load
 *   (it asks `recoverFromChunkError` first, which reloads when the reload guard allows).
 * Both live in the app shell, never in a lazy chunk: after a deploy the old chunks may be gone.
 */
import { useEffect, useState } from 'react';
import { Affix, Button, Container, Group, Notification, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  dismissUpdateOffer,
  holdInlineOffer,
  recoverFromChunkError,
  reloadGuardActiveNow,
  reloadNow,
  useUpdateOffer,
  watchForUpdates,
} from '../lib/app-updates.ts';

/** See the module comment. `watch`: poll for deploys (default: only in a built app, where a manifest exists). */
export function UpdateOffer({ watch = import.meta.env.PROD }: { watch?: boolean }) {
  const intl = useIntl();
  const { offer, inlineOffers } = useUpdateOffer();
  useEffect(() => (watch ? watchForUpdates() : undefined), [watch]);
  if (!offer || inlineOffers > 0) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} maw="calc(100vw - 32px)" w={380}>
      <Notification
        data-testid="update-offer"
        title={intl.formatMessage({ id: 'app.update.title' })}
        withCloseButton={false}
        withBorder
        role="status"
        aria-live="polite"
      >
        <Stack gap="xs">
          <Text size="sm">
            <FormattedMessage
              id={offer.reason === 'chunk-failed' ? 'app.update.chunkDescription' : 'app.update.description'}
            />
          </Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => reloadNow()}>
              <FormattedMessage id="app.update.reload" />
            </Button>
            <Button size="xs" variant="default" onClick={dismissUpdateOffer}>
              <FormattedMessage id="app.update.dismiss" />
            </Button>
          </Group>
        </Stack>
      </Notification>
    </Affix>
  );
}

/**
 * In place of a screen whose code failed to load: reloads at once when the guard allows (nothing shows meanwhile),
 * else the offer as the page's content. `framed`: inside a layout that holds the page's `main`.
 */
export function ChunkFailedOffer({ error, framed = false }: { error: unknown; framed?: boolean }) {
  const intl = useIntl();
  // Read once: whether this failure will be offered (the guard is active) or reloaded (nothing to show meanwhile).
  const [offered] = useState(reloadGuardActiveNow);
  useEffect(() => {
    if (recoverFromChunkError(error) === 'offered') return holdInlineOffer();
  }, [error]);
  useEffect(() => {
    if (offered) document.title = `${intl.formatMessage({ id: 'app.update.title' })} | Tend Family`;
  }, [offered, intl]);
  if (!offered) return null;
  return (
    <Container size="sm" py={80} {...(framed ? {} : { component: 'main' as const, id: 'main' })}>
      <Stack gap="md" align="flex-start" data-testid="update-offer">
        <Title order={1} fz="h2">
          <FormattedMessage id="app.update.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="app.update.chunkDescription" />
        </Text>
        <Button onClick={() => reloadNow()}>
          <FormattedMessage id="app.update.reload" />
        </Button>
      </Stack>
    </Container>
  );
}
