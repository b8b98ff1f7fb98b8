/**
 * The error page (spec s.2, s.8): status code, message and description. Default messages are
 * "Page Not Found" for 404 and "Internal Server Error" for anything else. `NotFoundPage` is the
 * unmatched route ('Page Not Found: {path}', 404); `RouteErrorPage` is the router's errorElement.
 */
import { Button, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { useEffect } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { useMe } from '../lib/me.ts';

export interface ErrorPageProps {
  status: number;
  message?: string;
  description?: string;
  /** Request id of a failed API call, for support. */
  requestId?: string;
  /** Inside a layout that already has the page's `main` landmark (then this is a plain section). */
  framed?: boolean;
}

export const defaultErrorMessage = (status: number): string =>
  status === 404 ? 'Page Not Found' : 'Internal Server Error';

const defaultDescription = (status: number): string =>
  status === 404
    ? 'The page you asked for does not exist or has moved. Check the address, or go back to the home page.'
    : 'Something went wrong while showing this page. Reload the page; if it keeps happening, tell your administrator.';

export function ErrorPage({ status, message, description, requestId, framed = false }: ErrorPageProps) {
  const shownMessage = message ?? defaultErrorMessage(status);
  useEffect(() => {
    document.title = `${shownMessage} | Tend Family`;
  }, [shownMessage]);
  return (
    <Container size="sm" py={80} {...(framed ? {} : { component: 'main' as const, id: 'main' })}>
      <Stack gap="md" align="flex-start">
        <Text c="dimmed" fw={700} fz={64} lh={1} aria-label={`Status ${status}`}>
          {status}
        </Text>
        <Title order={1} fz="h2">
          {shownMessage}
        </Title>
        <Text c="dimmed">{description ?? defaultDescription(status)}</Text>
        {requestId && (
          <Text size="sm" c="dimmed">
            Request id for support: <Code>{requestId}</Code>
          </Text>
        )}
        <Group>
          <Button component={Link} to="/">
            Go to the home page
          </Button>
          {status !== 404 && (
            <Button variant="default" onClick={() => window.location.reload()}>
              Reload
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
  const { pathname } = useLocation();
  const { data: actor } = useMe();
  return <ErrorPage status={404} message={`Page Not Found: ${pathname}`} framed={Boolean(actor)} />;
}

/** Router errorElement: maps a thrown response or error to the error page. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error)) {
    return (
      <ErrorPage
        status={error.status}
        message={error.status === 404 ? `Page Not Found: ${pathname}` : undefined}
        description={typeof error.data === 'string' && error.data ? error.data : undefined}
      />
    );
  }
  if (error instanceof ApiError && error.status >= 400) {
    return <ErrorPage status={error.status} description={error.message} requestId={error.requestId} />;
  }
  console.error(error);
  return <ErrorPage status={500} />;
}
