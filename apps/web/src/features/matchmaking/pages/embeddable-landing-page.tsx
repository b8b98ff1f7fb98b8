/**
 * `/matchmaking/embeddableLandingPage` (spec s.2, layout `none`; issue 21 "a page an agency embeds on its site";
 * decision 0057): a compact card an agency shows in an iframe on its own site; its links open `/matchmaking` in a new
 * tab (a session never starts inside another site's frame). Only origins in MATCHMAKING_EMBED_ORIGINS may frame it.
 */
import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';

export function EmbeddableLandingPage() {
  const intl = useIntl();
  return (
    <main>
      <Card withBorder padding="md" radius="md" maw={480} m="xs">
        <Stack gap="sm">
          <Title order={1} size="h3">
            <FormattedMessage id="matchmaking.entry.embed.title" />
          </Title>
          <Text size="sm">
            <FormattedMessage id="matchmaking.entry.embed.text" />
          </Text>
          <List size="sm" spacing={2}>
            <List.Item>
              <FormattedMessage id="matchmaking.entry.embed.point1" />
            </List.Item>
            <List.Item>
              <FormattedMessage id="matchmaking.entry.embed.point2" />
            </List.Item>
          </List>
          <Button
            component="a"
            href="/matchmaking"
            target="_blank"
            rel="noopener"
            rightSection={<IconExternalLink size={16} aria-hidden />}
            aria-label={intl.formatMessage({ id: 'matchmaking.entry.embed.openLabel' })}
          >
            <FormattedMessage id="matchmaking.entry.embed.open" />
          </Button>
        </Stack>
      </Card>
    </main>
  );
}
