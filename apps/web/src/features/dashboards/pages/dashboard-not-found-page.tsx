/**
 * `/dashboard` "Dashboard Not Found" (issue 20; spec s.2), and the same guidance where a dashboard id is unknown or
 * not the caller's (the page never says which): which dashboards exist and how to reach yours — sign in, or open the
 * link from your email. English and Spanish.
 */
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { DashboardFrame } from '../components/dashboard-frame.tsx';

/** The guidance itself (a page's heading and text), for the pages that end in "not found". */
export function DashboardNotFoundContent({
  titleId = 'dashboards.common.notFound.title',
}: {
  titleId?: string;
}) {
  return (
    <Stack gap="sm" maw={720} data-testid="dashboard-not-found">
      <Title order={1}>
        <FormattedMessage id={titleId} />
      </Title>
      <Text>
        <FormattedMessage id="dashboards.common.notFound.intro" />
      </Text>
      <Title order={2} size="h4">
        <FormattedMessage id="dashboards.common.notFound.which" />
      </Title>
      <List spacing="xs">
        <List.Item>
          <FormattedMessage id="dashboards.common.notFound.caseManager" />
        </List.Item>
        <List.Item>
          <FormattedMessage id="dashboards.common.notFound.client" />
        </List.Item>
        <List.Item>
          <FormattedMessage id="dashboards.common.notFound.caregiver" />
        </List.Item>
      </List>
      <Title order={2} size="h4">
        <FormattedMessage id="dashboards.common.notFound.how" />
      </Title>
      <Text>
        <FormattedMessage id="dashboards.common.notFound.howText" />
      </Text>
      <Anchor component={Link} to="/">
        <FormattedMessage id="dashboards.common.notFound.home" />
      </Anchor>
    </Stack>
  );
}

export function DashboardNotFoundPage() {
  return (
    <DashboardFrame home="/dashboard" wide>
      <DashboardNotFoundContent />
    </DashboardFrame>
  );
}
