/**
 * The wiring every list page does between its URL state (`lib/url-state.ts`), its TanStack Query
 * list result and a `DataTable`: rows and total from the page of results, paging and sorting from
 * and into the URL, the loading, error and retry states. Also the empty state of a filtered table
 * and the "Clear filters" button of a filter bar.
 */
import { useCallback } from 'react';
import { Button } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import type { Page } from '@tend/contracts';
import type { DataTableEmpty, DataTableProps, SortOrder } from './data-table.tsx';

/** The paging (and sort) part of a list query, as `useUrlState` keeps it in the URL. */
export interface TableState<S extends string = never> {
  page: number;
  pageSize: number;
  sort?: S;
  order?: SortOrder;
}

/** A change of the table state: `useUrlState`'s `setState` fits (a new size or sort goes back to page 1). */
export type SetTableState<S extends string = never> = (patch: {
  page?: number;
  pageSize?: number;
  sort?: S;
  order?: SortOrder;
}) => void;

/** What the table reads from a TanStack Query list result (`useQuery` of a `Page<T>`). */
export interface TableQueryResult<T> {
  data: (Pick<Page<T>, 'items' | 'total'> & { totalExact?: boolean }) | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** The DataTable props that `useDataTableProps` fills in. */
export type DataTableStateProps<T, S extends string> = Pick<
  DataTableProps<T, S>,
  | 'rows'
  | 'total'
  | 'totalExact'
  | 'getRowId'
  | 'page'
  | 'pageSize'
  | 'onPageChange'
  | 'onPageSizeChange'
  | 'sortFields'
  | 'sort'
  | 'order'
  | 'onSortChange'
  | 'loading'
  | 'fetching'
  | 'error'
  | 'onRetry'
>;

const rowId = (row: { id: string }) => row.id;

/**
 * DataTable props from a list page's URL state and its query: rows are identified by `id`; page,
 * page size and (with `sortFields`) sort changes go to `setState`; "Try again" refetches. Spread
 * them on the table and add what is the page's own (label, columns, empty state, …).
 *
 * ```tsx
 * const { state, setState } = useUrlState(clientListQuery);
 * const table = useDataTableProps(state, setState, useClients(state), clientSortFields);
 * return <DataTable {...table} label="Clients" … />;
 * ```
 */
export function useDataTableProps<T extends { id: string }, S extends string = never>(
  state: TableState<S>,
  setState: SetTableState<S>,
  result: TableQueryResult<T>,
  sortFields?: readonly S[],
): DataTableStateProps<T, S> {
  const onPageChange = useCallback((page: number) => setState({ page }), [setState]);
  const onPageSizeChange = useCallback((pageSize: number) => setState({ pageSize }), [setState]);
  const onSortChange = useCallback((sort: S, order: SortOrder) => setState({ sort, order }), [setState]);
  return {
    rows: result.data?.items,
    total: result.data?.total,
    totalExact: result.data?.totalExact,
    getRowId: rowId,
    page: state.page,
    pageSize: state.pageSize,
    onPageChange,
    onPageSizeChange,
    ...(sortFields ? { sortFields, sort: state.sort, order: state.order, onSortChange } : {}),
    loading: result.isPending,
    fetching: result.isFetching,
    error: result.error ?? undefined,
    onRetry: () => void result.refetch(),
  };
}

/** The empty state of a table whose filters match nothing, with a button that clears them. */
export function noMatchEmpty({
  title,
  description,
  onClear,
  clearLabel = 'Clear filters',
}: {
  title: string;
  description: string;
  onClear: () => void;
  clearLabel?: string;
}): DataTableEmpty {
  return {
    title,
    description,
    action: (
      <Button variant="default" onClick={() => onClear()}>
        {clearLabel}
      </Button>
    ),
  };
}

/** "Clear filters" at the end of a filter bar, shown while some filter is set. */
export function ClearFiltersButton({ onClear }: { onClear: () => void }) {
  return (
    <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onClear()}>
      Clear filters
    </Button>
  );
}
