/**
 * The case manager's matches to authorize (issue 22 "A match can need the case manager's authorization before it
 * turns into scheduled care"; decision 0059): for each, the client, the caregiver (first name and last initial, city),
 * the fit score, an optional note and Authorize / Decline. Shown only when something waits.
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuthorizationItem } from '@tend/contracts';
import { useDecideMatchAuthorization, useMatchAuthorizations } from '../api/match-authorizations.ts';

function AuthorizationCard({ item }: { item: AuthorizationItem }) {
  const intl = useIntl();
  const [note, setNote] = useState('');
  const decide = useDecideMatchAuthorization();
  const caregiver = item.caregiver.lastInitial
    ? `${item.caregiver.firstName} ${item.caregiver.lastInitial}.`
    : item.caregiver.firstName;
  const send = (decision: 'authorize' | 'decline') => decide.mutate({ id: item.match.id, decision, note });
  return (
    <Card withBorder padding="sm" component="li" data-testid="match-authorization">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>
            <FormattedMessage
              id="dashboards.caseManager.matches.pair"
              values={{ client: item.careClientName, caregiver }}
            />
          </Text>
          <Badge variant="light">
            <FormattedMessage id="dashboards.caseManager.matches.fit" values={{ score: item.fit.score }} />
          </Badge>
        </Group>
        {item.caregiver.city && (
          <Text size="sm" c="dimmed">
            {[item.caregiver.city, item.caregiver.state].filter(Boolean).join(', ')}
          </Text>
        )}
        <Textarea
          label={intl.formatMessage({ id: 'dashboards.caseManager.matches.note' }, { caregiver })}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        {decide.isError && (
          <Alert color="red" role="alert">
            <FormattedMessage id="dashboards.caseManager.matches.error" />
          </Alert>
        )}
        <Group gap="xs">
          <Button loading={decide.isPending} onClick={() => send('authorize')}>
            <FormattedMessage id="dashboards.caseManager.matches.authorize" values={{ caregiver }} />
          </Button>
          <Button variant="default" disabled={decide.isPending} onClick={() => send('decline')}>
            <FormattedMessage id="dashboards.caseManager.matches.decline" values={{ caregiver }} />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function CaseManagerMatchAuthorizations() {
  const list = useMatchAuthorizations();
  if (!list.data || list.data.items.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="match-authorizations">
      <Title order={2} size="h4" id="match-authorizations" mb="xs">
        <FormattedMessage
          id="dashboards.caseManager.matches.title"
          values={{ count: list.data.items.length }}
        />
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="dashboards.caseManager.matches.intro" />
      </Text>
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {list.data.items.map((item) => (
          <AuthorizationCard key={item.match.id} item={item} />
        ))}
      </Stack>
    </Card>
  );
}
