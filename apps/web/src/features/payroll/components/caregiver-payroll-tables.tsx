/**
 * The sections of one caregiver's payroll drawer (`caregiver-payroll-drawer.tsx`): the period's
 * totals, hours per workweek, the segments paid (EVV vs. paid times) and the adjustments, each row
 * with its actions (they open one of the drawer's dialogs).
 */
import { Anchor, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { PayrollAdjustment, PayrollCaregiverDetail, PayrollSegment, PayrollWeek } from '@tend/contracts';
import { adjustmentTypeLabels } from './adjustment-modals.tsx';
import { formatAdjustmentValue } from './format.ts';
import {
  formatCents,
  formatDay,
  formatHours,
  formatMiles,
  formatTimeRange,
} from '../../../lib/format/index.ts';

/** The dialog a row's action opens in the drawer. */
export type PayrollDialog =
  | { kind: 'paid'; segment: PayrollSegment }
  | { kind: 'add'; segmentId?: string }
  | { kind: 'edit'; adjustment: PayrollAdjustment }
  | { kind: 'deactivate'; adjustment: PayrollAdjustment }
  | { kind: 'history'; adjustmentId: string };

const timeRange = (start: string | null, end: string | null, timeZone: string) =>
  start && end ? formatTimeRange(start, end, timeZone) : 'Incomplete times';

/** "Regular … · Overtime … · Adjusted hours … · Mileage … · Amount … · Total paid …" */
export function PayrollSummaryLine({ summary }: { summary: PayrollCaregiverDetail['summary'] }) {
  return (
    <Text size="sm" data-testid="caregiver-payroll-summary">
      Regular {formatHours(summary.regularHours)} · Overtime {formatHours(summary.overtimeHours)} · Adjusted
      hours {formatHours(summary.hourAdjustments)} · Mileage {formatMiles(summary.mileageMiles)} · Amount{' '}
      {formatCents(summary.amountAdjustmentCents)} · Total paid {formatHours(summary.totalPaidHours)}
    </Text>
  );
}

/** Hours, regular and overtime per workweek (overtime flagged). */
export function WorkweekTable({ weeks }: { weeks: PayrollWeek[] }) {
  return (
    <Table withTableBorder aria-label="Hours per workweek">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Workweek of</Table.Th>
          <Table.Th>Hours</Table.Th>
          <Table.Th>Regular</Table.Th>
          <Table.Th>Overtime</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week) => (
          <Table.Tr key={week.weekName}>
            <Table.Td>{formatDay(week.weekName)}</Table.Td>
            <Table.Td>{formatHours(week.hours)}</Table.Td>
            <Table.Td>{formatHours(week.regularHours)}</Table.Td>
            <Table.Td>
              {week.overtimeHours > 0 ? (
                <Badge color="red" variant="filled" miw="max-content">
                  Overtime {formatHours(week.overtimeHours)}
                </Badge>
              ) : (
                '—'
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The period's segments: EVV and paid times, paid hours, "Edit paid times" and "Adjust". */
export function PaidSegmentsTable({
  segments,
  timeZone,
  onDialog,
}: {
  segments: PayrollSegment[];
  timeZone: string;
  onDialog: (dialog: PayrollDialog) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Segments in the period">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date and client</Table.Th>
            <Table.Th>EVV times</Table.Th>
            <Table.Th>Paid times</Table.Th>
            <Table.Th>Paid hours</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {segments.map((segment) => (
            <PaidSegmentRow
              key={segment.segmentId}
              segment={segment}
              timeZone={timeZone}
              onDialog={onDialog}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PaidSegmentRow({
  segment,
  timeZone,
  onDialog,
}: {
  segment: PayrollSegment;
  timeZone: string;
  onDialog: (dialog: PayrollDialog) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/admin/shifts/${segment.shiftId}`} size="sm">
          {formatDay(segment.date)}
        </Anchor>
        <Text size="xs" c="dimmed">
          {segment.clientName} · {segment.billingCode ?? 'no code'}
          {segment.modifier ? `+${segment.modifier}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{timeRange(segment.evvStart, segment.evvEnd, timeZone)}</Text>
      </Table.Td>
      <Table.Td>
        {segment.hasPayrollVersion ? (
          <Stack gap={2}>
            <Text size="sm">{timeRange(segment.paidStart, segment.paidEnd, timeZone)}</Text>
            <Badge color="violet" variant="light" miw="max-content">
              Paid times differ
            </Badge>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Same as EVV
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {segment.hours === null ? 'Missing times' : formatHours(segment.hours)}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            onClick={() => onDialog({ kind: 'paid', segment })}
            aria-label={`Edit paid times: ${segment.clientName}, ${formatDay(segment.date)}`}
          >
            Edit paid times
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => onDialog({ kind: 'add', segmentId: segment.segmentId })}
            aria-label={`Adjust: ${segment.clientName}, ${formatDay(segment.date)}`}
          >
            Adjust
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The adjustments shown: type and value, date, reason, state, and their actions. */
export function AdjustmentsTable({
  adjustments,
  onDialog,
}: {
  adjustments: PayrollAdjustment[];
  onDialog: (dialog: PayrollDialog) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Adjustments in the period">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type and value</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {adjustments.map((adjustment) => (
            <AdjustmentRow key={adjustment.id} adjustment={adjustment} onDialog={onDialog} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AdjustmentRow({
  adjustment,
  onDialog,
}: {
  adjustment: PayrollAdjustment;
  onDialog: (dialog: PayrollDialog) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {adjustmentTypeLabels[adjustment.adjustmentType]}{' '}
        {formatAdjustmentValue(adjustment.adjustmentType, adjustment.adjustmentValue)}
        {adjustment.originalValue !== null && adjustment.adjustedValue !== null ? (
          <Text size="xs" c="dimmed">
            segment{' '}
            {adjustment.adjustmentType === 'HOURS'
              ? `${formatHours(adjustment.originalValue)} → ${formatHours(adjustment.adjustedValue)}`
              : `${formatMiles(adjustment.originalValue)} → ${formatMiles(adjustment.adjustedValue)}`}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {adjustment.effectiveDate ? formatDay(adjustment.effectiveDate) : '—'}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{adjustment.reason}</Text>
        {adjustment.notes ? (
          <Text size="xs" c="dimmed" lineClamp={2} style={{ whiteSpace: 'pre-line' }}>
            {adjustment.notes}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {adjustment.isActive ? (
          <Badge color={adjustment.appliedAt ? 'blue' : 'green'} variant="light" miw="max-content">
            {adjustment.appliedAt ? 'Exported' : 'Active'}
          </Badge>
        ) : (
          <Badge color="gray" variant="light" miw="max-content">
            {adjustment.replacedById ? 'Replaced' : 'Deactivated'}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {adjustment.isActive ? (
            <>
              <Button
                size="xs"
                variant="default"
                onClick={() => onDialog({ kind: 'edit', adjustment })}
                aria-label={`Edit adjustment: ${adjustment.reason ?? ''}`}
              >
                Edit
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => onDialog({ kind: 'deactivate', adjustment })}
                aria-label={`Deactivate adjustment: ${adjustment.reason ?? ''}`}
              >
                Deactivate
              </Button>
            </>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            onClick={() => onDialog({ kind: 'history', adjustmentId: adjustment.id })}
            aria-label={`History of adjustment: ${adjustment.reason ?? ''}`}
          >
            History
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
