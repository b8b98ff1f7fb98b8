/**
 * The schedule maker (issue 21 "Schedules"; decision 0056), shared by the client and caregiver step pages: the person
 * writes the times in their own words, sees at once what the parser read (the week, its notes, and the words it did
 * not understand, word for word), confirms it into the grid, adjusts the grid by hand and saves. The parser is the
 * contracts' `parseSchedulePrompt` (the same the API's tests check); the page states its rules.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import {
  SCHEDULE_PROMPT_MAX_CHARS,
  isEmptySchedule,
  normalizeSchedule,
  parseSchedulePrompt,
  scheduleMinutes,
  type ListingSchedule,
  type ScheduleInput,
  type WeeklyGrid,
} from '@tend/contracts';
import { ScheduleEditor, gridIsValid } from './schedule-editor.tsx';
import { SchedulePreview } from './schedule-preview.tsx';

export interface ScheduleMakerProps {
  /** What is saved already. */
  saved: ListingSchedule;
  /** `client`: the care a family needs; `caregiver`: when a caregiver can work (changes the words). */
  side: 'client' | 'caregiver';
  saving: boolean;
  saveError: unknown;
  onSave: (input: ScheduleInput) => void;
}

export function ScheduleMaker({ saved, side, saving, saveError, onSave }: ScheduleMakerProps) {
  const intl = useIntl();
  const [prompt, setPrompt] = useState(saved.schedulePrompt ?? '');
  const [grid, setGrid] = useState<WeeklyGrid>(saved.schedule as WeeklyGrid);
  const [submitted, setSubmitted] = useState(false);
  const parsed = useMemo(() => parseSchedulePrompt(prompt), [prompt]);
  const valid = gridIsValid(intl, grid);
  const hours = Math.round((scheduleMinutes(normalizeSchedule(grid)) / 60) * 4) / 4;
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `matchmaking.schedule.${id}` }, values);

  const save = () => {
    setSubmitted(true);
    if (!valid) return;
    onSave({ schedule: normalizeSchedule(grid), schedulePrompt: prompt.trim() || null });
  };

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Textarea
          label={t(`prompt.label.${side}`)}
          description={t('prompt.help')}
          placeholder={t(`prompt.placeholder.${side}`)}
          autosize
          minRows={2}
          maxLength={SCHEDULE_PROMPT_MAX_CHARS}
          value={prompt}
          onChange={(event) => setPrompt(event.currentTarget.value)}
        />
        <Text size="xs" c="dimmed">
          {t('rules')}
        </Text>
      </Stack>

      {prompt.trim() ? <SchedulePreview parsed={parsed} onUse={() => setGrid(parsed.schedule)} /> : null}

      <Stack gap="xs">
        <Title order={2} size="h4">
          {t(`grid.title.${side}`)}
        </Title>
        <Text size="sm" c="dimmed" data-testid="schedule-total">
          {isEmptySchedule(grid) ? t('grid.empty') : t('grid.total', { hours })}
        </Text>
        <ScheduleEditor value={grid} onChange={setGrid} />
      </Stack>

      {submitted && !valid ? (
        <Alert color="red" role="alert">
          {t('error.fix')}
        </Alert>
      ) : null}
      {saveError ? (
        <Alert color="red" role="alert">
          {t('error.save')}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={save} loading={saving}>
          {intl.formatMessage({ id: 'matchmaking.onboarding.continue' })}
        </Button>
      </Group>
    </Stack>
  );
}
