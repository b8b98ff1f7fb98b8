/**
 * `/dashboard/caregiver/welcome/:caregiverId` (issue 20): a caregiver's first visit — what their page shows (hours
 * and overtime, shifts, protocols, things to fix) and a link into it. Someone else's or an unknown id: the invalid
 * page.
 */
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { useCaregiverDashboard } from '../api/caregiver.ts';
import {
  DashboardFrame,
  DashboardLoadState,
  isInvalidId,
  usePageLocale,
} from '../components/dashboard-frame.tsx';

export function CaregiverWelcomePage() {
  const intl = useIntl();
  const { caregiverId = '' } = useParams();
  const dashboard = useCaregiverDashboard(caregiverId, usePageLocale());
  if (isInvalidId(dashboard.error)) return <Navigate to="/dashboard/caregiver/invalid-caregiver" replace />;
  const name = dashboard.data?.name;
  return (
    <DashboardFrame personName={name} home={`/dashboard/caregiver/${caregiverId}`}>
      {name ? (
        <Stack gap="md" maw={640}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {intl.formatMessage({ id: 'dashboards.caregiver.welcomeTitle' }, { name })}
          </Title>
          <Text>
            <FormattedMessage id="dashboards.caregiver.welcomeIntro" />
          </Text>
          <List spacing="xs">
            <List.Item>
              <FormattedMessage id="dashboards.caregiver.welcomeHours" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="dashboards.caregiver.welcomeShifts" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="dashboards.caregiver.welcomeProtocols" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="dashboards.caregiver.welcomeIssues" />
            </List.Item>
          </List>
          <Button
            component={Link}
            to={`/dashboard/caregiver/${caregiverId}`}
            style={{ alignSelf: 'flex-start' }}
          >
            <FormattedMessage id="dashboards.caregiver.welcomeOpen" />
          </Button>
        </Stack>
      ) : (
        <DashboardLoadState isPending={dashboard.isPending} />
      )}
    </DashboardFrame>
  );
}
