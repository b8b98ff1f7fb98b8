/**
 * The case manager's matches to authorize (issue 22 "A match can need the case manager's authorization before it
 * turns into scheduled care"; decision 0059): for each, the client, the caregiver (first name and last initial, city),
 * the fit score, an optional note and Authorize / Decline. Shown when something waits; after a decision the card
 * leaves the list and a status line says what was decided (read out by screen readers, and kept once the list is
 * empty, so the last decision does not vanish without a word).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuthorizationItem } from '@tend/contracts';
import { useDecideMatchAuthorization, useMatchAuthorizations } from '../api/match-authorizations.ts';

/** The last decision made on this page: whose match, and which way. */
interface Decided {
  client: string;
  caregiver: string;
  decision: 'authorize' | 'decline';
}

const caregiverName = (item: AuthorizationItem) =>
  item.caregiver.lastInitial
    ? `${item.caregiver.firstName} ${item.caregiver.lastInitial}.`
    : item.caregiver.firstName;

function AuthorizationCard({
  item,
  onDecided,
}: {
  item: AuthorizationItem;
  onDecided: (decided: Decided) => void;
}) {
  const intl = useIntl();
  const [note, setNote] = useState('');
  const decide = useDecideMatchAuthorization();
  const caregiver = caregiverName(item);
  const send = (decision: 'authorize' | 'decline') =>
    decide.mutate(
      { id: item.match.id, decision, note },
      { onSuccess: () => onDecided({ client: item.careClientName, caregiver, decision }) },
    );
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
  const [decided, setDecided] = useState<Decided | null>(null);
  const items = list.data?.items ?? [];
  if (items.length === 0 && !decided) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="match-authorizations">
      <Title order={2} size="h4" id="match-authorizations" mb="xs">
        <FormattedMessage id="dashboards.caseManager.matches.title" values={{ count: items.length }} />
      </Title>
      {items.length > 0 && (
        <Text size="sm" c="dimmed" mb="sm">
          <FormattedMessage id="dashboards.caseManager.matches.intro" />
        </Text>
      )}
      <div role="status" data-testid="match-authorization-status">
        {decided && (
          <Alert color={decided.decision === 'authorize' ? 'teal' : 'gray'} variant="light" mb="sm">
            <FormattedMessage
              id={
                decided.decision === 'authorize'
                  ? 'dashboards.caseManager.matches.authorized'
                  : 'dashboards.caseManager.matches.declined'
              }
              values={{ client: decided.client, caregiver: decided.caregiver }}
            />
          </Alert>
        )}
      </div>
      {items.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <AuthorizationCard key={item.match.id} item={item} onDecided={setDecided} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
