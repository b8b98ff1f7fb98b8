/**
 * Pieces of the budget-overages page: units with their measure (UX.md "Money and units"), the flag
 * badges (colour plus word, reason on hover), the authorized/used/projected bar, and the drill-down
 * drawer listing the segments counted for a line with links to their shifts.
 */
import {
  Alert,
  Anchor,
  Badge,
  Drawer,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { Link } from 'react-router';
import {
  budgetFlagLabels,
  type BudgetFlag,
  type BudgetOverageLine,
  type BudgetUsage,
  type BudgetUsageSegment,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useBudgetUsage } from '../api/budgets.ts';
import { formatClockTime, formatQuantity, formatUnits } from '../../../lib/format/index.ts';

const flagColors: Record<BudgetFlag, string> = {
  overage: 'red',
  projected_overage: 'orange',
  bunching: 'grape',
};
const flagReasons: Record<BudgetFlag, string> = {
  overage: 'More units used than authorized ("not to be exceeded").',
  projected_overage: 'At the current pace the line runs out before the end of its term.',
  bunching: 'More than half of the units used fall on the busiest 20 % of the days with service.',
};

/** The line's flags as badges; "Within budget" when there is none. */
export function FlagBadges({ flags }: { flags: BudgetFlag[] }) {
  if (!flags.length)
    return (
      <Badge miw="max-content" color="green" variant="light">
        Within budget
      </Badge>
    );
  return (
    <Group gap={4}>
      {flags.map((flag) => (
        <Tooltip key={flag} label={flagReasons[flag]} multiline w={260}>
          <Badge miw="max-content" color={flagColors[flag]} variant={flag === 'overage' ? 'filled' : 'light'}>
            {budgetFlagLabels[flag]}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

/**
 * Used against authorized, with the projection to the end of the term: the bar's scale is the largest
 * of the three; used in blue (red beyond the authorization), the projected rest striped.
 */
export function UsageBar({ line }: { line: BudgetOverageLine }) {
  const scale = Math.max(line.authorized, line.used, line.projected, 1e-9);
  const within = Math.min(line.used, line.authorized);
  const over = Math.max(0, line.used - line.authorized);
  const ahead = Math.max(0, line.projected - line.used);
  const pct = (value: number) => (value / scale) * 100;
  const label = `Used ${formatUnits(line.used, line.measure)} of ${formatUnits(line.authorized, line.measure)}, projected ${formatUnits(line.projected, line.measure)}`;
  return (
    <Stack gap={4} miw={140}>
      <Progress.Root size="lg" aria-label={label} title={label}>
        <Progress.Section value={pct(within)} color="blue" aria-label="Used within the authorization" />
        {over > 0 ? (
          <Progress.Section value={pct(over)} color="red" aria-label="Used beyond the authorization" />
        ) : null}
        {ahead > 0 ? (
          <Progress.Section
            value={pct(ahead)}
            color="orange.3"
            striped
            aria-label="Projected to the end of the term"
          />
        ) : null}
      </Progress.Root>
      <Text size="xs" c="dimmed">
        {Math.round((line.used / Math.max(line.authorized, 1e-9)) * 100)} % used ·{' '}
        {Math.round((line.projected / Math.max(line.authorized, 1e-9)) * 100)} % projected
      </Text>
    </Stack>
  );
}

/** The drill-down: the segments counted for `lineId` as of `asOf`. Closed while `lineId` is undefined. */
export function BudgetUsageDrawer({
  lineId,
  asOf,
  onClose,
}: {
  lineId: string | undefined;
  asOf?: string;
  onClose: () => void;
}) {
  const usage = useBudgetUsage(lineId, asOf);
  const data = usage.data;
  const line = data?.line;
  return (
    <Drawer
      opened={Boolean(lineId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        line
          ? `${line.clientName ?? 'Unlinked line'}: ${line.procCode}${line.svcModifierCd ? ` + ${line.svcModifierCd}` : ''}`
          : 'Budget line'
      }
    >
      {usage.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading the segments" />
        </Group>
      ) : usage.isError ? (
        <ApiErrorAlert error={usage.error} title="The segments could not be loaded" />
      ) : data && line ? (
        <Stack gap="md">
          <UsageFigures line={line} />
          {data.segments.length === 0 ? (
            <Alert variant="light" color="gray">
              No segments of this client with code {line.procCode}
              {line.svcModifierCd ? ` + ${line.svcModifierCd}` : ' (no modifier)'} in the term so far.
            </Alert>
          ) : (
            <UsageSegments segments={data.segments} timeZone={data.timeZone} />
          )}
          {data.truncated ? (
            <Text size="sm" c="dimmed">
              Only the first 2,000 segments are listed.
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}

/** The line's authorized, used and projected units, its flags, its term and pace, and its note. */
function UsageFigures({ line }: { line: BudgetOverageLine }) {
  return (
    <>
      <Group gap="xl">
        <Text size="sm">
          Authorized <b>{formatUnits(line.authorized, line.measure)}</b>
        </Text>
        <Text size="sm">
          Used <b>{formatUnits(line.used, line.measure)}</b>
        </Text>
        <Text size="sm">
          Projected <b>{formatUnits(line.projected, line.measure)}</b>
        </Text>
        <FlagBadges flags={line.flags} />
      </Group>
      <Text size="sm" c="dimmed">
        {line.period === 'month'
          ? `Monthly amount: compared with ${line.periodStart} to ${line.termEnd}`
          : `Term ${line.effectiveDate} to ${line.termEnd}`}{' '}
        ({line.termDays} days, {line.elapsedDays} elapsed) · {line.segmentCount} segments on{' '}
        {line.serviceDays} days · busiest 20 % of days hold {Math.round(line.busiestDaysShare * 100)} % of the
        units
      </Text>
      {line.note ? (
        <Alert variant="light" color="yellow">
          {line.note}
        </Alert>
      ) : null}
    </>
  );
}

/** The segments counted: date (linking its shift), caregiver, clock times in `timeZone`, minutes, units. */
function UsageSegments({
  segments,
  timeZone,
}: {
  segments: BudgetUsageSegment[];
  timeZone: BudgetUsage['timeZone'] | undefined;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Segments counted for this line">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Caregiver</Table.Th>
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>Minutes</Table.Th>
            <Table.Th>Units</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {segments.map((segment) => (
            <Table.Tr key={segment.segmentId}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/admin/shifts/${segment.shiftId}`}>
                  {segment.date}
                </Anchor>
              </Table.Td>
              <Table.Td>{segment.caregiverName}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {segment.evvStart ? formatClockTime(segment.evvStart, timeZone) : '—'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {segment.evvEnd ? formatClockTime(segment.evvEnd, timeZone) : 'No clock-out'}
              </Table.Td>
              <Table.Td>{segment.minutes}</Table.Td>
              <Table.Td>{formatQuantity(segment.units)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
