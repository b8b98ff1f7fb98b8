/**
 * `/admin/budgetOverages` (issue 5): for each client and budget line in force, units authorized vs.
 * used (from shift segments, per the line's measure) vs. projected to the end of the term at the
 * current pace, with flags: over budget, projected over, bunching (DOMAIN.md "Budgets"; rules in
 * docs/hours-and-budgets.md). Filters (as-of date, client, flag) and paging live in the URL
 * (`budgetOverageQuery`); `line=<id>` opens the drill-down drawer with the segments counted. Admins
 * add, edit and delete lines by hand here.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { budgetFlagLabels, budgetFlags, budgetOverageQuery, type BudgetOverageLine } from '@tend/contracts';
import { ApiErrorAlert, LoadErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { LabelledPagination } from '../../../components/ui/labelled-pagination.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { ClearFiltersButton } from '../../../components/ui/table-props.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { useBudgetOverages, useDeleteBudgetLine } from '../api/budgets.ts';
import { BudgetLineForm } from '../components/budget-line-form.tsx';
import { BudgetUsageDrawer, FlagBadges, UsageBar } from '../components/budget-usage.tsx';
import { DateFilter } from '../../../components/ui/date-filters.tsx';
import { formatUnits } from '../../../lib/format/index.ts';

const flagOptions = [
  { value: 'any', label: 'Any flag' },
  ...budgetFlags.map((flag) => ({ value: flag, label: budgetFlagLabels[flag] })),
];
const code = (line: BudgetOverageLine) =>
  `${line.procCode}${line.svcModifierCd ? ` + ${line.svcModifierCd}` : ''}`;

/** Asks before deleting a line; the error stays in the dialog. */
function DeleteLine({ line, onClose }: { line: BudgetOverageLine; onClose: () => void }) {
  const remove = useDeleteBudgetLine();
  return (
    <Modal opened onClose={onClose} title="Delete budget line">
      <Stack gap="sm">
        <Text size="sm">
          Delete {line.clientName ?? 'this client'}'s line {code(line)} (
          {formatUnits(line.authorized, line.measure)} from {line.effectiveDate})? Shifts and segments stay as
          they are.
        </Text>
        {remove.error ? <ApiErrorAlert error={remove.error} title="The line was not deleted" /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(line.id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', title: 'Budget line deleted', message: code(line) });
                  onClose();
                },
              })
            }
          >
            Delete line
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** See the module comment. */
export function BudgetOveragesPage() {
  const { state: query, setState, resetState } = useUrlState(budgetOverageQuery);
  const [params, setParams] = useSearchParams();
  const openLine = params.get('line') ?? undefined;
  const setOpenLine = (id: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('line', id);
      else next.delete('line');
      return next;
    });
  const report = useBudgetOverages(query);
  const [editing, setEditing] = useState<BudgetOverageLine | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BudgetOverageLine | null>(null);
  const data = report.data;
  const filtered = Boolean(query.asOf || query.clientId || query.flag);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      Add budget line
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={2}>Budget overages</Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Each client's budget lines: units authorized, used by the shift segments billed under the line's
            code and modifier, and projected to the end of the term at the current pace. Authorized amounts
            are not to be exceeded, and attendant care may not be bunched into a few days.
          </Text>
        </div>
        {addButton}
      </Group>

      <Group role="search" aria-label="Filter budget lines" align="flex-end" gap="sm" wrap="wrap">
        <DateFilter label="As of" value={query.asOf} onChange={(asOf) => setState({ asOf })} />
        <PersonSelect
          kind="clients"
          label="Client"
          placeholder="Any client"
          value={query.clientId}
          onChange={(clientId) => setState({ clientId })}
        />
        <Select
          label="Flag"
          placeholder="All lines"
          data={flagOptions}
          value={query.flag ?? null}
          onChange={(flag) =>
            setState({ flag: budgetOverageQuery.shape.flag.safeParse(flag ?? undefined).data })
          }
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        {filtered ? <ClearFiltersButton onClear={() => resetState()} /> : null}
      </Group>

      {report.isError ? (
        <LoadErrorAlert
          error={report.error}
          title="The budget report could not be loaded"
          onRetry={() => void report.refetch()}
        />
      ) : null}

      {report.isPending ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading the budget report" />
        </Group>
      ) : data ? (
        <>
          <Text size="sm" data-testid="budget-totals">
            As of {data.asOf} · {data.total} line{data.total === 1 ? '' : 's'} · {data.totals.overage} over
            budget · {data.totals.projected_overage} projected over · {data.totals.bunching} bunching
          </Text>
          {data.items.length === 0 ? (
            data.budgetLines === 0 ? (
              <Alert
                variant="light"
                color="gray"
                title="No budgets yet — import them at Client prime import or add a line"
              >
                <Text size="sm">
                  Budget lines say how many units of each service a client is authorized for. Import your
                  clients' budgets from a file, or add a line by hand.
                </Text>
                <Group mt="sm">
                  {addButton}
                  <Button component={Link} to="/admin/misctools/client-prime-import" variant="default">
                    Client prime import
                  </Button>
                </Group>
              </Alert>
            ) : (
              <Alert variant="light" color="gray" title="No budget lines match these filters">
                <Text size="sm">
                  Only lines in force on the as-of date are listed. Pick another date, client or flag, or
                  clear the filters.
                </Text>
                <Button variant="default" mt="sm" onClick={() => resetState()}>
                  Clear filters
                </Button>
              </Alert>
            )
          ) : (
            <Table.ScrollContainer minWidth={960}>
              <Table striped highlightOnHover withTableBorder aria-label="Budget lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Client</Table.Th>
                    <Table.Th>Code</Table.Th>
                    <Table.Th>Term</Table.Th>
                    <Table.Th>Authorized</Table.Th>
                    <Table.Th>Used</Table.Th>
                    <Table.Th>Projected</Table.Th>
                    <Table.Th>Use</Table.Th>
                    <Table.Th>Flags</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((line) => (
                    <Table.Tr key={line.id}>
                      <Table.Td>
                        {line.clientName ?? <Text c="dimmed">Not linked ({line.budgetClientId ?? '—'})</Text>}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{code(line)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{line.effectiveDate}</Text>
                        <Text size="sm">to {line.expirationDate ?? line.termEnd}</Text>
                        {line.term ? (
                          <Text size="xs" c="dimmed" lineClamp={1} title={line.term}>
                            {line.term}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{formatUnits(line.authorized, line.measure)}</Table.Td>
                      <Table.Td>
                        {formatUnits(line.used, line.measure)}
                        <Text size="xs" c={line.remaining < 0 ? 'red' : 'dimmed'}>
                          {line.remaining < 0 ? 'Over by' : 'Left'}{' '}
                          {formatUnits(Math.abs(line.remaining), line.measure)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatUnits(line.projected, line.measure)}</Table.Td>
                      <Table.Td>
                        <UsageBar line={line} />
                      </Table.Td>
                      <Table.Td>
                        <FlagBadges flags={line.flags} />
                        {line.note ? (
                          <Text size="xs" c="dimmed" maw={200}>
                            {line.note}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="stretch">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setOpenLine(line.id)}
                            aria-label={`Shifts counted for ${line.clientName ?? 'the line'} ${code(line)}`}
                          >
                            Shifts
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setEditing(line)}
                            aria-label={`Edit ${line.clientName ?? ''} ${code(line)}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(line)}
                            aria-label={`Delete ${line.clientName ?? ''} ${code(line)}`}
                          >
                            Delete
                          </Button>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {pages > 1 ? (
            <LabelledPagination
              label="Budget lines"
              total={pages}
              value={query.page}
              onChange={(page) => setState({ page })}
            />
          ) : null}
        </>
      ) : null}

      {editing ? (
        <BudgetLineForm
          line={editing === 'new' ? undefined : editing}
          clientId={query.clientId}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? <DeleteLine line={deleting} onClose={() => setDeleting(null)} /> : null}
      <BudgetUsageDrawer lineId={openLine} asOf={query.asOf} onClose={() => setOpenLine(undefined)} />
    </Stack>
  );
}
