/**
 * The dashboards' own simple frame (issue 20; layout `none`): a header with Tend's name, the person the dashboard is
 * about, the language switch and sign out, an admin's "Preview as …" banner when opened from `/testDashboard`
 * (`?preview=1`), and the page's one `main`.
 */
import type { ReactNode } from 'react';
import { Alert, Box, Button, Container, Group, Text } from '@mantine/core';
import { IconEye, IconLogout } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { isAdmin } from '@tend/contracts/permissions';
import { Brand } from '../../../app/layouts/brand.tsx';
import { useMe, useSignOut } from '../../../app/auth.tsx';
import { LocaleSwitcher } from '../../../i18n/locale-switcher.tsx';

export function CaseManagerFrame({ personName, children }: { personName?: string; children: ReactNode }) {
  const { data: actor } = useMe();
  const signOut = useSignOut();
  const [searchParams] = useSearchParams();
  const preview = searchParams.get('preview') === '1' && isAdmin(actor);
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" py="xs">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="sm" wrap="wrap">
              <Brand to="/dashboard" />
              {personName && (
                <Text fw={500} size="sm" data-testid="dashboard-person" style={{ overflowWrap: 'anywhere' }}>
                  {personName}
                </Text>
              )}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LocaleSwitcher />
              {actor && (
                <Button
                  variant="light"
                  size="sm"
                  leftSection={<IconLogout size={16} aria-hidden />}
                  onClick={() => void signOut()}
                >
                  <FormattedMessage id="dashboards.common.signOut" />
                </Button>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="md" component="main">
        {preview && personName && (
          <Alert
            color="violet"
            variant="light"
            icon={<IconEye aria-hidden />}
            mb="md"
            data-testid="preview-banner"
          >
            <Group gap="sm" wrap="wrap">
              <Text size="sm" fw={500}>
                <FormattedMessage id="dashboards.common.previewAs" values={{ name: personName }} />
              </Text>
              <Button component={Link} to="/testDashboard" variant="subtle" size="compact-sm">
                <FormattedMessage id="dashboards.common.previewBack" />
              </Button>
            </Group>
          </Alert>
        )}
        {children}
      </Container>
    </Box>
  );
}
