/**
 * The payroll of one period on the payroll page (`pages/payroll-page.tsx`): the period's totals,
 * then one row per caregiver (regular, overtime, mileage, adjustments, total paid hours, "Details"),
 * or the first step when nothing is paid in the period.
 */
import { Alert, Badge, Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PayrollCaregiver, PayrollPeriodView } from '@tend/contracts';
import { formatCents, formatDay, formatHours, formatMiles } from '../../../lib/format/index.ts';

/** The totals line and the caregivers' table; `onOpen` opens a caregiver's payroll drawer. */
export function PayrollReport({
  data,
  onOpen,
}: {
  data: PayrollPeriodView;
  onOpen: (caregiverId: string) => void;
}) {
  return (
    <>
      <Text size="sm" data-testid="payroll-totals">
        {formatDay(data.period.start)} – {formatDay(data.period.end)} · {data.totals.caregivers} caregiver
        {data.totals.caregivers === 1 ? '' : 's'} · regular {formatHours(data.totals.regularHours)} · overtime{' '}
        {formatHours(data.totals.overtimeHours)} · mileage {formatMiles(data.totals.mileageMiles)} · amount
        adjustments {formatCents(data.totals.amountAdjustmentCents)} · total paid{' '}
        {formatHours(data.totals.totalPaidHours)}
      </Text>
      {data.items.length === 0 ? <NothingToPay /> : <PayrollTable items={data.items} onOpen={onOpen} />}
    </>
  );
}

function NothingToPay() {
  return (
    <Alert variant="light" color="gray" title="Nothing to pay in this period — import EVV shifts">
      <Text size="sm">
        Payroll comes from the shift segments of the period. Import an EVV export, pick an earlier period, or
        open a caregiver to add an adjustment.
      </Text>
      <Button component={Link} to="/upload" mt="sm" leftSection={<IconUpload size={16} aria-hidden />}>
        Import EVV file
      </Button>
    </Alert>
  );
}

function PayrollTable({
  items,
  onOpen,
}: {
  items: PayrollCaregiver[];
  onOpen: (caregiverId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover withTableBorder aria-label="Payroll by caregiver">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Caregiver</Table.Th>
            <Table.Th>Regular</Table.Th>
            <Table.Th>Overtime</Table.Th>
            <Table.Th>Mileage</Table.Th>
            <Table.Th>Adjustments</Table.Th>
            <Table.Th>Total paid hours</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <PayrollRow key={row.caregiverId} row={row} onOpen={onOpen} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PayrollRow({ row, onOpen }: { row: PayrollCaregiver; onOpen: (caregiverId: string) => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        {row.caregiverName}
        <Text size="xs" c="dimmed">
          {row.externalId ? `ID ${row.externalId} · ` : ''}
          {row.segmentCount} segment{row.segmentCount === 1 ? '' : 's'}
          {row.payrollVersionCount ? ` · ${row.payrollVersionCount} with paid times set` : ''}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatHours(row.regularHours)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.overtimeHours > 0 ? (
          <Badge color="red" variant="filled" miw="max-content">
            Overtime {formatHours(row.overtimeHours)}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMiles(row.mileageMiles)}</Table.Td>
      <Table.Td>
        {row.adjustmentCount ? (
          <Stack gap={0}>
            {row.hourAdjustments ? <Text size="sm">{formatHours(row.hourAdjustments)}</Text> : null}
            {row.amountAdjustmentCents ? (
              <Text size="sm">{formatCents(row.amountAdjustmentCents)}</Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {row.adjustmentCount} adjustment{row.adjustmentCount === 1 ? '' : 's'}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatHours(row.totalPaidHours)}</Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="default"
          onClick={() => onOpen(row.caregiverId)}
          aria-label={`Payroll details of ${row.caregiverName}`}
        >
          Details
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
