/**
 * Loading and "not found" states of matchmaking pages (issue 21): a loader while a listing loads, and one message for
 * a listing that is unknown or not the caller's (the API answers both 404 alike), with a way back.
 */
import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';

/** A loader or the error of a query; null when the data is there. */
export function ListingLoadState({ isPending, error }: { isPending: boolean; error: unknown }) {
  const intl = useIntl();
  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Alert color={missing ? 'yellow' : 'red'} role="alert" data-testid="listing-load-error">
        <Stack gap="xs">
          <Text size="sm">
            {intl.formatMessage({
              id: missing ? 'matchmaking.schedule.notFound' : 'matchmaking.schedule.loadError',
            })}
          </Text>
          <Anchor component={Link} to="/matchmaking">
            {intl.formatMessage({ id: 'matchmaking.schedule.backHome' })}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (isPending)
    return (
      <Center py="xl">
        <Loader aria-label={intl.formatMessage({ id: 'matchmaking.schedule.loading' })} />
      </Center>
    );
  return null;
}
