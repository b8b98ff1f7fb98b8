/**
 * `/matchmaking/client/messageHub` and `/matchmaking/caregiver/messageHub` (issue 22; spec s.2 `/messageHub`): the
 * caller's conversations — the other side's photo, first name and initial, the last message, its time, an unread
 * badge and an online dot — and its message requests: received (accept / decline) and sent ("closes in n days").
 * A guardian with several client listings picks one (`?listingId=`). Live: `inbox:changed` and `presence:changed`
 * fetch the lists again. English and Spanish.
 */
import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { conversationEvents } from '@tend/contracts';
import { useRealtimeReconnected, useServerEvent } from '../../../lib/realtime.ts';
import { conversationKeys, useConversations, useGuardianListings } from '../api/conversations.ts';
import { messageRequestKeys, useMessageRequests } from '../api/message-requests.ts';
import { ConnectionBanner } from '../components/connection-banner.tsx';
import { ConversationList } from '../components/conversation-list.tsx';
import { LoadFailed, Loading } from '../components/load-state.tsx';
import { RequestLists } from '../components/request-lists.tsx';

export type HubSide = 'client' | 'caregiver';

export function ClientMessageHubPage() {
  return <MessageHubPage side="client" />;
}

export function CaregiverMessageHubPage() {
  return <MessageHubPage side="caregiver" />;
}

function MessageHubPage({ side }: { side: HubSide }) {
  const [search, setSearch] = useSearchParams();
  const listings = useGuardianListings(side === 'client');
  const choices = listings.data?.items ?? [];
  const listingId =
    side === 'client' && choices.length > 1 ? (search.get('listingId') ?? undefined) : undefined;
  const conversations = useConversations(listingId);
  const requests = useMessageRequests(listingId);
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    void queryClient.invalidateQueries({ queryKey: messageRequestKeys.all });
  };
  useServerEvent(conversationEvents.inboxChanged, refresh);
  useServerEvent(conversationEvents.presence, refresh);
  useRealtimeReconnected(refresh);

  const pendingRequests = requests.data?.items.filter((request) => request.status === 'PENDING') ?? [];
  // The requests are a part of the page: when they fail, the conversations still show (and the other way round).
  const requestsSettled = requests.isError || requests.data !== undefined;
  return (
    <Stack gap="md" maw={760} w="100%">
      <Title order={1}>
        <FormattedMessage id="messaging.hub.title" />
      </Title>
      <ConnectionBanner />
      {choices.length > 1 && (
        <ListingPicker
          listings={choices}
          value={listingId ?? null}
          onChange={(value) => setSearch(value ? { listingId: value } : {}, { replace: true })}
        />
      )}
      {requests.isError && <LoadFailed onRetry={refresh} />}
      {conversations.isError ? (
        <LoadFailed onRetry={refresh} />
      ) : !conversations.data || !requestsSettled ? (
        <Loading />
      ) : conversations.data.items.length === 0 && pendingRequests.length === 0 ? (
        <EmptyHub side={side} />
      ) : (
        <>
          <RequestLists side={side} requests={pendingRequests} />
          <ConversationList side={side} conversations={conversations.data.items} />
        </>
      )}
    </Stack>
  );
}

function ListingPicker({
  listings,
  value,
  onChange,
}: {
  listings: { id: string; firstName: string; lastName: string | null }[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const intl = useIntl();
  return (
    <Select
      label={intl.formatMessage({ id: 'messaging.hub.listingLabel' })}
      placeholder={intl.formatMessage({ id: 'messaging.hub.listingAll' })}
      data={listings.map((listing) => ({
        value: listing.id,
        label: [listing.firstName, listing.lastName].filter(Boolean).join(' '),
      }))}
      value={value}
      onChange={onChange}
      clearable
      maw={360}
    />
  );
}

function EmptyHub({ side }: { side: HubSide }) {
  return (
    <Stack gap="xs" data-testid="hub-empty">
      <Title order={2} size="h3">
        <FormattedMessage id="messaging.hub.emptyTitle" />
      </Title>
      <Text size="sm">
        <FormattedMessage
          id={side === 'client' ? 'messaging.hub.emptyClient' : 'messaging.hub.emptyCaregiver'}
        />
      </Text>
      <Group gap="sm">
        <Button component={Link} to={`/matchmaking/${side}/likes`}>
          <FormattedMessage id="messaging.hub.emptyLikes" />
        </Button>
        <Anchor component={Link} to={`/matchmaking/${side}/profile`} size="sm">
          <FormattedMessage id="messaging.hub.emptyProfile" />
        </Anchor>
      </Group>
    </Stack>
  );
}
