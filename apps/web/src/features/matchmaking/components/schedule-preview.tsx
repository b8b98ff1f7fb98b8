/**
 * What the parser read from the schedule maker's sentence (issue 21 "shown for confirmation"; decision 0056): the week,
 * its notes (alternate weeks, rounding, every day) and the words it did not understand, word for word, with "Use this
 * schedule" to put it into the editable grid.
 */
import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import { isEmptySchedule, type ParsedSchedule, type ScheduleNote } from '@tend/contracts';
import { dayLabel } from './schedule-format.ts';
import { ScheduleWeek } from './schedule-week.tsx';

function NoteText({ note }: { note: ScheduleNote }) {
  const intl = useIntl();
  if (note.kind === 'alternateWeeks')
    return intl.formatMessage(
      { id: 'matchmaking.schedule.note.alternateWeeks' },
      {
        words: note.words,
        days: intl.formatList(
          note.days.map((day) => dayLabel(intl, day)),
          { type: 'conjunction' },
        ),
      },
    );
  return intl.formatMessage({ id: `matchmaking.schedule.note.${note.kind}` }, { words: note.words });
}

export function SchedulePreview({ parsed, onUse }: { parsed: ParsedSchedule; onUse: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.schedule.${id}` }, values);
  return (
    <Card withBorder padding="sm" data-testid="schedule-preview">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('preview.title')}
        </Title>
        {isEmptySchedule(parsed.schedule) ? (
          <Text size="sm">{t('preview.empty')}</Text>
        ) : (
          <ScheduleWeek schedule={parsed.schedule} testId="schedule-preview-week" />
        )}
        {parsed.notes.length > 0 ? (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            title={t('preview.notes')}
          >
            <List size="sm">
              {parsed.notes.map((note, index) => (
                <List.Item key={index}>
                  <NoteText note={note} />
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {parsed.notUnderstood.length > 0 ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('preview.notUnderstood')}
            data-testid="schedule-not-understood"
          >
            <Text size="sm">{t('preview.notUnderstoodHelp')}</Text>
            <List size="sm">
              {parsed.notUnderstood.map((words, index) => (
                <List.Item key={index}>{t('preview.quoted', { words })}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Group>
          <Button variant="light" disabled={isEmptySchedule(parsed.schedule)} onClick={onUse}>
            {t('preview.use')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
