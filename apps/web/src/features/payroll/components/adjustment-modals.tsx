/**
 * Payroll adjustment dialogs (spec s.3 PayrollAdjustment; docs/payroll.md "Adjustments"):
 * - {@link AdjustmentModal}: add one (type, value in its unit, optional segment, date, reason, notes)
 *   or edit one (value, date, notes and the reason for the change; the server keeps the old row).
 *   Money is typed in dollars and sent as integer cents; hours and miles as decimals (2 places).
 * - {@link DeactivateAdjustmentModal}: deactivate with a required reason.
 * - {@link AdjustmentHistoryModal}: the chain of versions, oldest first.
 * Errors land on their inputs; a failed save keeps what was typed.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  dollarsToCents,
  type PayrollAdjustment,
  type PayrollAdjustmentType,
  type PayrollSegment,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { labelMessage } from '../../../lib/form-errors.ts';
import {
  useAdjustmentHistory,
  useCreateAdjustment,
  useDeactivateAdjustment,
  useUpdateAdjustment,
} from '../api/payroll.ts';
import { formatAdjustmentValue } from './format.ts';
import { dollarsFieldValue, formatDay, formatInstant } from '../../../lib/format/index.ts';

/** What each type adjusts, for the type select and the value label. */
export const adjustmentTypeLabels: Record<PayrollAdjustmentType, string> = {
  HOURS: 'Hours',
  MILEAGE: 'Mileage',
  AMOUNT: 'Amount',
};
const valueLabels: Record<PayrollAdjustmentType, string> = {
  HOURS: 'Hours to add (decimal, e.g. 1.5; negative deducts)',
  MILEAGE: 'Miles to add (negative deducts)',
  AMOUNT: 'Amount in dollars (e.g. 25.50; negative deducts)',
};

const labels = {
  adjustmentType: 'Type',
  adjustmentValue: 'Value',
  shiftSegmentId: 'Segment',
  effectiveDate: 'Date',
  reason: 'Reason',
  notes: 'Notes',
} as const;
type Field = keyof typeof labels;

/** The typed value in the API's unit (cents for AMOUNT), or null when it is not a number. */
export function parseAdjustmentValue(type: PayrollAdjustmentType, text: string): number | null {
  const trimmed = text.trim().replace(/^\+/, '');
  const negative = /^[-−]/.test(trimmed);
  const body = negative ? trimmed.slice(1).trim() : trimmed;
  if (type === 'AMOUNT') {
    const cents = dollarsToCents(body);
    return cents === null ? null : negative ? -cents : cents;
  }
  if (!/^\d+(\.\d+)?$/.test(body)) return null;
  const value = Number(body);
  return negative ? -value : value;
}

/** The value as typed into the form (dollars for AMOUNT). */
const valueText = (type: PayrollAdjustmentType, value: number) =>
  type === 'AMOUNT' ? dollarsFieldValue(value) : String(value);

export interface AdjustmentModalProps {
  caregiverId: string;
  caregiverName: string;
  periodStart: string;
  /** The caregiver's segments in the period, to tie the adjustment to one. */
  segments: PayrollSegment[];
  timeZone: string;
  /** The adjustment to edit; undefined to add one. */
  adjustment?: PayrollAdjustment;
  /** Preselected segment when adding from a segment row. */
  segmentId?: string;
  onClose: () => void;
}

type FieldValues = Record<Field, string>;
type FieldErrors = Partial<Record<Field, string>>;

/** The form's first values: the adjustment's when editing, else the preselected segment and its date. */
const initialValues = ({
  adjustment,
  segments,
  segmentId,
  periodStart,
}: AdjustmentModalProps): FieldValues => ({
  adjustmentType: adjustment?.adjustmentType ?? 'HOURS',
  adjustmentValue: adjustment ? valueText(adjustment.adjustmentType, adjustment.adjustmentValue) : '',
  shiftSegmentId: adjustment?.shiftSegmentId ?? segmentId ?? '',
  effectiveDate:
    adjustment?.effectiveDate ?? segments.find((s) => s.segmentId === segmentId)?.date ?? periodStart,
  reason: '',
  notes: adjustment?.notes ?? '',
});

/** The API's field errors that name one of the form's fields (`body.<field>`), labelled. */
function apiFieldErrors(error: unknown): FieldErrors {
  const next: FieldErrors = {};
  if (!(error instanceof ApiError)) return next;
  for (const fieldError of error.fieldErrors) {
    const field = fieldError.path.replace(/^body\./, '') as Field;
    if (Object.hasOwn(labels, field)) next[field] = labelMessage(fieldError.message, labels[field]);
  }
  return next;
}

/**
 * The adjustment form's state: values, errors (the browser's checks, then the API's on their
 * inputs), and `submit`, which creates or updates the adjustment and closes with a toast.
 */
function useAdjustmentForm(props: AdjustmentModalProps) {
  const { adjustment, caregiverId, caregiverName, onClose } = props;
  const [values, setValues] = useState<FieldValues>(() => initialValues(props));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateAdjustment();
  const update = useUpdateAdjustment();
  const type = values.adjustmentType as PayrollAdjustmentType;
  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const onError = (error: unknown) => {
    if (error instanceof ApiError) setErrors(apiFieldErrors(error));
  };
  const done = (title: string) => {
    notifications.show({ color: 'green', title, message: caregiverName });
    onClose();
  };
  const submit = () => {
    const next: FieldErrors = {};
    const value = parseAdjustmentValue(type, values.adjustmentValue);
    if (value === null) next.adjustmentValue = labelMessage('must be a number', labels.adjustmentValue);
    if (!values.reason.trim()) next.reason = labelMessage('is required', labels.reason);
    if (!values.effectiveDate) next.effectiveDate = labelMessage('is required', labels.effectiveDate);
    setErrors(next);
    if (Object.keys(next).length || value === null) return;
    const { reason, notes, effectiveDate } = values;
    if (adjustment)
      update.mutate(
        { id: adjustment.id, patch: { adjustmentValue: value, reason, notes, effectiveDate } },
        { onSuccess: () => done('Adjustment changed'), onError },
      );
    else
      create.mutate(
        {
          caregiverId,
          shiftSegmentId: values.shiftSegmentId || null,
          adjustmentType: type,
          adjustmentValue: value,
          reason,
          notes,
          effectiveDate,
        },
        { onSuccess: () => done('Adjustment added'), onError },
      );
  };
  const text = (field: Field) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });
  const failed = adjustment ? update.error : create.error;
  return { values, errors, type, set, text, submit, failed, pending: create.isPending || update.isPending };
}

type AdjustmentForm = ReturnType<typeof useAdjustmentForm>;

/** See the module comment. Mounted only while open. */
export function AdjustmentModal(props: AdjustmentModalProps) {
  const { adjustment, caregiverName, onClose } = props;
  const editing = Boolean(adjustment);
  const form = useAdjustmentForm(props);
  const { failed } = form;
  const unmatched =
    failed instanceof ApiError
      ? failed.fieldErrors.filter((e) => !Object.hasOwn(labels, e.path.replace(/^body\./, '')))
      : [];
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${editing ? 'Edit adjustment' : 'Add adjustment'} — ${caregiverName}`}
      size="lg"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
        noValidate
        aria-label={editing ? 'Edit adjustment' : 'Add adjustment'}
      >
        <Stack gap="sm">
          {editing ? (
            <Text size="sm" c="dimmed">
              The current version is kept in the history; the change is saved as a new version with your
              reason.
            </Text>
          ) : null}
          <AdjustmentFields
            form={form}
            editing={editing}
            segments={props.segments}
            timeZone={props.timeZone}
          />
          <Textarea
            label={editing ? 'Reason for the change' : labels.reason}
            autosize
            minRows={2}
            maxLength={500}
            required
            {...form.text('reason')}
          />
          <Textarea label={labels.notes} autosize minRows={2} maxLength={2000} {...form.text('notes')} />
          {failed && (unmatched.length || !(failed instanceof ApiError) || !failed.fieldErrors.length) ? (
            <ApiErrorAlert error={failed} title="The adjustment was not saved" fieldErrors={unmatched} />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.pending}>
              {editing ? 'Save change' : 'Add adjustment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Type and value, the segment it is about (picking one sets the date) and the date. */
function AdjustmentFields({
  form: { values, errors, type, set, text },
  editing,
  segments,
  timeZone,
}: {
  form: AdjustmentForm;
  editing: boolean;
  segments: PayrollSegment[];
  timeZone: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={labels.adjustmentType}
        data={(Object.keys(adjustmentTypeLabels) as PayrollAdjustmentType[]).map((value) => ({
          value,
          label: adjustmentTypeLabels[value],
        }))}
        value={values.adjustmentType}
        onChange={(value) => set('adjustmentType', value ?? 'HOURS')}
        disabled={editing}
        allowDeselect={false}
      />
      <TextInput label={valueLabels[type]} inputMode="decimal" required {...text('adjustmentValue')} />
      <Select
        label={labels.shiftSegmentId}
        description="Optional: the segment this is about."
        placeholder="Not about one segment"
        data={segments.map((s) => ({
          value: s.segmentId,
          label: `${formatDay(s.date)} · ${s.clientName}${
            s.paidStart ? ` · ${formatInstant(s.paidStart, timeZone)}` : ''
          }`,
        }))}
        value={values.shiftSegmentId || null}
        onChange={(value) => {
          set('shiftSegmentId', value ?? '');
          const date = segments.find((s) => s.segmentId === value)?.date;
          if (date) set('effectiveDate', date);
        }}
        clearable
        disabled={editing}
        error={errors.shiftSegmentId}
      />
      <TextInput
        type="date"
        label={labels.effectiveDate}
        description="Decides the pay period."
        required
        {...text('effectiveDate')}
      />
    </SimpleGrid>
  );
}

/** Deactivates an adjustment with a required reason. */
export function DeactivateAdjustmentModal({
  adjustment,
  onClose,
}: {
  adjustment: PayrollAdjustment;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const deactivate = useDeactivateAdjustment();
  const submit = () => {
    if (!reason.trim()) {
      setError(labelMessage('is required', 'Reason'));
      return;
    }
    deactivate.mutate(
      { id: adjustment.id, reason },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            title: 'Adjustment deactivated',
            message: adjustment.caregiverName,
          });
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Deactivate adjustment" size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
        aria-label="Deactivate adjustment"
      >
        <Stack gap="sm">
          <Text size="sm">
            {adjustmentTypeLabels[adjustment.adjustmentType]}{' '}
            {formatAdjustmentValue(adjustment.adjustmentType, adjustment.adjustmentValue)} will no longer be
            paid. It stays in the history.
          </Text>
          <Textarea
            label="Reason"
            autosize
            minRows={2}
            maxLength={500}
            required
            value={reason}
            error={error}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-autofocus
          />
          {deactivate.error ? (
            <ApiErrorAlert error={deactivate.error} title="The adjustment was not deactivated" />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={deactivate.isPending}>
              Deactivate
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The versions of an adjustment, oldest first, with who changed it, when and why. */
export function AdjustmentHistoryModal({
  adjustmentId,
  timeZone,
  onClose,
}: {
  adjustmentId: string;
  timeZone: string;
  onClose: () => void;
}) {
  const history = useAdjustmentHistory(adjustmentId);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Adjustment history"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close history' }}
    >
      {history.isPending ? (
        <Group justify="center" p="lg">
          <Loader aria-label="Loading the history" />
        </Group>
      ) : history.isError ? (
        <ApiErrorAlert error={history.error} title="The history could not be loaded" />
      ) : (
        <Table striped withTableBorder aria-label="Adjustment versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Saved</Table.Th>
              <Table.Th>Value</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Reason and notes</Table.Th>
              <Table.Th>State</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.items.map((row) => (
              <AdjustmentVersionRow key={row.id} row={row} timeZone={timeZone} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  );
}

/** One version: when and by whom it was saved, its value, date, reason and notes, and its state. */
function AdjustmentVersionRow({ row, timeZone }: { row: PayrollAdjustment; timeZone: string }) {
  return (
    <Table.Tr>
      <Table.Td>
        {formatInstant(row.createdAt, timeZone)}
        <Text size="xs" c="dimmed">
          by {row.createdByName ?? 'a former user'}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatAdjustmentValue(row.adjustmentType, row.adjustmentValue)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {row.effectiveDate ? formatDay(row.effectiveDate) : '—'}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{row.reason}</Text>
        {row.notes ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {row.notes}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {row.isActive ? (
          <Badge color="green" variant="light">
            Current
          </Badge>
        ) : row.replacedById ? (
          <Badge color="gray" variant="light">
            Replaced
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Deactivated
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
