/**
 * One caregiver's payroll in a period (issue 6): hours per workweek (regular / overtime), the
 * segments paid (EVV vs. paid times, with "Edit paid times"), and the adjustments of the period with
 * add, edit, deactivate and history (inactive versions shown on request).
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { type PayrollAdjustment, type PayrollSegment } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useCaregiverPayroll } from '../api/payroll.ts';
import {
  AdjustmentHistoryModal,
  AdjustmentModal,
  adjustmentTypeLabels,
  DeactivateAdjustmentModal,
} from './adjustment-modals.tsx';
import { formatAdjustmentValue } from './format.ts';
import { PaidTimesModal } from './paid-times-modal.tsx';
import {
  formatCents,
  formatDay,
  formatHours,
  formatMiles,
  formatPeriod,
  formatTimeRange,
} from '../../../lib/format/index.ts';

export interface CaregiverPayrollDrawerProps {
  caregiverId: string | undefined;
  periodStart: string | undefined;
  onClose: () => void;
}

type Dialog =
  | { kind: 'paid'; segment: PayrollSegment }
  | { kind: 'add'; segmentId?: string }
  | { kind: 'edit'; adjustment: PayrollAdjustment }
  | { kind: 'deactivate'; adjustment: PayrollAdjustment }
  | { kind: 'history'; adjustmentId: string };

const timeRange = (start: string | null, end: string | null, timeZone: string) =>
  start && end ? formatTimeRange(start, end, timeZone) : 'Incomplete times';

/** See the module comment. Closed while `caregiverId` is undefined. */
export function CaregiverPayrollDrawer({ caregiverId, periodStart, onClose }: CaregiverPayrollDrawerProps) {
  const detail = useCaregiverPayroll(caregiverId, periodStart);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [showInactive, setShowInactive] = useState(false);
  const data = detail.data;
  const closeDialog = () => setDialog(null);
  const adjustments = (data?.adjustments ?? []).filter((a) => showInactive || a.isActive);

  return (
    <Drawer
      opened={Boolean(caregiverId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={data ? `${data.caregiverName}: payroll ${formatPeriod(data.period)}` : 'Caregiver payroll'}
    >
      {detail.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading the caregiver's payroll" />
        </Group>
      ) : detail.isError ? (
        <ApiErrorAlert error={detail.error} title="The caregiver's payroll could not be loaded" />
      ) : data ? (
        <Stack gap="md">
          <Text size="sm" data-testid="caregiver-payroll-summary">
            Regular {formatHours(data.summary.regularHours)} · Overtime{' '}
            {formatHours(data.summary.overtimeHours)} · Adjusted hours{' '}
            {formatHours(data.summary.hourAdjustments)} · Mileage {formatMiles(data.summary.mileageMiles)} ·
            Amount {formatCents(data.summary.amountAdjustmentCents)} · Total paid{' '}
            {formatHours(data.summary.totalPaidHours)}
          </Text>
          {data.summary.weeks.length ? (
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
                {data.summary.weeks.map((week) => (
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
          ) : null}

          <Title order={4}>Segments paid</Title>
          {data.segments.length === 0 ? (
            <Alert variant="light" color="gray" title="No segments in this period">
              <Text size="sm">Import EVV shifts for this caregiver, or pick another period.</Text>
            </Alert>
          ) : (
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
                  {data.segments.map((segment) => (
                    <Table.Tr key={segment.segmentId}>
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
                        <Text size="sm">{timeRange(segment.evvStart, segment.evvEnd, data.timeZone)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {segment.hasPayrollVersion ? (
                          <Stack gap={2}>
                            <Text size="sm">
                              {timeRange(segment.paidStart, segment.paidEnd, data.timeZone)}
                            </Text>
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
                            onClick={() => setDialog({ kind: 'paid', segment })}
                            aria-label={`Edit paid times: ${segment.clientName}, ${formatDay(segment.date)}`}
                          >
                            Edit paid times
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setDialog({ kind: 'add', segmentId: segment.segmentId })}
                            aria-label={`Adjust: ${segment.clientName}, ${formatDay(segment.date)}`}
                          >
                            Adjust
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          <Group justify="space-between" align="flex-end">
            <Title order={4}>Adjustments</Title>
            <Group gap="sm">
              <Switch
                label="Show replaced and deactivated"
                checked={showInactive}
                onChange={(event) => setShowInactive(event.currentTarget.checked)}
              />
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setDialog({ kind: 'add' })}
              >
                Add adjustment
              </Button>
            </Group>
          </Group>
          {adjustments.length === 0 ? (
            <Text size="sm" c="dimmed">
              No adjustments in this period. Add one for hours, mileage or an amount not in the EVV times
              (training, a bonus, a correction).
            </Text>
          ) : (
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
                    <Table.Tr key={adjustment.id}>
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
                          <Badge
                            color={adjustment.appliedAt ? 'blue' : 'green'}
                            variant="light"
                            miw="max-content"
                          >
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
                                onClick={() => setDialog({ kind: 'edit', adjustment })}
                                aria-label={`Edit adjustment: ${adjustment.reason ?? ''}`}
                              >
                                Edit
                              </Button>
                              <Button
                                size="xs"
                                variant="subtle"
                                color="red"
                                onClick={() => setDialog({ kind: 'deactivate', adjustment })}
                                aria-label={`Deactivate adjustment: ${adjustment.reason ?? ''}`}
                              >
                                Deactivate
                              </Button>
                            </>
                          ) : null}
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setDialog({ kind: 'history', adjustmentId: adjustment.id })}
                            aria-label={`History of adjustment: ${adjustment.reason ?? ''}`}
                          >
                            History
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      ) : null}

      {data && dialog?.kind === 'paid' ? (
        <PaidTimesModal segment={dialog.segment} timeZone={data.timeZone} onClose={closeDialog} />
      ) : null}
      {data && (dialog?.kind === 'add' || dialog?.kind === 'edit') ? (
        <AdjustmentModal
          caregiverId={data.caregiverId}
          caregiverName={data.caregiverName}
          periodStart={data.period.start}
          segments={data.segments}
          timeZone={data.timeZone}
          adjustment={dialog.kind === 'edit' ? dialog.adjustment : undefined}
          segmentId={dialog.kind === 'add' ? dialog.segmentId : undefined}
          onClose={closeDialog}
        />
      ) : null}
      {dialog?.kind === 'deactivate' ? (
        <DeactivateAdjustmentModal adjustment={dialog.adjustment} onClose={closeDialog} />
      ) : null}
      {data && dialog?.kind === 'history' ? (
        <AdjustmentHistoryModal
          adjustmentId={dialog.adjustmentId}
          timeZone={data.timeZone}
          onClose={closeDialog}
        />
      ) : null}
    </Drawer>
  );
}
