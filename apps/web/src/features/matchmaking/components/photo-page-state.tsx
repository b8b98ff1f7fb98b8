/**
 * The media pages' state when the listing cannot be opened (someone else's, unknown, or not created yet: the API
 * answers 404 for all of them alike) or is still loading.
 */
import { Alert, Button, Loader, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

export function PhotoPageState({ isPending, home }: { isPending: boolean; home: string }) {
  const intl = useIntl();
  if (isPending) return <Loader aria-label={intl.formatMessage({ id: 'matchmaking.media.loading' })} />;
  return (
    <Stack gap="sm" maw={560}>
      <Alert
        color="yellow"
        role="alert"
        title={intl.formatMessage({ id: 'matchmaking.media.notFound.title' })}
      >
        {intl.formatMessage({ id: 'matchmaking.media.notFound.body' })}
      </Alert>
      <Button component={Link} to={home} style={{ alignSelf: 'flex-start' }}>
        {intl.formatMessage({ id: 'matchmaking.media.notFound.action' })}
      </Button>
    </Stack>
  );
}
