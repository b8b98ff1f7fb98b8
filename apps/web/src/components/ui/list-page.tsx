/**
 * The one shape of a list page (UX.md "Tables"): its filters, paging and sort in the URL (a contract
 * list-query schema, `lib/url-state.ts`), one page of rows from the server with the total for the
 * filter, and a `DataTable` with the CSV export of the whole filter. `useListPage` wires the URL to
 * the list query and the table; `ListPage` draws the filter bar (with "Clear filters" while a filter
 * is set) and the table, whose empty state says what to do next: clear the filters, or the page's
 * own first step.
 *
 * ```tsx
 * const list = useListPage({ schema: userListQuery, useList: useUsers, sortFields: userSortFields,
 *   fetchAll: fetchAllUsers });
 * return (
 *   <ListPage list={list} filterLabel="Filter users" filters={…} label="Users"
 *     noun={{ one: 'user', other: 'users' }} columns={columns}
 *     empty={{ title: 'No users yet', … }} noMatch={{ title: 'No users match these filters', … }} />
 * );
 * ```
 */
import { useCallback, useMemo, type ReactNode } from 'react';
import { Group } from '@mantine/core';
import type { z } from 'zod';
import { DataTable, type DataTableEmpty, type DataTableProps } from './data-table.tsx';
import {
  ClearFiltersButton,
  noMatchEmpty,
  useDataTableProps,
  type DataTableStateProps,
  type TableQueryResult,
} from './table-props.tsx';
import { useUrlState, type SetUrlState, type UrlStateOptions } from '../../lib/url-state.ts';

/** The keys of a list query that are paging and sort, not filters. */
const tableKeys = new Set(['page', 'pageSize', 'sort', 'order']);

/**
 * Whether any filter of `query` differs from the schema's default (paging and sort are not
 * filters). `ignore` lists further keys that are not filters either (a tab, an open drawer's id).
 */
export function hasFilters(
  defaults: Record<string, unknown>,
  query: Record<string, unknown>,
  ignore: readonly string[] = [],
): boolean {
  return Object.keys(query).some(
    (key) =>
      !tableKeys.has(key) &&
      !ignore.includes(key) &&
      query[key] !== undefined &&
      JSON.stringify(query[key]) !== JSON.stringify(defaults[key]),
  );
}

/** The row type of a list query result. */
export type RowOf<R extends TableQueryResult<unknown>> = NonNullable<R['data']>['items'][number];

export interface UseListPageOptions<
  S extends z.ZodObject,
  R extends TableQueryResult<unknown>,
  F extends string,
> {
  /** The contract list-query schema (e.g. `userListQuery`); a stable reference. */
  schema: S;
  /** The URL prefix of this list's parameters, for a page with several lists (tabs). */
  prefix?: UrlStateOptions['prefix'];
  /** The page's list query hook (TanStack Query over `GET /api/…`), called with the URL state. */
  useList: (query: z.output<S>) => R;
  /** Column ids the server sorts by (the contract's `…SortFields`). */
  sortFields?: readonly F[];
  /** A row's key; default its `id`. */
  getRowId?: (row: RowOf<R>) => string;
  /** Every row of the filter (all pages), for the CSV export; no export without it. */
  fetchAll?: (query: z.output<S>) => Promise<RowOf<R>[]>;
  /** Query keys that are not filters (besides page, pageSize, sort, order). */
  notFilters?: readonly string[];
  /**
   * The query key of this list's page number (default `page`), for a second list in one URL schema
   * (e.g. `batchesPage` below a preview): its parameter keeps that name, and paging it leaves the
   * other list's page alone.
   */
  pageKey?: keyof z.output<S> & string;
  /** A page size the server fixes (no `pageSize` key for this list): the table offers no other. */
  pageSize?: number;
}

/** A list page's state: see `useListPage`. */
export interface ListPageState<Q, T, F extends string, R extends TableQueryResult<T> = TableQueryResult<T>> {
  /** The list query as the URL holds it, defaults applied. */
  query: Q;
  /** Sets filters (back to page 1 unless the patch sets `page`). */
  setQuery: SetUrlState<Q>;
  /** Clears every filter, paging and sort. */
  resetQuery: () => void;
  /** Whether a filter differs from its default. */
  filtered: boolean;
  /** The list query's result (for a page's own totals or summary). */
  result: R;
  /** The DataTable props from the URL state and the result (rows, total, paging, sort, states, export). */
  table: DataTableStateProps<T, F> & Pick<DataTableProps<T, F>, 'fetchAll'>;
}

/** A list page's URL state, list query and table props; see the module comment. */
export function useListPage<
  S extends z.ZodObject,
  R extends TableQueryResult<unknown>,
  F extends string = never,
>(options: UseListPageOptions<S, R, F>): ListPageState<z.output<S>, RowOf<R>, F, R> {
  type T = RowOf<R>;
  const { schema, prefix, useList, sortFields, getRowId, fetchAll, notFilters, pageKey, pageSize } = options;
  const { state: query, setState: setQuery, resetState } = useUrlState(schema, { prefix });
  const result = useList(query);
  const paging = usePaging(query as Record<string, unknown>, setQuery, pageKey, pageSize);
  const stateProps = useDataTableProps(
    paging.state as { page: number; pageSize: number; sort?: F; order?: 'asc' | 'desc' },
    paging.setState,
    result as TableQueryResult<T & { id: string }>,
    sortFields,
  ) as DataTableStateProps<T, F>;
  const defaults = useMemo(() => schema.parse({}) as Record<string, unknown>, [schema]);
  const filtered = hasFilters(defaults, query, notFilters);
  const resetQuery = useCallback(() => resetState(), [resetState]);
  const exportAll = useMemo(() => (fetchAll ? () => fetchAll(query) : undefined), [fetchAll, query]);
  return {
    query,
    setQuery,
    resetQuery,
    filtered,
    result,
    table: {
      ...stateProps,
      ...(getRowId ? { getRowId } : {}),
      ...(pageSize === undefined ? {} : { onPageSizeChange: undefined }),
      fetchAll: exportAll,
    },
  };
}

/**
 * The table state of one list in a URL schema: the schema's own paging, or its `pageKey` page
 * (written without going back to page 1 of the other list) and a fixed `pageSize`.
 */
function usePaging<Q>(
  query: Record<string, unknown>,
  setQuery: SetUrlState<Q>,
  pageKey: string | undefined,
  pageSize: number | undefined,
) {
  const state = useMemo(
    () => ({
      ...query,
      ...(pageKey ? { page: query[pageKey] } : {}),
      ...(pageSize === undefined ? {} : { pageSize }),
    }),
    [query, pageKey, pageSize],
  );
  const setState = useCallback(
    (patch: Record<string, unknown>) => {
      if (!pageKey) return (setQuery as (patch: Record<string, unknown>) => void)(patch);
      const { page, ...rest } = patch;
      (setQuery as (patch: Record<string, unknown>, options: { resetPage: boolean }) => void)(
        { ...rest, ...(page === undefined ? {} : { [pageKey]: page }) },
        { resetPage: false },
      );
    },
    [setQuery, pageKey],
  );
  return { state, setState };
}

export interface ListPageProps<Q, T, F extends string>
  extends
    Omit<DataTableProps<T, F>, keyof DataTableStateProps<T, F> | 'fetchAll' | 'empty'>,
    Partial<Pick<DataTableProps<T, F>, 'error'>> {
  /** From `useListPage`. */
  list: ListPageState<Q, T, F>;
  /** Accessible name of the filter bar, e.g. "Filter users". */
  filterLabel: string;
  /** The labelled filter inputs, side by side (wrapping on narrow screens); none: no filter bar. */
  filters?: ReactNode;
  /** The empty state of an empty list: what the rows are and the first step to get some. */
  empty: DataTableEmpty;
  /**
   * The empty state when the filters match nothing; it offers "Clear filters". Without it the empty
   * state is always `empty` (a page whose only filters have defaults, e.g. a date range).
   */
  noMatch?: { title: string; description: string; clearLabel?: string };
  /**
   * Whether an empty table means "nothing matches" rather than "nothing yet"; default: a filter is
   * set. A page that knows better (rows exist but none fit, e.g. none in force on a date) says so.
   */
  emptyMeansNoMatch?: boolean;
}

/** The filter bar and the table of a list page; see the module comment. */
export function ListPage<Q, T, F extends string = never>({
  list,
  filterLabel,
  filters,
  empty,
  noMatch,
  emptyMeansNoMatch,
  ...tableProps
}: ListPageProps<Q, T, F>) {
  const { filtered, resetQuery } = list;
  const noMatchShown = noMatch !== undefined && (emptyMeansNoMatch ?? filtered);
  return (
    <>
      {filters ? (
        <Group role="search" aria-label={filterLabel} align="flex-end" gap="sm" wrap="wrap">
          {filters}
          {filtered ? <ClearFiltersButton onClear={resetQuery} /> : null}
        </Group>
      ) : null}
      <DataTable<T, F>
        {...list.table}
        {...tableProps}
        empty={noMatch && noMatchShown ? noMatchEmpty({ ...noMatch, onClear: resetQuery }) : empty}
      />
    </>
  );
}
