/**
 * `/dashboard/case-manager` (issue 20): the signed-in case manager's own dashboard (a redirect when they cover one
 * case manager), a chooser when they cover several (CASE_MANAGER grants; admins: every one, searchable), and the
 * dashboard not-found guidance when they cover none.
 */
import { useState } from 'react';
import { Anchor, Badge, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate } from 'react-router';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useDashboardCaseManagers } from '../api/case-manager.ts';
import { DashboardFrame } from '../components/dashboard-frame.tsx';
import { DashboardNotFoundContent } from './dashboard-not-found-page.tsx';

export function CaseManagerHomePage() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const list = useDashboardCaseManagers(search.trim());
  const only = !search && list.data?.total === 1 ? list.data.items[0] : undefined;
  if (only) return <Navigate replace to={`/dashboard/case-manager/${only.id}`} />;
  let body;
  if (list.isPending) body = <PageLoader />;
  else if (list.isError || (!search && list.data.total === 0)) body = <DashboardNotFoundContent />;
  else
    body = (
      <Stack gap="md" maw={720}>
        <Title order={1}>
          <FormattedMessage id="dashboards.caseManager.chooser.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage id="dashboards.caseManager.chooser.intro" />
        </Text>
        <TextInput
          label={intl.formatMessage({ id: 'dashboards.caseManager.chooser.search' })}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {list.data.items.length === 0 ? (
          <Text role="status" c="dimmed">
            <FormattedMessage id="dashboards.caseManager.chooser.noMatch" />
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0 }}>
            {list.data.items.map((item) => (
              <Group key={item.id} component="li" gap="xs" wrap="wrap">
                <Anchor component={Link} to={`/dashboard/case-manager/${item.id}`} fw={500}>
                  {item.name}
                </Anchor>
                {item.county && (
                  <Text size="sm" c="dimmed">
                    {item.county}
                  </Text>
                )}
                {item.own && (
                  <Badge variant="light">
                    <FormattedMessage id="dashboards.caseManager.chooser.own" />
                  </Badge>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    );
  return (
    <DashboardFrame home="/dashboard" wide>
      {body}
    </DashboardFrame>
  );
}
