/**
 * One billing export batch in a drawer (issue 6 "Billing export"): its range, rows, total, who made
 * it, the file's SHA-256, a Download button, and its items (paged) with units, rate and amount
 * (money with `formatCents`), the DSP, the status and a drift flag.
 */
import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { BillingExportBatch, BillingItem } from '@tend/contracts';
import { LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LabelledPagination } from '../../../components/ui/labelled-pagination.tsx';
import { billingExportFileUrl, useExportBatch } from '../api/exports.ts';
import { formatCents, formatMoney } from '../../../lib/format/index.ts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

/** See the module comment. `batchId` undefined closes the drawer. */
export function ExportBatchDrawer({
  batchId,
  onClose,
}: {
  batchId: string | undefined;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const detail = useExportBatch(batchId, page);
  const data = detail.data;
  const pages = data ? Math.max(1, Math.ceil(data.items.total / data.items.pageSize)) : 1;
  return (
    <Drawer
      opened={Boolean(batchId)}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      position="right"
      size="min(100%, 60rem)"
      title={
        data ? `Export batch ${data.batch.dateFrom ?? ''} to ${data.batch.dateTo ?? ''}` : 'Export batch'
      }
    >
      {detail.isError ? (
        <LoadErrorAlert
          error={detail.error}
          title="The batch could not be loaded"
          onRetry={() => void detail.refetch()}
        />
      ) : !data ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the batch" />
        </Group>
      ) : (
        <Stack gap="md" data-testid="export-batch-detail">
          <BatchFacts batch={data.batch} />
          <BatchItems items={data.items.items} />
          {pages > 1 ? (
            <LabelledPagination label="Batch items" total={pages} value={page} onChange={setPage} />
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}

/** One figure of the batch: its label above its value. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </div>
  );
}

/** When and by whom, rows and total, the download, the notes and the file's name and SHA-256. */
function BatchFacts({ batch }: { batch: BillingExportBatch }) {
  return (
    <>
      <Group gap="lg" wrap="wrap">
        <Fact label="Exported">
          <Text size="sm">
            <ExactTime value={batch.exportDate} />
          </Text>
        </Fact>
        <Fact label="By">
          <Text size="sm">{batch.exportedByName ?? '—'}</Text>
        </Fact>
        <Fact label="Rows">
          <Text size="sm">{batch.rowCount}</Text>
        </Fact>
        <Fact label="Total">
          <Text size="sm" fw={600}>
            {formatCents(batch.totalAmount ?? 0)}
          </Text>
        </Fact>
        <Button
          component="a"
          href={billingExportFileUrl(batch.id)}
          download
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Download CSV
        </Button>
      </Group>
      {batch.notes ? <Text size="sm">Notes: {batch.notes}</Text> : null}
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        File {batch.fileName} · SHA-256 {batch.fileSha256}
      </Text>
    </>
  );
}

/** One page of the batch's items: date (linking its shift), people, code, units, rate, amount, status. */
function BatchItems({ items }: { items: BillingItem[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder aria-label="Items of the batch">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>DSP</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th ta="right">Units</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {item.shiftId ? (
                  <Anchor component={Link} to={`/admin/shifts/${item.shiftId}`}>
                    {item.date}
                  </Anchor>
                ) : (
                  item.date
                )}
              </Table.Td>
              <Table.Td>{item.clientName}</Table.Td>
              <Table.Td>{item.dspName ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {item.billingCode}
                {item.modifier ? ` + ${item.modifier}` : ''}
              </Table.Td>
              <Table.Td ta="right">{item.units?.toFixed(2) ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.rate)}</Table.Td>
              <Table.Td ta="right">{formatMoney(item.amount)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <ItemStatus item={item} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The item's status (Exported, Matched or Void) and, unless void, its drift flag. */
function ItemStatus({ item }: { item: BillingItem }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge
        variant="light"
        color={item.status === 'VOID' ? 'gray' : 'blue'}
        miw="fit-content"
        style={{ overflow: 'visible' }}
      >
        {item.status === 'VOID' ? 'Void' : item.status === 'MATCHED' ? 'Matched' : 'Exported'}
      </Badge>
      {item.hasDrift && item.status !== 'VOID' ? (
        <Badge variant="light" color="orange" miw="fit-content" style={{ overflow: 'visible' }}>
          Drift
        </Badge>
      ) : null}
    </Group>
  );
}
