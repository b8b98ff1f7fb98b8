/**
 * `/admin/billing/payroll` (issue 6 "Payroll"; docs/payroll.md): the payroll of one pay period per
 * caregiver — regular and overtime hours (over 40 per FLSA workweek), mileage and adjustments —
 * with a period picker (previous / next / recent periods, in the URL as `periodStart`), the pay-period
 * settings, a caregiver drawer (`caregiver=<id>`: segments with paid times, adjustments), "Export
 * payroll" (stores the CSV and downloads it) and the list of past exports.
 */
import { useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import { Anchor, Button, Group, Loader, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconDownload, IconSettings } from '@tabler/icons-react';
import { z } from 'zod';
import type { PayPeriod, PayrollExport, PayrollPeriodView } from '@tend/contracts';
import { ApiErrorAlert, LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import {
  payrollExportFileUrl,
  payrollExportPageSize,
  useCreatePayrollExport,
  usePayPeriodSettings,
  usePayroll,
  usePayrollExports,
} from '../api/payroll.ts';
import { CaregiverPayrollDrawer } from '../components/caregiver-payroll-drawer.tsx';
import { PayPeriodSettingsModal } from '../components/pay-period-settings-modal.tsx';
import { PayrollReport } from '../components/payroll-report.tsx';
import { formatHours, formatInstant, formatMiles, formatPeriod } from '../../../lib/format/index.ts';

const pageState = z.object({
  periodStart: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  caregiver: z.uuid().optional(),
  exportsPage: z.coerce.number().int().min(1).default(1),
});

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Starts a download of the export's CSV through a same-origin link (the session cookie goes along). */
function download(id: string) {
  const link = document.createElement('a');
  link.href = payrollExportFileUrl(id);
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

const exportColumn = createColumnHelper<PayrollExport>();
const exportPeriod = (item: PayrollExport) => formatPeriod({ start: item.periodStart, end: item.periodEnd });

/** The past exports' columns, times in the agency's zone. */
const exportColumnsIn = (timeZone: string) => [
  exportColumn.accessor(exportPeriod, { id: 'period', header: 'Pay period' }),
  exportColumn.accessor((item) => formatInstant(item.createdAt, timeZone), {
    id: 'exported',
    header: 'Exported',
    cell: ({ getValue, row }) => (
      <>
        {getValue()}
        <Text size="xs" c="dimmed">
          by {row.original.exportedByName ?? 'a former user'}
        </Text>
      </>
    ),
  }),
  exportColumn.accessor('caregiverCount', { header: 'Caregivers' }),
  exportColumn.accessor((item) => `${formatHours(item.regularHours)} / ${formatHours(item.overtimeHours)}`, {
    id: 'hours',
    header: 'Regular / overtime',
    cell: ({ getValue }) => <span style={{ whiteSpace: 'nowrap' }}>{getValue()}</span>,
  }),
  exportColumn.accessor((item) => formatMiles(item.mileageMiles), { id: 'mileage', header: 'Mileage' }),
  exportColumn.display({
    id: 'download',
    header: () => <VisuallyHidden>Download</VisuallyHidden>,
    cell: ({ row: { original: item } }) => (
      <>
        <Anchor
          href={payrollExportFileUrl(item.id)}
          download
          aria-label={`Download payroll ${exportPeriod(item)} CSV, exported ${formatInstant(item.createdAt, timeZone)}`}
        >
          <Group gap={4} wrap="nowrap">
            <IconDownload size={14} aria-hidden />
            CSV
          </Group>
        </Anchor>
        <Text size="xs" c="dimmed" title={`SHA-256 ${item.fileSha256}`}>
          {item.fileSha256.slice(0, 12)}…
        </Text>
      </>
    ),
  }),
];

/** The past exports of the URL's `exportsPage` (the period's state does not filter them). */
const useExportsOfPage = (state: z.output<typeof pageState>) => usePayrollExports(state.exportsPage);

/** Past exports, newest first, each downloadable. */
function ExportsTable({ timeZone }: { timeZone: string }) {
  const list = useListPage({
    schema: pageState,
    useList: useExportsOfPage,
    pageKey: 'exportsPage',
    pageSize: payrollExportPageSize,
  });
  const columns = useMemo(() => exportColumnsIn(timeZone), [timeZone]);
  return (
    <ListPage
      list={list}
      filterLabel="Past exports"
      label="Payroll exports"
      noun={{ one: 'export', other: 'exports' }}
      columns={columns}
      empty={{
        title: 'No payroll exported yet',
        description: 'Pick a period above and choose “Export payroll”.',
      }}
    />
  );
}

/** The recent periods to pick from, with the shown period first when it is not among them. */
function periodOptionsOf(recentPeriods: PayPeriod[], data: PayrollPeriodView | undefined) {
  const options = recentPeriods.map((p) => ({ value: p.start, label: formatPeriod(p) }));
  if (data && !options.some((o) => o.value === data.period.start))
    options.unshift({ value: data.period.start, label: formatPeriod(data.period) });
  return options;
}

/** "Export payroll" of the shown period: stores the CSV, says so, and starts its download. */
function usePayrollExport(data: PayrollPeriodView | undefined) {
  const exportPayroll = useCreatePayrollExport();
  const runExport = () => {
    if (!data) return;
    exportPayroll.mutate(data.period.start, {
      onSuccess: (created) => {
        notifications.show({
          color: 'green',
          title: 'Payroll exported',
          message: `${formatPeriod({ start: created.periodStart, end: created.periodEnd })}: ${created.caregiverCount} caregiver${created.caregiverCount === 1 ? '' : 's'}. The download starts now.`,
        });
        download(created.id);
      },
    });
  };
  return { exportPayroll, runExport };
}

/** See the module comment. */
export function PayrollPage() {
  const { state, setState } = useUrlState(pageState);
  const settings = usePayPeriodSettings();
  const payroll = usePayroll(state.periodStart);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const data = payroll.data;
  const { exportPayroll, runExport } = usePayrollExport(data);
  const timeZone = data?.timeZone ?? settings.data?.timeZone ?? 'UTC';
  const setPeriod = (periodStart: string | undefined) => setState({ periodStart, caregiver: undefined });
  return (
    <Stack gap="md">
      <PayrollHeading
        data={data}
        settingsLoaded={Boolean(settings.data)}
        onSettings={() => setSettingsOpen(true)}
      />
      <PeriodBar
        data={data}
        periodStart={state.periodStart}
        options={periodOptionsOf(settings.data?.recentPeriods ?? [], data)}
        onPeriod={setPeriod}
        exporting={exportPayroll.isPending}
        onExport={runExport}
      />
      {exportPayroll.error ? (
        <ApiErrorAlert
          error={exportPayroll.error}
          title="The payroll was not exported"
          onClose={() => exportPayroll.reset()}
        />
      ) : null}
      {payroll.isError ? (
        <LoadErrorAlert
          error={payroll.error}
          title="The payroll could not be loaded"
          onRetry={() => void payroll.refetch()}
        />
      ) : null}
      {payroll.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the payroll" />
        </Group>
      ) : data ? (
        <PayrollReport data={data} onOpen={(caregiver) => setState({ caregiver }, { resetPage: false })} />
      ) : null}

      <Title order={2} size="h3" mt="md">
        Past exports
      </Title>
      <ExportsTable timeZone={timeZone} />

      {settingsOpen && settings.data ? (
        <PayPeriodSettingsModal
          settings={settings.data}
          onClose={() => setSettingsOpen(false)}
          onSaved={setPeriod}
        />
      ) : null}
      <CaregiverPayrollDrawer
        caregiverId={state.caregiver}
        periodStart={data?.period.start ?? state.periodStart}
        onClose={() => setState({ caregiver: undefined }, { resetPage: false })}
      />
    </Stack>
  );
}

/** The title, what payroll counts (the period's frequency, workweek and zone), and "Pay period settings". */
function PayrollHeading({
  data,
  settingsLoaded,
  onSettings,
}: {
  data: PayrollPeriodView | undefined;
  settingsLoaded: boolean;
  onSettings: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <div>
        <Title order={1} size="h2">
          Payroll
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={780}>
          What each caregiver is paid for a pay period: hours from the segments’ paid times (the EVV times
          unless you set others), overtime beyond {data?.overtimeThresholdHours ?? 40} hours in each FLSA
          workweek, mileage and adjustments.
          {data
            ? ` ${capitalize(data.frequency)} periods; workweeks start ${capitalize(data.workweekStart)} at midnight (${data.timeZone}).`
            : ''}
        </Text>
      </div>
      <Button
        variant="default"
        leftSection={<IconSettings size={16} aria-hidden />}
        onClick={onSettings}
        disabled={!settingsLoaded}
      >
        Pay period settings
      </Button>
    </Group>
  );
}

/** Previous / pick / next pay period (in the URL as `periodStart`, closing the drawer) and "Export payroll". */
function PeriodBar({
  data,
  periodStart,
  options,
  onPeriod,
  exporting,
  onExport,
}: {
  data: PayrollPeriodView | undefined;
  periodStart: string | undefined;
  options: { value: string; label: string }[];
  onPeriod: (periodStart: string | undefined) => void;
  exporting: boolean;
  onExport: () => void;
}) {
  return (
    <Group role="search" aria-label="Pick a pay period" align="flex-end" gap="sm" wrap="wrap">
      <Button
        variant="default"
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        onClick={() => data && onPeriod(data.previousPeriodStart)}
        disabled={!data}
      >
        Previous period
      </Button>
      <Select
        label="Pay period"
        data={options}
        value={data?.period.start ?? periodStart ?? null}
        onChange={(value) => onPeriod(value ?? undefined)}
        allowDeselect={false}
        w={260}
      />
      <Button
        variant="default"
        rightSection={<IconChevronRight size={16} aria-hidden />}
        onClick={() => data && onPeriod(data.nextPeriodStart)}
        disabled={!data}
      >
        Next period
      </Button>
      <Button
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={onExport}
        loading={exporting}
        disabled={!data || data.items.length === 0}
      >
        Export payroll
      </Button>
    </Group>
  );
}
