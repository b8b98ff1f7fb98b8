/**
 * `/matchmaking/client/messager/:matchId` and `/matchmaking/caregiver/messager/:matchId` (issue 22; spec s.2
 * `/messager/{matchId}`): a match's conversation, live over the realtime channel — history with "Load older", new
 * messages as they come (announced to assistive tech), receipts, "typing…", edits, the contact-details warning, the
 * logged "Share my contact details" action (asked twice) and the connection's state. Anyone not in the match sees
 * the same "not found" as for an unknown id (the API's 404). English and Spanish.
 */
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import { Link, useParams } from 'react-router';
import { isNotFound, useMatchConversation } from '../api/conversations.ts';
import { ConnectionBanner } from '../components/connection-banner.tsx';
import { LoadFailed, Loading } from '../components/load-state.tsx';
import { ThreadView } from '../components/thread-view.tsx';

export function ClientMessagerPage() {
  return <MessagerPage side="client" />;
}

export function CaregiverMessagerPage() {
  return <MessagerPage side="caregiver" />;
}

function MessagerPage({ side }: { side: 'client' | 'caregiver' }) {
  const { matchId = '' } = useParams();
  const opened = useMatchConversation(matchId);
  const hub = `/matchmaking/${side}/messageHub`;
  return (
    <Stack gap="sm" maw={760} w="100%">
      <Anchor component={Link} to={hub} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          <FormattedMessage id="messaging.thread.back" />
        </Group>
      </Anchor>
      <ConnectionBanner />
      {opened.isError && isNotFound(opened.error) ? (
        <NotFound hub={hub} />
      ) : opened.isError ? (
        <LoadFailed onRetry={() => void opened.refetch()} />
      ) : !opened.data ? (
        <Loading />
      ) : (
        <ThreadView key={opened.data.conversation.id} data={opened.data} />
      )}
    </Stack>
  );
}

function NotFound({ hub }: { hub: string }) {
  return (
    <Stack gap="xs" data-testid="conversation-not-found">
      <Title order={1}>
        <FormattedMessage id="messaging.thread.notFoundTitle" />
      </Title>
      <Text size="sm">
        <FormattedMessage id="messaging.thread.notFoundText" />
      </Text>
      <Button component={Link} to={hub} w="fit-content">
        <FormattedMessage id="messaging.thread.toHub" />
      </Button>
    </Stack>
  );
}
