/**
 * `/matchmaking/client/profileFirstTime?clientId=` (issue 21; decision 0053): the welcome after publishing a
 * listing — what happens next (caregivers nearby can find it on the map; likes and messages come in part 2; the
 * contact details stay private until both sides agree) — with links to the profile and to the map.
 */
import { Anchor, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { isNotFound, useClientListing } from '../api/clients.ts';
import { ClientListingMissing, LoadState, useClientIdParam } from '../components/client-form-parts.tsx';

export function ClientProfileFirstTimePage() {
  const id = useClientIdParam();
  const listing = useClientListing(id);
  if (id === '' || isNotFound(listing.error)) return <ClientListingMissing />;
  if (!listing.data) return <LoadState failed={listing.isError} />;
  const { firstName, uniqueKey, hidden } = listing.data;
  return (
    <Stack gap="md" maw={640} w="100%">
      <Title order={1} style={{ overflowWrap: 'anywhere' }}>
        <FormattedMessage id="matchmaking.client.welcome.title" values={{ name: firstName }} />
      </Title>
      <Text>
        <FormattedMessage
          id={hidden ? 'matchmaking.client.welcome.hiddenIntro' : 'matchmaking.client.welcome.intro'}
        />
      </Text>
      <Title order={2} size="h4">
        <FormattedMessage id="matchmaking.client.welcome.nextTitle" />
      </Title>
      <List spacing="xs">
        <List.Item>
          <FormattedMessage id="matchmaking.client.welcome.nextMap" />
        </List.Item>
        <List.Item>
          <FormattedMessage id="matchmaking.client.welcome.nextPrivacy" />
        </List.Item>
        <List.Item>
          <FormattedMessage id="matchmaking.client.welcome.nextEdit" />
        </List.Item>
      </List>
      <Group>
        <Button component={Link} to={`/matchmaking/client/${uniqueKey}/map`}>
          <FormattedMessage id="matchmaking.client.welcome.toMap" />
        </Button>
        <Anchor component={Link} to="/matchmaking/client/profile">
          <FormattedMessage id="matchmaking.client.welcome.toProfile" />
        </Anchor>
      </Group>
    </Stack>
  );
}
