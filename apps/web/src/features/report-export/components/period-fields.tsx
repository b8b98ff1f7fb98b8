/** The period of an export: a month, a quarter, a year or a range (see report-period.ts). */
import { Group, Input, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import type { PeriodFields as Fields } from './report-period.ts';

const thisYear = new Date().getFullYear();
const years = Array.from({ length: 8 }, (_, i) => String(thisYear - i));

interface PeriodFieldsProps {
  value: Fields;
  onChange: (patch: Partial<Fields>) => void;
  error?: string;
}

/** See the module comment. */
export function PeriodFields({ value, onChange, error }: PeriodFieldsProps) {
  const yearSelect = (
    <Select
      label="Year"
      data={years.includes(String(value.year)) ? years : [String(value.year), ...years]}
      value={String(value.year)}
      onChange={(year) => year && onChange({ year: Number(year) })}
      allowDeselect={false}
      w={{ base: '100%', xs: 110 }}
    />
  );
  return (
    <Stack gap="xs">
      <Stack gap={4}>
        <Input.Label id="period-kind">Period</Input.Label>
        <SegmentedControl
          aria-labelledby="period-kind"
          value={value.kind}
          onChange={(kind) => onChange({ kind: kind })}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'quarter', label: 'Quarter' },
            { value: 'year', label: 'Year' },
            { value: 'range', label: 'Range' },
          ]}
          fullWidth
          styles={{ label: { paddingInline: 6 } }}
          w={{ base: '100%', xs: 360 }}
        />
      </Stack>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {value.kind === 'month' ? (
          <TextInput
            label="Month"
            type="month"
            value={value.month}
            onChange={(event) => onChange({ month: event.currentTarget.value })}
            error={error}
            w={{ base: '100%', xs: 200 }}
          />
        ) : null}
        {value.kind === 'quarter' ? (
          <>
            {yearSelect}
            <Stack gap={4}>
              <Input.Label id="period-quarter">Quarter</Input.Label>
              <SegmentedControl
                aria-labelledby="period-quarter"
                value={String(value.quarter)}
                onChange={(quarter) => onChange({ quarter: Number(quarter) })}
                data={[1, 2, 3, 4].map((q) => ({ value: String(q), label: `Q${q}` }))}
              />
            </Stack>
          </>
        ) : null}
        {value.kind === 'year' ? yearSelect : null}
        {value.kind === 'range' ? (
          <DateRangeFilter
            from={value.from || undefined}
            to={value.to || undefined}
            onChange={(change) =>
              onChange(
                'from' in change ? { from: change.from ?? '' } : { to: (change as { to?: string }).to ?? '' },
              )
            }
            error={error}
          />
        ) : null}
      </Group>
    </Stack>
  );
}
