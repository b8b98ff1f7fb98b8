/**
 * The error page (spec s.2, s.8): status code, message and description. Default messages are
 * "Page Not Found" for 404 and "Internal Server Error" for anything else. `NotFoundPage` is the
 * unmatched route ('Page Not Found: {path}', 404); `RouteErrorPage` is the router's errorElement. Words come from
 * the app catalogue (`app/messages/`, decision 0042) in the page's language.
 */
import { Button, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { lazy, Suspense, useEffect } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError } from '../lib/api-client.ts';
import { useMe } from '../lib/me.ts';
import { LocaleSwitcher } from '../i18n/locale-switcher.tsx';
import { isChunkLoadError } from '../lib/app-updates.ts';

/** Loaded at start by the providers' `UpdateOffer` (same module): here it comes from memory, never from the network. */
const ChunkFailedOffer = lazy(() =>
  import('./update-offer.tsx').then((m) => ({ default: m.ChunkFailedOffer })),
);

export interface ErrorPageProps {
  status: number;
  message?: string;
  description?: string;
  /** Request id of a failed API call, for support. */
  requestId?: string;
  /** Inside a layout that already has the page's `main` landmark (then this is a plain section). */
  framed?: boolean;
  /** Shows the language switch (pages outside every layout, whose header would have it: the 404 page). */
  languageSwitch?: boolean;
}

export const defaultErrorMessage = (intl: IntlShape, status: number): string =>
  intl.formatMessage({ id: status === 404 ? 'app.error.notFound' : 'app.error.serverError' });

const defaultDescription = (intl: IntlShape, status: number): string =>
  intl.formatMessage({
    id: status === 404 ? 'app.error.notFoundDescription' : 'app.error.serverErrorDescription',
  });

export function ErrorPage({
  status,
  message,
  description,
  requestId,
  framed = false,
  languageSwitch,
}: ErrorPageProps) {
  const intl = useIntl();
  const shownMessage = message ?? defaultErrorMessage(intl, status);
  useEffect(() => {
    document.title = `${shownMessage} | Tend Family`;
  }, [shownMessage]);
  return (
    <Container size="sm" py={80} {...(framed ? {} : { component: 'main' as const, id: 'main' })}>
      <Stack gap="md" align="flex-start">
        {languageSwitch && (
          <Group justify="flex-end" w="100%">
            <LocaleSwitcher />
          </Group>
        )}
        <Text
          c="dimmed"
          fw={700}
          fz={64}
          lh={1}
          aria-label={intl.formatMessage({ id: 'app.error.status' }, { status })}
        >
          {status}
        </Text>
        <Title order={1} fz="h2">
          {shownMessage}
        </Title>
        <Text c="dimmed">{description ?? defaultDescription(intl, status)}</Text>
        {requestId && (
          <Text size="sm" c="dimmed">
            <FormattedMessage
              id="app.error.requestId"
              values={{ id: requestId, code: (chunks) => <Code>{chunks}</Code> }}
            />
          </Text>
        )}
        <Group>
          <Button component={Link} to="/">
            <FormattedMessage id="app.error.home" />
          </Button>
          {status !== 404 && (
            <Button variant="default" onClick={() => window.location.reload()}>
              <FormattedMessage id="app.error.reload" />
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}

/**
 * The unmatched route: 404 with 'Page Not Found: {path}'. Signed in, it sits in the signed-in frame
 * (router.tsx `ActorLayout`), whose layout holds the `main` landmark.
 */
export function NotFoundPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { data: actor } = useMe();
  return (
    <ErrorPage
      status={404}
      message={intl.formatMessage({ id: 'app.error.notFoundAt' }, { path: pathname })}
      framed={Boolean(actor)}
      languageSwitch={!actor}
    />
  );
}

/**
 * Router errorElement: maps a thrown response or error to the error page; a screen whose code failed to load (a
 * deploy removed it) gets the reload offer instead (`ChunkFailedOffer`, decision 0068). `framed` when it replaces a screen
 * inside its layout (the layout holds the page's one `main` landmark); the root's errorElement, outside every
 * layout, is the page's `main` itself.
 */
export function RouteErrorPage({ framed = false }: { framed?: boolean }) {
  const intl = useIntl();
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage
        status={error.status}
        framed={framed}
        message={
          error.status === 404
            ? intl.formatMessage({ id: 'app.error.notFoundAt' }, { path: pathname })
            : undefined
        }
        description={typeof error.data === 'string' && error.data ? error.data : undefined}
      />
    );
  }
  if (isChunkLoadError(error))
    return (
      <Suspense fallback={null}>
        <ChunkFailedOffer error={error} framed={framed} />
      </Suspense>
    );
  if (error instanceof ApiError && error.status >= 400) {
    return (
      <ErrorPage
        status={error.status}
        description={error.message}
        requestId={error.requestId}
        framed={framed}
      />
    );
  }
  console.error(error);
  return <ErrorPage status={500} framed={framed} />;
}
