/**
 * `/matchmaking` (spec s.2; issue 21 "Entry"; decision 0057): what matchmaking is, for families and for caregivers,
 * how privacy works, and the way in: sign in or create an account (the existing `/login?redirect=` and sign-up
 * flows), then "Continue where you left off" to the right step of each listing, or the role choice.
 */
import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake, IconLock, IconUsers } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { caregiverStepPath, clientStepPath, type MatchmakingHome } from '@tend/contracts';
import { useAuth } from '../../../app/auth.tsx';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { useMatchmakingHome } from '../api/entry.ts';

/** Where each of the caller's listings resumes (label values and path). */
export function resumeLinks(
  home: MatchmakingHome,
): { key: string; name: string; done: boolean; to: string }[] {
  const clients = home.clients.map((listing) => ({
    key: listing.id,
    name: listing.firstName,
    done: listing.nextStep === null,
    to: listing.nextStep ? clientStepPath(listing.nextStep, listing.id) : '/matchmaking/client/profile',
  }));
  const caregiver = home.caregiver;
  return caregiver
    ? [
        ...clients,
        {
          key: caregiver.id,
          name: caregiver.firstName,
          done: caregiver.nextStep === null,
          to: caregiver.nextStep
            ? caregiverStepPath(caregiver.nextStep, caregiver.id)
            : '/matchmaking/caregiver/profile',
        },
      ]
    : clients;
}

function SignedInPanel() {
  const intl = useIntl();
  const home = useMatchmakingHome(true);
  if (home.isPending) return <PageLoader />;
  if (home.error) return <ApiErrorAlert error={home.error} />;
  const links = resumeLinks(home.data);
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack>
        <Title order={2} size="h3">
          <FormattedMessage
            id={links.length ? 'matchmaking.entry.continueTitle' : 'matchmaking.entry.startTitle'}
          />
        </Title>
        {links.length ? (
          <Stack gap="xs">
            {links.map((link) => (
              <Button key={link.key} component={Link} to={link.to} variant="light" justify="space-between">
                {intl.formatMessage(
                  { id: link.done ? 'matchmaking.entry.openProfile' : 'matchmaking.entry.continueListing' },
                  { name: link.name },
                )}
              </Button>
            ))}
          </Stack>
        ) : (
          <Text>
            <FormattedMessage id="matchmaking.entry.startText" />
          </Text>
        )}
        <Group gap="sm">
          <Button
            component={Link}
            to="/matchmaking/role-select"
            variant={links.length ? 'default' : 'filled'}
          >
            <FormattedMessage
              id={links.length ? 'matchmaking.entry.addAnother' : 'matchmaking.entry.chooseRole'}
            />
          </Button>
          <Anchor component={Link} to="/matchmaking/verification/id" size="sm">
            <FormattedMessage id="matchmaking.entry.verifyLink" />
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

function SignedOutPanel() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack>
        <Title order={2} size="h3">
          <FormattedMessage id="matchmaking.entry.joinTitle" />
        </Title>
        <Text>
          <FormattedMessage id="matchmaking.entry.joinText" />
        </Text>
        <Group gap="sm">
          <Button component={Link} to="/login?redirect=/matchmaking/role-select">
            <FormattedMessage id="matchmaking.entry.createAccount" />
          </Button>
          <Button component={Link} to="/login?redirect=/matchmaking" variant="default">
            <FormattedMessage id="matchmaking.entry.signIn" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A side of the page: an icon, a heading and three points. */
function Side({ icon, side }: { icon: React.ReactNode; side: 'families' | 'caregivers' | 'privacy' }) {
  return (
    <Card withBorder padding="md" radius="md">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={2} size="h4">
            <FormattedMessage id={`matchmaking.entry.${side}.title`} />
          </Title>
        </Group>
        <List spacing={4} size="sm">
          {[1, 2, 3].map((n) => (
            <List.Item key={n}>
              <FormattedMessage id={`matchmaking.entry.${side}.point${n}`} />
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

export function LandingPage() {
  const { actor, isLoading } = useAuth();
  return (
    <Stack gap="lg" maw={960} mx="auto">
      <Stack gap="xs">
        <Title order={1}>
          <FormattedMessage id="matchmaking.entry.title" />
        </Title>
        <Text size="lg">
          <FormattedMessage id="matchmaking.entry.intro" />
        </Text>
      </Stack>
      {isLoading ? <PageLoader /> : actor ? <SignedInPanel /> : <SignedOutPanel />}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Side side="families" icon={<IconUsers size={20} />} />
        <Side side="caregivers" icon={<IconHeartHandshake size={20} />} />
        <Side side="privacy" icon={<IconLock size={20} />} />
      </SimpleGrid>
    </Stack>
  );
}
