/**
 * `/admin/inactive`: archived people, one tab each for clients, caregivers and case managers
 * (lists with `archived=true`), each row with an "Unarchive" button. The tab (`tab`) and each tab's
 * search, paging and sort (`clients.q`, `caregivers.page`, …) live in the URL.
 */
import { useCallback, useMemo } from 'react';
import { Button, Tabs, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchiveOff, IconSearch } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import {
  caregiverListQuery,
  caregiverSortFields,
  caseManagerListQuery,
  caseManagerSortFields,
  clientListQuery,
  clientSortFields,
} from '@tend/contracts';
import { type CsvColumn, type DataTableColumn } from '../../../components/ui/data-table.tsx';
import { ListPage, useListPage, type ListPageState } from '../../../components/ui/list-page.tsx';
import { fetchAllCaregivers, useCaregivers, useSetCaregiverArchived } from '../api/caregivers.ts';
import { fetchAllCaseManagers, useCaseManagers, useSetCaseManagerArchived } from '../api/case-managers.ts';
import { fetchAllClients, useClients, useSetClientArchived } from '../api/clients.ts';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import {
  archivedCaregiverColumns,
  archivedCaregiverCsv,
  archivedCaseManagerColumns,
  archivedCaseManagerCsv,
  archivedClientColumns,
  archivedClientCsv,
} from '../components/people-columns.tsx';
import type { PeopleListState, PersonRow, SetPeopleListState } from '../components/people-list-page.tsx';
import { PeoplePage } from '../components/people-page.tsx';

const tabs = [
  { value: 'clients', label: 'Clients' },
  { value: 'caregivers', label: 'Caregivers' },
  { value: 'case-managers', label: 'Case managers' },
] as const;
type TabValue = (typeof tabs)[number]['value'];
const isTab = (value: string | null): value is TabValue => tabs.some((tab) => tab.value === value);

/** Adds the "Unarchive" column (last) to a tab's columns. */
function withUnarchive<T extends PersonRow>(
  columns: DataTableColumn<T>[],
  onUnarchive: (row: T) => void,
  pendingId: string | undefined,
): DataTableColumn<T>[] {
  const column = createColumnHelper<T>();
  return [
    ...columns,
    column.display({
      id: 'actions',
      header: () => <VisuallyHidden>Actions</VisuallyHidden>,
      cell: ({ row }) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconArchiveOff size={14} aria-hidden />}
          loading={pendingId === row.original.id}
          onClick={() => onUnarchive(row.original)}
        >
          Unarchive
        </Button>
      ),
    }),
  ];
}

interface UnarchiveMutation<T> {
  mutate: (variables: { id: string; archived: boolean }, options: { onSuccess: (record: T) => void }) => void;
  isPending: boolean;
  variables?: { id: string } | undefined;
  error: unknown;
}

/** Runs the unarchive mutation and says so. */
function useUnarchive<T extends PersonRow>(mutation: UnarchiveMutation<T>, listName: string) {
  const { mutate } = mutation;
  return useCallback(
    (row: T) =>
      mutate(
        { id: row.id, archived: false },
        {
          onSuccess: (saved) =>
            notifications.show({
              color: 'green',
              title: `${saved.name} unarchived`,
              message: `They are back in ${listName}.`,
            }),
        },
      ),
    [mutate, listName],
  );
}

/**
 * One kind of person on the Inactive page: its tab, names, hooks, columns and CSV. Kinds are module
 * constants, so a tab calls the same hooks on every render.
 */
interface ArchivedKind<T extends PersonRow, S extends string, Q extends PeopleListState<S>> {
  /** The tab's value, also the prefix of its URL parameters (`clients.q`). */
  tab: TabValue;
  /** "client" / "clients". */
  noun: { one: string; other: string };
  /** The page they come back to when unarchived, e.g. "Clients". */
  listName: string;
  /** The tab's list of archived people: `useListPage` with the tab's prefix (see `useArchivedList`). */
  useArchivedList: () => ListPageState<Q, T, S>;
  useSetArchived: () => UnarchiveMutation<T>;
  columns: DataTableColumn<T>[];
  csv: CsvColumn<T>[];
}

/** One tab: search bar and the table of archived people of one kind, each with "Unarchive". */
function ArchivedTab<T extends PersonRow, S extends string, Q extends PeopleListState<S>>({
  kind,
}: {
  kind: ArchivedKind<T, S, Q>;
}) {
  const { noun, listName } = kind;
  const list = kind.useArchivedList();
  // Q is any people list query: its search key is patched as the base shape's.
  const setState = list.setQuery as SetPeopleListState<S>;
  const mutation = kind.useSetArchived();
  const unarchive = useUnarchive(mutation, listName);
  const columns = useMemo(
    () => withUnarchive(kind.columns, unarchive, mutation.isPending ? mutation.variables?.id : undefined),
    [kind.columns, unarchive, mutation.isPending, mutation.variables],
  );
  const q = list.query.q;
  return (
    <ListPage<Q, T, S>
      list={list}
      filterLabel={`Filter archived ${noun.other}`}
      filters={
        <DebouncedTextInput
          label="Search"
          placeholder="Name, alternate name or email"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={q}
          onCommit={(search) => setState({ q: search }, { replace: true })}
          w={{ base: '100%', sm: 300 }}
        />
      }
      label={`Archived ${noun.other}`}
      noun={{ one: `archived ${noun.one}`, other: `archived ${noun.other}` }}
      columns={columns}
      error={list.result.error ?? mutation.error ?? undefined}
      exportColumns={kind.csv}
      exportFileName={`archived-${kind.tab}`}
      noMatch={{
        title: q ? `No archived ${noun.other} match “${q}”` : `No archived ${noun.other} match these filters`,
        description: 'Try another search, or clear it to see everyone archived.',
        clearLabel: 'Clear search',
      }}
      empty={{
        title: `No archived ${noun.other}`,
        description: `When ${noun.other} leave your agency, archive them from the ${listName} page; they are listed here and can be unarchived.`,
      }}
    />
  );
}

/** A people list hook that lists only the archived (the tab's URL keeps no `archived`). */
function archivedOnly<Q extends { archived: 'true' | 'false' | 'all' }, R>(useList: (query: Q) => R) {
  return function useArchived(query: Q): R {
    const archived = useMemo(() => ({ ...query, archived: 'true' as const }), [query]);
    return useList(archived);
  };
}

/** Infers an `ArchivedKind`'s types from its members. */
const archivedKind = <T extends PersonRow, S extends string, Q extends PeopleListState<S>>(
  kind: ArchivedKind<T, S, Q>,
) => kind;

const archivedClients = archivedKind({
  tab: 'clients',
  noun: { one: 'client', other: 'clients' },
  listName: 'Clients',
  useArchivedList: () =>
    useListPage({
      schema: clientListQuery,
      prefix: 'clients',
      useList: archivedOnly(useClients),
      sortFields: clientSortFields,
      fetchAll: (query) => fetchAllClients({ ...query, archived: 'true' }),
    }),
  useSetArchived: useSetClientArchived,
  columns: archivedClientColumns,
  csv: archivedClientCsv,
});

const archivedCaregivers = archivedKind({
  tab: 'caregivers',
  noun: { one: 'caregiver', other: 'caregivers' },
  listName: 'Caregivers',
  useArchivedList: () =>
    useListPage({
      schema: caregiverListQuery,
      prefix: 'caregivers',
      useList: archivedOnly(useCaregivers),
      sortFields: caregiverSortFields,
      fetchAll: (query) => fetchAllCaregivers({ ...query, archived: 'true' }),
    }),
  useSetArchived: useSetCaregiverArchived,
  columns: archivedCaregiverColumns,
  csv: archivedCaregiverCsv,
});

const archivedCaseManagers = archivedKind({
  tab: 'case-managers',
  noun: { one: 'case manager', other: 'case managers' },
  listName: 'Case managers',
  useArchivedList: () =>
    useListPage({
      schema: caseManagerListQuery,
      prefix: 'case-managers',
      useList: archivedOnly(useCaseManagers),
      sortFields: caseManagerSortFields,
      fetchAll: (query) => fetchAllCaseManagers({ ...query, archived: 'true' }),
    }),
  useSetArchived: useSetCaseManagerArchived,
  columns: archivedCaseManagerColumns,
  csv: archivedCaseManagerCsv,
});

export function InactivePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'clients';
  const selectTab = (value: string | null) => {
    if (!isTab(value)) return;
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === 'clients') next.delete('tab');
      else next.set('tab', value);
      return next;
    });
  };

  return (
    <PeoplePage
      title="Inactive"
      description="Archived clients, caregivers and case managers. Unarchive someone to bring them back into the active lists."
    >
      <Tabs value={tab} onChange={selectTab} keepMounted={false}>
        <Tabs.List aria-label="Archived people">
          {tabs.map((item) => (
            <Tabs.Tab key={item.value} value={item.value}>
              {item.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="clients" pt="md">
          <ArchivedTab kind={archivedClients} />
        </Tabs.Panel>
        <Tabs.Panel value="caregivers" pt="md">
          <ArchivedTab kind={archivedCaregivers} />
        </Tabs.Panel>
        <Tabs.Panel value="case-managers" pt="md">
          <ArchivedTab kind={archivedCaseManagers} />
        </Tabs.Panel>
      </Tabs>
    </PeoplePage>
  );
}
