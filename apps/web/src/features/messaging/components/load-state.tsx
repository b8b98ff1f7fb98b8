/** Loading and failed states of the conversation pages (English and Spanish). */
import { Alert, Button, Center, Loader } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';

export function Loading() {
  const intl = useIntl();
  return (
    <Center py="lg">
      <Loader aria-label={intl.formatMessage({ id: 'messaging.loading' })} />
    </Center>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" title={<FormattedMessage id="messaging.loadFailed.title" />}>
      <Button size="xs" variant="default" mt="xs" onClick={onRetry}>
        <FormattedMessage id="messaging.loadFailed.retry" />
      </Button>
    </Alert>
  );
}
