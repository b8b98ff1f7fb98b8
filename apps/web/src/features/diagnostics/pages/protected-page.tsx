/**
 * `/protected` (spec s.2; issue 24; decision 0067): the smallest guarded page, used by health checks of the guards
 * themselves. The route guard lets only admins in (others are sent home with the redirect message); the page then
 * asks `GET /api/diagnostics/protected`, behind the same API guard as every admin API, and says who passed and when.
 * A health check reads `data-testid="guard-check"` and its `data-status` (`checking`, `passed`, `failed`).
 */
import { Alert, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ExactTime } from '../../../components/ui/relative-time.tsx';
import { useProtectedCheck } from '../api/protected-check.ts';

export function ProtectedPage() {
  const check = useProtectedCheck();
  const status = check.data ? 'passed' : check.error ? 'failed' : 'checking';
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Protected</Title>
      <div data-testid="guard-check" data-status={status}>
        {check.data ? (
          <Alert color="green" variant="light" icon={<IconShieldCheck />} title="Guard check passed">
            <Text>
              The server let {check.data.role} <Code>{check.data.actorId}</Code> through at{' '}
              <ExactTime value={check.data.checkedAt} />.
            </Text>
          </Alert>
        ) : check.error ? (
          <ApiErrorAlert error={check.error} title="Guard check failed" />
        ) : (
          <Text role="status">
            <Loader size="xs" mr="xs" />
            Checking the guard…
          </Text>
        )}
      </div>
    </Stack>
  );
}
