/**
 * `/admin/budgetOverages` (issue 5): for each client and budget line in force, units authorized vs.
 * used (from shift segments, per the line's measure) vs. projected to the end of the term at the
 * current pace, with flags: over budget, projected over, bunching (DOMAIN.md "Budgets"; rules in
 * docs/hours-and-budgets.md). Filters (as-of date, client, flag) and paging live in the URL
 * (`budgetOverageQuery`); `line=<id>` opens the drill-down drawer with the segments counted. Admins
 * add, edit and delete lines by hand here.
 */
import { useMemo, useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { useSearchParam, type SetUrlState } from '../../../lib/url-state.ts';
import {
  budgetFlagLabels,
  budgetFlags,
  budgetOverageQuery,
  type BudgetOverageLine,
  type BudgetOveragePage,
  type BudgetOverageQuery,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { useBudgetOverages, useDeleteBudgetLine } from '../api/budgets.ts';
import { BudgetLineForm } from '../components/budget-line-form.tsx';
import { BudgetUsageDrawer, FlagBadges, UsageBar } from '../components/budget-usage.tsx';
import { DateFilter } from '../../../components/ui/date-filters.tsx';
import { formatUnits } from '../../../lib/format/index.ts';
import { TimesIn } from '../../../components/ui/times-in.tsx';

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

const noWrap = { whiteSpace: 'nowrap' } as const;
const column = createColumnHelper<BudgetOverageLine>();

/** The actions of a line: its drill-down, its edit form and its delete dialog. */
interface LineActions {
  onShifts: (line: BudgetOverageLine) => void;
  onEdit: (line: BudgetOverageLine) => void;
  onDelete: (line: BudgetOverageLine) => void;
}

/** The budget lines table's columns; the actions open the drill-down, the edit form and the delete dialog. */
function lineColumns(actions: LineActions) {
  return [
    column.accessor('clientName', {
      header: 'Client',
      cell: ({ row: { original: line } }) =>
        line.clientName ?? <Text c="dimmed">Not linked ({line.budgetClientId ?? '—'})</Text>,
    }),
    column.display({
      id: 'code',
      header: 'Code',
      cell: ({ row }) => <span style={noWrap}>{code(row.original)}</span>,
    }),
    column.display({ id: 'term', header: 'Term', cell: ({ row }) => <TermCell line={row.original} /> }),
    column.accessor('authorized', {
      header: 'Authorized',
      cell: ({ row: { original: line } }) => formatUnits(line.authorized, line.measure),
    }),
    column.accessor('used', { header: 'Used', cell: ({ row }) => <UsedCell line={row.original} /> }),
    column.accessor('projected', {
      header: 'Projected',
      cell: ({ row: { original: line } }) => formatUnits(line.projected, line.measure),
    }),
    column.display({ id: 'use', header: 'Use', cell: ({ row }) => <UsageBar line={row.original} /> }),
    column.display({
      id: 'flags',
      header: 'Flags',
      cell: ({ row: { original: line } }) => (
        <>
          <FlagBadges flags={line.flags} />
          {line.note ? (
            <Text size="xs" c="dimmed" maw={200}>
              {line.note}
            </Text>
          ) : null}
        </>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => <LineActionButtons line={row.original} actions={actions} />,
    }),
  ];
}

/** The line's dates (its expiration, else the end of its plan year) and its term's name. */
function TermCell({ line }: { line: BudgetOverageLine }) {
  return (
    <div style={noWrap}>
      <Text size="sm">{line.effectiveDate}</Text>
      <Text size="sm">to {line.expirationDate ?? line.termEnd}</Text>
      {line.term ? (
        <Text size="xs" c="dimmed" lineClamp={1} title={line.term}>
          {line.term}
        </Text>
      ) : null}
    </div>
  );
}

/** Units used, and what is left (or by how much the line is over). */
function UsedCell({ line }: { line: BudgetOverageLine }) {
  return (
    <>
      {formatUnits(line.used, line.measure)}
      <Text size="xs" c={line.remaining < 0 ? 'red' : 'dimmed'}>
        {line.remaining < 0 ? 'Over by' : 'Left'} {formatUnits(Math.abs(line.remaining), line.measure)}
      </Text>
    </>
  );
}

/** "Shifts", "Edit" and "Delete" of one line, named with its client and code. */
function LineActionButtons({ line, actions }: { line: BudgetOverageLine; actions: LineActions }) {
  return (
    <Stack gap={4} align="stretch">
      <Button
        size="xs"
        variant="default"
        onClick={() => actions.onShifts(line)}
        aria-label={`Shifts counted for ${line.clientName ?? 'the line'} ${code(line)}`}
      >
        Shifts
      </Button>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => actions.onEdit(line)}
        aria-label={`Edit ${line.clientName ?? ''} ${code(line)}`}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => actions.onDelete(line)}
        aria-label={`Delete ${line.clientName ?? ''} ${code(line)}`}
      >
        Delete
      </Button>
    </Stack>
  );
}

/** See the module comment. */
export function BudgetOveragesPage() {
  const list = useListPage({ schema: budgetOverageQuery, useList: useBudgetOverages });
  const { query } = list;
  const [openLine, setOpenLine] = useSearchParam('line');
  const [editing, setEditing] = useState<BudgetOverageLine | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BudgetOverageLine | null>(null);
  const data = list.result.data;
  const columns = useMemo(
    () =>
      lineColumns({ onShifts: (line) => setOpenLine(line.id), onEdit: setEditing, onDelete: setDeleting }),
    [setOpenLine],
  );
  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
      Add budget line
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Budget overages
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Each client's budget lines: units authorized, used by the shift segments billed under the line's
            code and modifier, and projected to the end of the term at the current pace. Authorized amounts
            are not to be exceeded, and attendant care may not be bunched into a few days.
          </Text>
          <TimesIn />
        </div>
        {addButton}
      </Group>
      <ListPage
        list={list}
        filterLabel="Filter budget lines"
        filters={<OverageFilters query={query} setQuery={list.setQuery} />}
        label="Budget lines"
        noun={{ one: 'line', other: 'lines' }}
        summary={data ? <OverageTotals page={data} /> : undefined}
        columns={columns}
        emptyMeansNoMatch={data ? data.budgetLines > 0 : undefined}
        noMatch={{
          title: 'No budget lines match these filters',
          description:
            'Only lines in force on the as-of date are listed. Pick another date, client or flag, or clear the filters.',
        }}
        empty={{
          title: 'No budgets yet — import them at Client prime import or add a line',
          description:
            "Budget lines say how many units of each service a client is authorized for. Import your clients' budgets from a file, or add a line by hand.",
          action: (
            <>
              {addButton}
              <Button component={Link} to="/admin/misctools/client-prime-import" variant="default">
                Client prime import
              </Button>
            </>
          ),
        }}
      />
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

/** As-of date, client and flag. */
function OverageFilters({
  query,
  setQuery,
}: {
  query: BudgetOverageQuery;
  setQuery: SetUrlState<BudgetOverageQuery>;
}) {
  return (
    <>
      <DateFilter label="As of" value={query.asOf} onChange={(asOf) => setQuery({ asOf })} />
      <PersonSelect
        kind="clients"
        label="Client"
        placeholder="Any client"
        value={query.clientId}
        onChange={(clientId) => setQuery({ clientId })}
      />
      <Select
        label="Flag"
        placeholder="All lines"
        data={flagOptions}
        value={query.flag ?? null}
        onChange={(flag) =>
          setQuery({ flag: budgetOverageQuery.shape.flag.safeParse(flag ?? undefined).data })
        }
        clearable
        w={{ base: '100%', sm: 180 }}
      />
    </>
  );
}

/** The as-of date, the lines listed and how many are over, projected over and bunching. */
function OverageTotals({ page: data }: { page: BudgetOveragePage }) {
  return (
    <Text size="sm" data-testid="budget-totals">
      As of {data.asOf} · {data.total} line{data.total === 1 ? '' : 's'} · {data.totals.overage} over budget ·{' '}
      {data.totals.projected_overage} projected over · {data.totals.bunching} bunching
    </Text>
  );
}
