/**
 * `/` (public, default layout): "Tend Family". Signed out: a welcome with a Sign in button. Signed-in
 * admin: cards linking to the built admin pages. Shows the admin-redirect alert (spec s.2). With a
 * `?redirect=` and a signed-in user it shows the "Loading..." overlay for 2 s, then goes there (spec s.2).
 */
import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconLogin } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage } from 'react-intl';
import { isAdmin } from '@tend/contracts/permissions';
import { AdminRedirectAlert } from '../admin-redirect-alert.tsx';
import { useMe } from '../auth.tsx';
import { builtAdminNavigation } from '../navigation.ts';
import { FullScreenLoading } from '../../components/ui/page-loader.tsx';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';

/** Post-redirect loading overlay (spec s.9). */
export const POST_REDIRECT_OVERLAY_MS = 2000;

function AdminLinks() {
  const items = builtAdminNavigation().flatMap((section) =>
    section.items.map((item) => ({ ...item, section: section.label })),
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      {items.map((item) => {
        const Icon = item.icon ?? IconArrowRight;
        return (
          <Card
            key={item.path}
            component={Link}
            to={item.path}
            withBorder
            padding="lg"
            aria-label={`${item.label} (${item.section})`}
          >
            <Group wrap="nowrap">
              <ThemeIcon variant="light" size="lg" aria-hidden>
                <Icon size={20} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{item.label}</Text>
                <Text size="xs" c="dimmed">
                  {item.section}
                </Text>
              </div>
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export function HomePage() {
  const { data: actor } = useMe();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const redirecting = Boolean(actor && redirect);

  useEffect(() => {
    if (!redirecting || !redirect) return;
    const timer = setTimeout(() => void navigate(redirect, { replace: true }), POST_REDIRECT_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [redirecting, redirect, navigate]);

  return (
    <Stack gap="lg">
      {redirecting && <FullScreenLoading />}
      <AdminRedirectAlert />
      <div>
        <Title order={1}>Tend Family</Title>
        <Text c="dimmed" mt={4}>
          <FormattedMessage id="app.home.tagline" />
        </Text>
      </div>
      {actor === null && (
        <Card withBorder padding="xl" maw={560}>
          <Stack gap="sm" align="flex-start">
            <Title order={2} fz="h3">
              <FormattedMessage id="app.home.welcome" />
            </Title>
            <Text>
              <FormattedMessage id="app.home.signInText" />
            </Text>
            <Button component={Link} to="/login" leftSection={<IconLogin size={18} aria-hidden />}>
              <FormattedMessage id="app.userControls.signIn" />
            </Button>
          </Stack>
        </Card>
      )}
      {actor && isAdmin(actor) && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} fz="h3">
              Agency administration
            </Title>
            <Button
              component={Link}
              to="/admin"
              variant="light"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              Open the agency home
            </Button>
          </Group>
          <AdminLinks />
        </Stack>
      )}
      {actor && !isAdmin(actor) && (
        <Card withBorder padding="xl" maw={560}>
          <Stack gap="xs">
            <Title order={2} fz="h3">
              <FormattedMessage id="app.home.signedInAs" values={{ name: actor.fullName ?? actor.email }} />
            </Title>
            <Text>
              <FormattedMessage id="app.home.dashboardSoon" />
            </Text>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
