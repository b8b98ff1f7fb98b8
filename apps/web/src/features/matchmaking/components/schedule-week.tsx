/**
 * A weekly schedule at a glance (issue 21 "Schedules"): one row per day with a bar over the 24 hours and the ranges in
 * words beside it. The bar is decoration (aria-hidden); the words say everything. Fits a 320 px phone.
 */
import { Box, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { minutesOf, weekDays, type WeeklyGrid } from '@tend/contracts';
import { dayLabel, rangeLabel } from './schedule-format.ts';

export function ScheduleWeek({ schedule, testId }: { schedule: WeeklyGrid; testId?: string }) {
  const intl = useIntl();
  return (
    <Stack gap={6} data-testid={testId}>
      {weekDays.map((day) => {
        const ranges = schedule[day] ?? [];
        return (
          <Box key={day}>
            <Text size="sm">
              {intl.formatMessage(
                { id: 'matchmaking.schedule.dayLine' },
                {
                  day: dayLabel(intl, day),
                  ranges:
                    ranges.length === 0
                      ? intl.formatMessage({ id: 'matchmaking.schedule.dayEmpty' })
                      : intl.formatList(
                          ranges.map((range) => rangeLabel(intl, range)),
                          { type: 'conjunction' },
                        ),
                },
              )}
            </Text>
            <Box
              aria-hidden
              pos="relative"
              h={10}
              bg="gray.1"
              style={{ borderRadius: 4, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-4)' }}
            >
              {ranges.map((range) => {
                const start = minutesOf(range.start) ?? 0;
                const end = minutesOf(range.end) ?? 0;
                return (
                  <Box
                    key={`${range.start}-${range.end}`}
                    pos="absolute"
                    top={0}
                    bottom={0}
                    bg="teal.7"
                    style={{ left: `${(start / 1440) * 100}%`, width: `${((end - start) / 1440) * 100}%` }}
                  />
                );
              })}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
