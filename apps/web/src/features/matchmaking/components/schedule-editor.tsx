/**
 * The schedule maker's hand editor (issue 21 "Schedules"): per day, a list of ranges, each a start and an end chosen
 * from 15-minute marks, with Remove, and "Add a time" per day. Works by keyboard (native-like selects and buttons,
 * each labelled with its day) and at 320 px (one range per line, no wide grid). Problems of a day (start not before
 * end, overlapping ranges) show under the day in words.
 */
import { ActionIcon, Button, Fieldset, Group, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import {
  firstOverlap,
  minutesOf,
  slotTimes,
  timeOf,
  weekDays,
  type TimeRange,
  type WeekDay,
  type WeeklyGrid,
} from '@tend/contracts';
import { dayLabel, rangeLabel, timeLabel } from './schedule-format.ts';

/** The problem of one day's ranges in words, or null (mirrors the API's checks; contracts `weeklyScheduleInput`). */
export function dayProblem(
  intl: ReturnType<typeof useIntl>,
  ranges: readonly TimeRange[],
): { index: number; message: string } | null {
  for (const [index, range] of ranges.entries())
    if ((minutesOf(range.start) ?? 0) >= (minutesOf(range.end) ?? 0))
      return { index, message: intl.formatMessage({ id: 'matchmaking.schedule.error.order' }) };
  const overlap = firstOverlap(ranges);
  if (overlap)
    return {
      index: ranges.indexOf(overlap[1]),
      message: intl.formatMessage(
        { id: 'matchmaking.schedule.error.overlap' },
        { first: rangeLabel(intl, overlap[0]), second: rangeLabel(intl, overlap[1]) },
      ),
    };
  return null;
}

/** Whether every day of `grid` is free of problems. */
export const gridIsValid = (intl: ReturnType<typeof useIntl>, grid: WeeklyGrid) =>
  weekDays.every((day) => dayProblem(intl, grid[day] ?? []) === null);

/** A new range after the day's last one (an hour long), or 09:00–17:00 on an empty day. */
function nextRange(ranges: readonly TimeRange[]): TimeRange {
  const last = ranges[ranges.length - 1];
  if (!last) return { start: '09:00', end: '17:00' };
  const start = Math.min(minutesOf(last.end) ?? 0, 23 * 60);
  return { start: timeOf(start), end: timeOf(Math.min(start + 60, 24 * 60)) };
}

/** A start or end of a range: one of the 15-minute marks, searchable by typing. */
function TimeSelect(props: {
  label: string;
  data: Array<{ value: string; label: string }>;
  value: string;
  onPick: (time: string) => void;
  marked: true | undefined;
}) {
  return (
    <Select
      style={{ flex: 1, minWidth: 0 }}
      label={props.label}
      data={props.data}
      value={props.value}
      allowDeselect={false}
      searchable
      onChange={(time) => time && props.onPick(time)}
      error={props.marked}
    />
  );
}

interface DayProps {
  day: WeekDay;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  starts: Array<{ value: string; label: string }>;
  ends: Array<{ value: string; label: string }>;
}

/** One day: its ranges with Remove, its problem in words, and "Add a time". */
function ScheduleDay({ day, ranges, onChange, starts, ends }: DayProps) {
  const intl = useIntl();
  const name = dayLabel(intl, day);
  const problem = dayProblem(intl, ranges);
  return (
    <Fieldset legend={name} p="xs" data-testid={`schedule-day-${day}`}>
      <Stack gap={6}>
        {ranges.length === 0 ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage({ id: 'matchmaking.schedule.dayEmpty' })}
          </Text>
        ) : null}
        {ranges.map((range, index) => {
          const update = (patch: Partial<TimeRange>) =>
            onChange(ranges.map((r, i) => (i === index ? { ...r, ...patch } : r)));
          const marked = problem?.index === index ? true : undefined;
          return (
            <Group key={index} gap={6} wrap="nowrap" align="flex-end">
              <TimeSelect
                label={intl.formatMessage({ id: 'matchmaking.schedule.from' })}
                data={starts}
                value={range.start}
                onPick={(start) => update({ start })}
                marked={marked}
              />
              <TimeSelect
                label={intl.formatMessage({ id: 'matchmaking.schedule.to' })}
                data={ends}
                value={range.end}
                onPick={(end) => update({ end })}
                marked={marked}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={intl.formatMessage(
                  { id: 'matchmaking.schedule.remove' },
                  { day: name, number: index + 1 },
                )}
                onClick={() => onChange(ranges.filter((_, i) => i !== index))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          );
        })}
        {problem ? (
          <Text size="sm" c="red.8" role="alert">
            {problem.message}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            aria-label={intl.formatMessage({ id: 'matchmaking.schedule.addOn' }, { day: name })}
            onClick={() => onChange([...ranges, nextRange(ranges)])}
          >
            {intl.formatMessage({ id: 'matchmaking.schedule.add' })}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

export function ScheduleEditor({
  value,
  onChange,
}: {
  value: WeeklyGrid;
  onChange: (grid: WeeklyGrid) => void;
}) {
  const intl = useIntl();
  const starts = slotTimes.slice(0, -1).map((time) => ({ value: time, label: timeLabel(intl, time) }));
  const ends = slotTimes.slice(1).map((time) => ({ value: time, label: timeLabel(intl, time) }));
  return (
    <Stack gap="sm" data-testid="schedule-editor">
      {weekDays.map((day) => (
        <ScheduleDay
          key={day}
          day={day}
          ranges={value[day] ?? []}
          onChange={(ranges) => onChange({ ...value, [day]: ranges })}
          starts={starts}
          ends={ends}
        />
      ))}
    </Stack>
  );
}
