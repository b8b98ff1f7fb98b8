/** `/phrase-test` (admin): try the incident phrase mapper on pasted text; nothing is stored. */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PhraseTester } from '../components/phrase-tester.tsx';

export function PhraseTestPage() {
  return (
    <Stack gap="md" maw={960}>
      <div>
        <Title order={1} size="h2">
          Phrase test
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          See what the incident screening finds in a note: which phrases match (negated ones such as “did not
          fall” do not count), the severity, and the text with names and sensitive terms redacted.{' '}
          <Anchor component={Link} to="/test/phrase-mapper" size="sm">
            Manage terms
          </Anchor>
        </Text>
      </div>
      <PhraseTester />
    </Stack>
  );
}
