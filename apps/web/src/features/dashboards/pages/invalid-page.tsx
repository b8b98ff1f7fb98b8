/**
 * `/dashboard/client/invalid-client` and `/dashboard/caregiver/invalid-caregiver` (issue 20): where an unknown id
 * and someone else's id both land — the same words for both, so a page never tells whether a record exists. Says
 * what to do next: check the link, open one's own dashboard, or contact the agency. Public (no sign-in needed).
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useMe } from '../../../lib/me.ts';
import { DashboardFrame } from '../components/dashboard-frame.tsx';

function InvalidDashboard({ kind }: { kind: 'client' | 'caregiver' }) {
  const { data: actor } = useMe();
  const home = kind === 'client' ? '/dashboard/client' : '/';
  return (
    <DashboardFrame home={home}>
      <Stack gap="md" maw={640}>
        <Title order={1}>
          <FormattedMessage id={`dashboards.frame.invalid.${kind}Title`} />
        </Title>
        <Alert variant="light" color="orange" icon={<IconLinkOff aria-hidden />}>
          <Text size="sm">
            <FormattedMessage id="dashboards.frame.invalid.text" />
          </Text>
        </Alert>
        <Button component={Link} to={actor ? home : '/login'} style={{ alignSelf: 'flex-start' }}>
          <FormattedMessage
            id={actor ? `dashboards.frame.invalid.${kind}Home` : 'dashboards.frame.invalid.signIn'}
          />
        </Button>
      </Stack>
    </DashboardFrame>
  );
}

export function InvalidClientPage() {
  return <InvalidDashboard kind="client" />;
}

export function InvalidCaregiverPage() {
  return <InvalidDashboard kind="caregiver" />;
}
