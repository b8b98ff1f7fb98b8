/**
 * The zone a page's times are in, named once near its title (issue 16 item 11; UX.md "Time"):
 * "Times in America/Los_Angeles (PT)", the agency's zone from the client settings. `extra` adds what
 * differs on the page (a visit recorded in another zone shows that zone's name beside its time).
 */
import { Text } from '@mantine/core';
import { timesInWords } from '../../lib/format/index.ts';

export function TimesIn({ extra }: { extra?: string }) {
  return (
    <Text size="xs" c="dimmed" data-testid="times-in">
      {timesInWords()}
      {extra ? `; ${extra}` : ''}.
    </Text>
  );
}
