/**
 * "Link by hand" dialog of the claims page (docs/claim-reconciliation.md "Actions"): the admin searches
 * exported, unmatched billing items by client and service dates (preset to the line's date) and links
 * the claim line to one. A refusal (VOID item, item already matched: 409) is shown in words.
 */
import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ExprsRecordItem, type ReconciliationItem } from '@tend/contracts';
import { ApiErrorAlert, LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { useLinkLine, useReconciliationItems } from '../api/claims.ts';
import { formatMoney } from '../../../lib/format/index.ts';

export interface LinkLineModalProps {
  line: ExprsRecordItem | null;
  onClose: () => void;
}

/** See the module comment. */
export function LinkLineModal({ line, onClose }: LinkLineModalProps) {
  return (
    <Modal opened={Boolean(line)} onClose={onClose} title="Link claim line to a billing item" size="xl">
      {line ? <LinkLineForm key={line.id} line={line} onDone={onClose} /> : null}
    </Modal>
  );
}

/** The line, the search for its billing item (client, dates), and the items found with "Link". */
function LinkLineForm({ line, onDone }: { line: ExprsRecordItem; onDone: () => void }) {
  const [clientId, setClientId] = useState<string | undefined>(undefined);
  const [range, setRange] = useState<{ from?: string | undefined; to?: string | undefined }>({
    from: line.serviceDate ?? undefined,
    to: line.serviceDate ?? undefined,
  });
  const rangeError = range.from && range.to && range.to < range.from ? 'must be on or after From' : undefined;
  const candidates = useReconciliationItems(
    'link-candidates',
    { clientId, from: range.from, to: range.to, page: 1, pageSize: 50 },
    !rangeError,
  );
  const link = useLinkLine();

  return (
    <Stack gap="md">
      <Text size="sm">
        Line {line.lineNumber} · claim {line.claimId ?? '—'} · client prime {line.clientPid ?? '—'} · service
        date {line.serviceDate ?? '—'} · {line.procedureCode ?? '—'}
        {line.modifier ? ` + ${line.modifier}` : ''} · {line.units ?? '—'} units
      </Text>
      <Group role="search" aria-label="Find the billing item" align="flex-end" gap="sm" wrap="wrap">
        <PersonSelect
          kind="clients"
          label="Client"
          placeholder="Any client"
          value={clientId}
          onChange={setClientId}
        />
        <DateRangeFilter
          from={range.from}
          to={range.to}
          labels={['From', 'To']}
          error={rangeError}
          onChange={(change) => setRange((current) => ({ ...current, ...change }))}
        />
      </Group>
      {link.error ? <ApiErrorAlert error={link.error} title="The line was not linked" /> : null}
      {candidates.isError ? (
        <LoadErrorAlert
          title="The billing items could not be loaded"
          error={candidates.error}
          onRetry={() => void candidates.refetch()}
        />
      ) : null}
      {candidates.isPending ? (
        <Group justify="center" p="md">
          <Loader aria-label="Loading billing items" />
        </Group>
      ) : candidates.data && candidates.data.items.length === 0 ? (
        <Alert color="gray" variant="light" title="No unmatched billing items here">
          Widen the dates or clear the client. Only exported items that no claim line matched yet can be
          linked.
        </Alert>
      ) : candidates.data ? (
        <LinkCandidates
          items={candidates.data.items}
          linking={link.isPending ? link.variables.billingItemId : undefined}
          onLink={(billingItemId) => link.mutate({ id: line.id, billingItemId }, { onSuccess: onDone })}
        />
      ) : null}
    </Stack>
  );
}

/** The unmatched billing items found, each with "Link" (spinning on the item being linked). */
function LinkCandidates({
  items,
  linking,
  onLink,
}: {
  items: ReconciliationItem[];
  /** The id of the billing item being linked, if any. */
  linking: string | undefined;
  onLink: (billingItemId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped withTableBorder aria-label="Billing items to link">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Caregiver</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Units</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>
              <VisuallyHidden>Action</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>{item.date}</Table.Td>
              <Table.Td>{item.clientName}</Table.Td>
              <Table.Td>{item.caregiverName}</Table.Td>
              <Table.Td>
                {item.billingCode}
                {item.modifier ? ` + ${item.modifier}` : ''}
              </Table.Td>
              <Table.Td>{item.units ?? '—'}</Table.Td>
              <Table.Td>{formatMoney(item.amount)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  loading={linking === item.id}
                  aria-label={`Link to the item of ${item.date}, ${item.clientName}`}
                  onClick={() => onLink(item.id)}
                >
                  Link
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
