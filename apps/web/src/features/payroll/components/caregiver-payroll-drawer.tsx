/**
 * One caregiver's payroll in a period (issue 6): hours per workweek (regular / overtime), the
 * segments paid (EVV vs. paid times, with "Edit paid times"), and the adjustments of the period with
 * add, edit, deactivate and history (inactive versions shown on request).
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PayrollCaregiverDetail } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useCaregiverPayroll } from '../api/payroll.ts';
import { AdjustmentHistoryModal, AdjustmentModal, DeactivateAdjustmentModal } from './adjustment-modals.tsx';
import {
  AdjustmentsTable,
  PaidSegmentsTable,
  PayrollSummaryLine,
  WorkweekTable,
  type PayrollDialog,
} from './caregiver-payroll-tables.tsx';
import { PaidTimesModal } from './paid-times-modal.tsx';
import { formatPeriod } from '../../../lib/format/index.ts';

export interface CaregiverPayrollDrawerProps {
  caregiverId: string | undefined;
  periodStart: string | undefined;
  onClose: () => void;
}

/** See the module comment. Closed while `caregiverId` is undefined. */
export function CaregiverPayrollDrawer({ caregiverId, periodStart, onClose }: CaregiverPayrollDrawerProps) {
  const detail = useCaregiverPayroll(caregiverId, periodStart);
  const [dialog, setDialog] = useState<PayrollDialog | null>(null);
  const [showInactive, setShowInactive] = useState(false);
  const data = detail.data;
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
        <CaregiverPayrollBody
          data={data}
          showInactive={showInactive}
          onShowInactiveChange={setShowInactive}
          onDialog={setDialog}
        />
      ) : null}
      <PayrollDialogs data={data} dialog={dialog} onClose={() => setDialog(null)} />
    </Drawer>
  );
}

/** The loaded payroll: totals, workweeks, segments paid and adjustments (inactive ones on request). */
function CaregiverPayrollBody({
  data,
  showInactive,
  onShowInactiveChange,
  onDialog,
}: {
  data: PayrollCaregiverDetail;
  showInactive: boolean;
  onShowInactiveChange: (showInactive: boolean) => void;
  onDialog: (dialog: PayrollDialog) => void;
}) {
  const adjustments = data.adjustments.filter((a) => showInactive || a.isActive);
  return (
    <Stack gap="md">
      <PayrollSummaryLine summary={data.summary} />
      {data.summary.weeks.length ? <WorkweekTable weeks={data.summary.weeks} /> : null}

      <Title order={4}>Segments paid</Title>
      {data.segments.length === 0 ? (
        <Alert variant="light" color="gray" title="No segments in this period">
          <Text size="sm">Import EVV shifts for this caregiver, or pick another period.</Text>
        </Alert>
      ) : (
        <PaidSegmentsTable segments={data.segments} timeZone={data.timeZone} onDialog={onDialog} />
      )}

      <Group justify="space-between" align="flex-end">
        <Title order={4}>Adjustments</Title>
        <Group gap="sm">
          <Switch
            label="Show replaced and deactivated"
            checked={showInactive}
            onChange={(event) => onShowInactiveChange(event.currentTarget.checked)}
          />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onDialog({ kind: 'add' })}>
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
        <AdjustmentsTable adjustments={adjustments} onDialog={onDialog} />
      )}
    </Stack>
  );
}

/** The dialog a row's action opened: paid times, add or edit, deactivate, or history of an adjustment. */
function PayrollDialogs({
  data,
  dialog,
  onClose,
}: {
  data: PayrollCaregiverDetail | undefined;
  dialog: PayrollDialog | null;
  onClose: () => void;
}) {
  return (
    <>
      {data && dialog?.kind === 'paid' ? (
        <PaidTimesModal segment={dialog.segment} timeZone={data.timeZone} onClose={onClose} />
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
          onClose={onClose}
        />
      ) : null}
      {dialog?.kind === 'deactivate' ? (
        <DeactivateAdjustmentModal adjustment={dialog.adjustment} onClose={onClose} />
      ) : null}
      {data && dialog?.kind === 'history' ? (
        <AdjustmentHistoryModal
          adjustmentId={dialog.adjustmentId}
          timeZone={data.timeZone}
          onClose={onClose}
        />
      ) : null}
    </>
  );
}
