/**
 * The totals of a shift filter above the table (UX.md "Tables": totals for the filter), e.g.
 * "1,234 shifts · 5,678.5 hours", and the CSV export of the same filter.
 */
import { Button, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatCountOf, formatQuantity } from '../../../lib/format/index.ts';

/** "1 shift · 4 hours", "1,234 shifts · 5,678.5 hours". */
export function formatShiftTotals(totals: { shifts: number; hours: number }): string {
  const shifts = formatCountOf(totals.shifts, { one: 'shift', other: 'shifts' });
  const hours = `${formatQuantity(totals.hours)} ${totals.hours === 1 ? 'hour' : 'hours'}`;
  return `${shifts} · ${hours}`;
}

export interface ShiftTotalsProps {
  /** Totals of the whole filter; undefined before the first answer. */
  totals: { shifts: number; hours: number } | undefined;
  /** `GET /api/shifts/export?…` for the same filter; no export button without one. */
  exportUrl?: string;
}

/** See the module comment. The export is a plain download link (the server streams the file). */
export function ShiftTotals({ totals, exportUrl }: ShiftTotalsProps) {
  const empty = totals?.shifts === 0;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <div aria-live="polite" data-testid="shift-totals">
        {totals ? (
          <Tooltip label="Hours count shifts with both a clock-in and a later clock-out" withArrow>
            <Text fw={600} size="lg" tabIndex={0} className="mantine-focus-auto">
              {formatShiftTotals(totals)}
            </Text>
          </Tooltip>
        ) : (
          <Skeleton height={24} width={220} aria-hidden />
        )}
      </div>
      {exportUrl ? (
        <Button
          component="a"
          href={empty || !totals ? undefined : exportUrl}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={empty || !totals}
          // A link without href cannot be disabled natively: say so (and axe then exempts its greyed text).
          aria-disabled={empty || !totals || undefined}
        >
          Export CSV
        </Button>
      ) : null}
    </Group>
  );
}
