/**
 * One billing export batch in a drawer (issue 6 "Billing export"): its range, rows, total, who made
 * it, the file's SHA-256, a Download button, and its items (paged) with units, rate and amount
 * (money with `formatCents`), the DSP, the status and a drift flag.
 */
import { useState } from 'react';
import { Anchor, Badge, Button, Drawer, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LabelledPagination } from '../../../components/ui/labelled-pagination.tsx';
import { billingExportFileUrl, useExportBatch } from '../api/exports.ts';
import { formatCents, formatExactTime, formatMoney } from '../../../lib/format/index.ts';

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
          <Group gap="lg" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed">
                Exported
              </Text>
              <Text size="sm">{formatExactTime(data.batch.exportDate)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                By
              </Text>
              <Text size="sm">{data.batch.exportedByName ?? '—'}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Rows
              </Text>
              <Text size="sm">{data.batch.rowCount}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Total
              </Text>
              <Text size="sm" fw={600}>
                {formatCents(data.batch.totalAmount ?? 0)}
              </Text>
            </div>
            <Button
              component="a"
              href={billingExportFileUrl(data.batch.id)}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Download CSV
            </Button>
          </Group>
          {data.batch.notes ? <Text size="sm">Notes: {data.batch.notes}</Text> : null}
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            File {data.batch.fileName} · SHA-256 {data.batch.fileSha256}
          </Text>
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
                {data.items.items.map((item) => (
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
                      <Group gap={4} wrap="nowrap">
                        <Badge
                          variant="light"
                          color={item.status === 'VOID' ? 'gray' : 'blue'}
                          miw="fit-content"
                          style={{ overflow: 'visible' }}
                        >
                          {item.status === 'VOID'
                            ? 'Void'
                            : item.status === 'MATCHED'
                              ? 'Matched'
                              : 'Exported'}
                        </Badge>
                        {item.hasDrift && item.status !== 'VOID' ? (
                          <Badge
                            variant="light"
                            color="orange"
                            miw="fit-content"
                            style={{ overflow: 'visible' }}
                          >
                            Drift
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {pages > 1 ? (
            <LabelledPagination label="Batch items" total={pages} value={page} onChange={setPage} />
          ) : null}
        </Stack>
      )}
    </Drawer>
  );
}
