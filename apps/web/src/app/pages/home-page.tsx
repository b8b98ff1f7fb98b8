/**
 * `/` (public, default layout): "Tend Family". Signed out: a welcome with a Sign in button. Signed-in
 * admin: cards linking to the built admin pages. Signed-in non-admin: their own dashboard (`GET /api/me/home`;
 * issue 20 "a signed-in non-admin's home is their own dashboard"): the page goes there at once, or says plainly
 * (English and Spanish) that the account is not linked to a person record yet, or that nothing is shared with it
 * yet, and to ask the agency. Shows the admin-redirect alert (spec s.2). With a `?redirect=` and a signed-in user
 * it shows the "Loading..." overlay for 2 s, then goes there (spec s.2).
 */
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconLogin } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accessGrantEndpoints, type MyHome } from '@tend/contracts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormattedMessage } from 'react-intl';
import { isAdmin } from '@tend/contracts/permissions';
import { AdminRedirectAlert } from '../admin-redirect-alert.tsx';
import { useMe } from '../auth.tsx';
import { builtAdminNavigation } from '../navigation.ts';
import { FullScreenLoading } from '../../components/ui/page-loader.tsx';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { apiCall } from '../../lib/api-client.ts';

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

/** The signed-in person's own dashboard path (`GET /api/me/home`), only for a signed-in non-admin. */
function useMyHome(enabled: boolean) {
  return useQuery({
    queryKey: ['me', 'home'],
    queryFn: ({ signal }) => apiCall(accessGrantEndpoints.getMyHome, { signal }),
    enabled,
  });
}

/** A signed-in non-admin with no dashboard: why, in their language, and whom to ask. */
function NoDashboard({ name, home }: { name: string; home: MyHome | undefined }) {
  return (
    <Card withBorder padding="xl" maw={560}>
      <Stack gap="xs">
        <Title order={2} fz="h3">
          <FormattedMessage id="app.home.signedInAs" values={{ name }} />
        </Title>
        {home === undefined ? (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text>
              <FormattedMessage id="app.home.openingDashboard" />
            </Text>
          </Group>
        ) : (
          <Text>
            <FormattedMessage id={home.person ? 'app.home.noClientsYet' : 'app.home.notLinked'} />
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export function HomePage() {
  const { data: actor } = useMe();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirectPath(searchParams.get('redirect'));
  const redirecting = Boolean(actor && redirect);
  const nonAdmin = Boolean(actor && !isAdmin(actor));
  const home = useMyHome(nonAdmin && !redirecting);
  const homePath = home.data?.path ?? null;

  useEffect(() => {
    if (homePath) void navigate(homePath, { replace: true });
  }, [homePath, navigate]);

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
      {actor && nonAdmin && !homePath && (
        <NoDashboard
          name={actor.fullName ?? actor.email}
          home={home.isError ? { path: null, person: null } : home.data}
        />
      )}
    </Stack>
  );
}
