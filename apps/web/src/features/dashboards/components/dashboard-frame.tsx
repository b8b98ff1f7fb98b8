/**
 * The simple frame every dashboard page uses (issue 20; decisions 0051, 0052; layout `none`): a skip link, Tend's
 * name, the person the page is about, the language switch and, when signed in, Sign out; an admin's "Preview as …"
 * banner when opened from `/testDashboard` (`?preview=1`); then the page in the one `main`. Phone-first: the header
 * wraps instead of scrolling sideways at 320 px.
 */
import { Alert, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isLocale, type Locale } from '@tend/contracts/locale';
import { isAdmin } from '@tend/contracts/permissions';
import { Link, useSearchParams } from 'react-router';
import { Brand, SkipLink } from '../../../app/layouts/brand.tsx';
import { useSignOut } from '../../../app/auth.tsx';
import { LocaleSwitcher } from '../../../i18n/locale-switcher.tsx';
import { useMe } from '../../../lib/me.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { PageLoader } from '../../../components/ui/page-loader.tsx';

export interface DashboardFrameProps {
  /** The person the dashboard is about (a client or a caregiver), when known. */
  personName?: string | null;
  /** Where Tend's name links to. */
  home?: string;
  /** The case manager's dashboard: a wider page for its tables. */
  wide?: boolean;
  children: ReactNode;
}

/** An admin's "Preview as <name>" banner (from `/testDashboard`, `?preview=1`), with the way back. */
function PreviewBanner({ personName }: { personName: string }) {
  const { data: actor } = useMe();
  const [searchParams] = useSearchParams();
  if (searchParams.get('preview') !== '1' || !isAdmin(actor)) return null;
  return (
    <Alert color="violet" variant="light" icon={<IconEye aria-hidden />} mb="md" data-testid="preview-banner">
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          <FormattedMessage id="dashboards.common.previewAs" values={{ name: personName }} />
        </Text>
        <Button component={Link} to="/testDashboard" variant="subtle" size="compact-sm">
          <FormattedMessage id="dashboards.common.previewBack" />
        </Button>
      </Group>
    </Alert>
  );
}

/** Sign out, shown only to a signed-in visitor. */
function SignOutButton() {
  const { data: actor } = useMe();
  const signOut = useSignOut();
  if (!actor) return null;
  return (
    <Button
      variant="subtle"
      size="sm"
      leftSection={<IconLogout size={16} aria-hidden />}
      onClick={() => void signOut()}
    >
      <FormattedMessage id="dashboards.frame.signOut" />
    </Button>
  );
}

export function DashboardFrame({ personName, home = '/', wide = false, children }: DashboardFrameProps) {
  return (
    <Box mih="100vh" bg="var(--mantine-color-gray-0)">
      <SkipLink />
      <Box
        component="header"
        py="xs"
        bg="var(--mantine-color-body)"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size={wide ? 'lg' : 'md'}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Group gap="sm" wrap="wrap" style={{ minWidth: 0 }}>
              <Brand to={home} />
              {personName && (
                <Text
                  size="sm"
                  c="dimmed"
                  style={{ overflowWrap: 'anywhere' }}
                  data-testid="dashboard-person"
                >
                  {personName}
                </Text>
              )}
            </Group>
            <Group gap={4} wrap="wrap">
              <LocaleSwitcher />
              <SignOutButton />
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size={wide ? 'lg' : 'md'} py="lg" px="sm" component="main" id="main" tabIndex={-1}>
        {personName && <PreviewBanner personName={personName} />}
        {children}
      </Container>
    </Box>
  );
}

/** The page's language as the API takes it. */
export function usePageLocale(): Locale {
  const intl = useIntl();
  return isLocale(intl.locale) ? intl.locale : 'en';
}

/** Whether a dashboard read was refused as not found (or its id was malformed): the invalid page's cases. */
export const isInvalidId = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** A titled section of a dashboard (an `h2` naming a `section`). */
export function DashboardSection({
  id,
  titleId,
  children,
}: {
  id: string;
  titleId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${id}-title`} id={id}>
      <Title order={2} size="h3" id={`${id}-title`}>
        <FormattedMessage id={titleId} />
      </Title>
      {children}
    </Stack>
  );
}

/** Loading, or a load error that says what to do. */
export function DashboardLoadState({ isPending }: { isPending: boolean }) {
  return isPending ? (
    <PageLoader />
  ) : (
    <Alert color="red" variant="light" role="alert">
      <FormattedMessage id="dashboards.frame.loadError" />
    </Alert>
  );
}
