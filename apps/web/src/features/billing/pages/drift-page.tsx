/**
 * `/admin/billing/drift` (issue 6 "Drift"): exported billing items whose segment changed after the
 * export, each with old → new per field. Voiding (reason required, in a modal) frees the segment;
 * then the admin re-exports its dates on `/admin/billing/exports` (a hint with a link appears).
 * Drift is found whenever segments are re-validated: at once after a shift correction or a segment
 * edit, and by the segment-validation job after imports and rule changes; "Check these dates for drift"
 * runs that job for the dates (with a progress bar). Dates and page live in the URL.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSearchParam } from '../../../lib/url-state.ts';
import { z } from 'zod';
import { type BillingItem } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DateRangeFilter, resolveDateRange } from '../../../components/ui/date-filters.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { useJob } from '../../../lib/jobs.ts';
import { useStartValidation } from '../../../components/validation/validation-api.ts';
import { exportKeys, useBillingItems, useVoidBillingItem } from '../api/exports.ts';
import { ValidationProgress } from '../../../components/validation/validation-progress.tsx';
import { formatExactTime, formatMoney } from '../../../lib/format/index.ts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const driftFilters = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
type DriftFilters = z.output<typeof driftFilters>;

/** The last three calendar months up to today. */
function recentMonths() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 2, 1));
  return { from: first.toISOString().slice(0, 10), to: now.toISOString().slice(0, 10) };
}

const fieldLabels: Record<string, string> = {
  segmentId: 'Segment',
  shiftId: 'Shift',
  date: 'Service date',
  evvStart: 'Start',
  evvEnd: 'End',
  billingCode: 'Code',
  modifier: 'Modifier',
  evvInLat: 'Clock-in latitude',
  evvInLong: 'Clock-in longitude',
  evvOutLat: 'Clock-out latitude',
  evvOutLong: 'Clock-out longitude',
  caregiverId: 'Caregiver',
  clientId: 'Client',
  providerMedicaidId: 'Provider Medicaid id',
  clientPid: 'Client prime',
  dspName: 'DSP name',
  timeZone: 'Time zone',
  deleted: 'Deleted',
};

/** A drift value for people: instants in the display zone, booleans as words, empty as a dash. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if ((field === 'evvStart' || field === 'evvEnd') && typeof value === 'string')
    return formatExactTime(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The dates of the URL's filters (default: the last three months); `rangeError` when To is before From. */
const driftRange = (state: DriftFilters) => resolveDateRange(state, recentMonths());

/** The drifted items of the URL's filters (every date while the range is inverted). */
function useDriftedItems(state: DriftFilters) {
  const { from, to, rangeError } = driftRange(state);
  return useBillingItems({
    hasDrift: 'true',
    dateFrom: rangeError ? undefined : from,
    dateTo: rangeError ? undefined : to,
    page: state.page,
    pageSize: state.pageSize,
  });
}

const noWrap = { whiteSpace: 'nowrap' } as const;
const column = createColumnHelper<BillingItem>();

/** The drift queue's columns; "Void" opens the void dialog. */
function driftColumns(onVoid: (item: BillingItem) => void) {
  return [
    column.accessor('date', {
      header: 'Date',
      cell: ({ row: { original: item } }) => (
        <span style={noWrap}>
          {item.shiftId ? (
            <Anchor component={Link} to={`/admin/shifts/${item.shiftId}`}>
              {item.date}
            </Anchor>
          ) : (
            item.date
          )}
        </span>
      ),
    }),
    column.accessor('clientName', { header: 'Client' }),
    column.accessor('dspName', { header: 'DSP', cell: ({ row }) => row.original.dspName ?? '—' }),
    column.accessor('billingCode', {
      header: 'Code',
      cell: ({ row: { original: item } }) => (
        <span style={noWrap}>
          {item.billingCode}
          {item.modifier ? ` + ${item.modifier}` : ''}
        </span>
      ),
    }),
    column.accessor('amount', {
      header: () => <div style={{ textAlign: 'right' }}>Amount</div>,
      cell: ({ row }) => <div style={{ textAlign: 'right' }}>{formatMoney(row.original.amount)}</div>,
    }),
    column.display({
      id: 'changed',
      header: 'Changed (exported → now)',
      cell: ({ row: { original: item } }) => (
        <List size="sm" spacing={2}>
          {item.driftFields.map((drift) => (
            <List.Item key={drift.field}>
              <Text span size="sm" fw={600}>
                {fieldLabels[drift.field] ?? drift.field}:
              </Text>{' '}
              <Text span size="sm" td="line-through" c="dimmed">
                {shown(drift.field, drift.exported)}
              </Text>{' '}
              →{' '}
              <Text span size="sm">
                {shown(drift.field, drift.current)}
              </Text>
            </List.Item>
          ))}
        </List>
      ),
    }),
    column.accessor('driftDetectedAt', {
      header: 'Found',
      cell: ({ row: { original: item } }) => (
        <Text size="xs" style={noWrap}>
          <ExactTime value={item.driftDetectedAt} />
        </Text>
      ),
    }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: ({ row: { original: item } }) => (
        <Button
          size="xs"
          color="red"
          variant="light"
          onClick={() => onVoid(item)}
          aria-label={`Void the item of ${item.date}, ${item.clientName}`}
        >
          Void
        </Button>
      ),
    }),
  ];
}

/**
 * The drift check of the dates: the validation job started here, its id in the URL (`?job=`); when it
 * completes, the billing items are read again.
 */
function useDriftCheck() {
  const [jobId, setJobId] = useSearchParam('job');
  const check = useStartValidation();
  const job = useJob(jobId);
  const jobStatus = jobId ? job.data?.status : undefined;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (jobStatus === 'COMPLETED') void queryClient.invalidateQueries({ queryKey: exportKeys.all });
  }, [jobStatus, queryClient]);
  const start = (from: string, to: string) =>
    check.mutate({ from, to }, { onSuccess: ({ job: started }) => setJobId(started.id) });
  return { jobId, close: () => setJobId(undefined), check, start };
}

/** See the module comment. */
export function DriftPage() {
  const list = useListPage({ schema: driftFilters, useList: useDriftedItems });
  const { from, to, rangeError } = driftRange(list.query);
  const drift = useDriftCheck();
  const [target, setTarget] = useState<BillingItem | null>(null);
  const [voided, setVoided] = useState<BillingItem | null>(null);
  const columns = useMemo(() => driftColumns(setTarget), []);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Drift
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Billing items whose segment changed after it was exported. Compare the exported and current
            values; to bill the corrected segment, void the item with a reason, then export its dates again.
          </Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/admin/billing/exports" variant="default">
            Export batches
          </Button>
          <Button
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={drift.check.isPending}
            disabled={Boolean(rangeError)}
            onClick={() => drift.start(from, to)}
          >
            Check these dates for drift
          </Button>
        </Group>
      </Group>
      {drift.check.error ? <ApiErrorAlert error={drift.check.error} title="The check did not start" /> : null}
      {drift.jobId ? <ValidationProgress jobId={drift.jobId} onClose={drift.close} /> : null}
      {voided ? <VoidedAlert item={voided} onClose={() => setVoided(null)} /> : null}
      <ListPage
        list={list}
        filterLabel="Filter drift"
        filters={
          <DateRangeFilter
            from={from}
            to={to}
            labels={['From', 'To']}
            error={rangeError}
            onChange={list.setQuery}
          />
        }
        label="Drifted billing items"
        noun={{ one: 'drifted item', other: 'drifted items' }}
        columns={columns}
        empty={{
          title: 'No drift in these dates',
          description:
            'Every exported item still matches its segment. Corrections show here as soon as they are saved; to re-check after an import, use “Check these dates for drift”, or pick other dates.',
        }}
      />
      <VoidItemModal target={target} onClose={() => setTarget(null)} onVoided={setVoided} />
    </Stack>
  );
}

/** The item just voided: its segment can be billed again, with the link to export its date. */
function VoidedAlert({ item, onClose }: { item: BillingItem; onClose: () => void }) {
  return (
    <Alert
      color="green"
      variant="light"
      title="Item voided"
      withCloseButton
      onClose={onClose}
      data-testid="void-done"
    >
      <Text size="sm">
        Its segment can be billed again.{' '}
        <Anchor component={Link} to={`/admin/billing/exports?from=${item.date}&to=${item.date}`}>
          Export {item.date} again
        </Anchor>{' '}
        to bill the corrected segment.
      </Text>
    </Alert>
  );
}

/** "Void billing item": the item, the required reason, and the void (the modal closes on success). */
function VoidItemModal({
  target,
  onClose,
  onVoided,
}: {
  target: BillingItem | null;
  onClose: () => void;
  onVoided: (item: BillingItem) => void;
}) {
  const voiding = useVoidBillingItem();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const close = () => {
    onClose();
    setReason('');
    setReasonError(undefined);
    voiding.reset();
  };
  const submit = () => {
    if (!target) return;
    if (!reason.trim()) {
      setReasonError('Give the reason: it is kept in the item’s history');
      return;
    }
    voiding.mutate(
      { id: target.id, reason: reason.trim() },
      {
        onSuccess: ({ item }) => {
          onVoided(item);
          close();
        },
      },
    );
  };
  return (
    <Modal opened={Boolean(target)} onClose={close} title="Void billing item">
      {target ? (
        <Stack gap="sm">
          <Text size="sm">
            {target.date} · {target.clientName} · {target.billingCode}
            {target.modifier ? ` + ${target.modifier}` : ''} · {formatMoney(target.amount)}. The item stays in
            its batch as VOID; its segment can be exported again.
          </Text>
          <Textarea
            label="Reason"
            description="Kept in the item's status history"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            error={reasonError}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(undefined);
            }}
            data-autofocus
          />
          {voiding.error ? <ApiErrorAlert error={voiding.error} title="The item was not voided" /> : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button color="red" loading={voiding.isPending} onClick={submit}>
              Void item
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
