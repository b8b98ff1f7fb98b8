/**
 * What the Clients, Caregivers and Case managers pages share: the page frame with its "New …"
 * button, the filter bar (search, the page's own filters, "Include archived"), the table wired to
 * the URL state and the list query, its two empty states, and the new/edit drawer with the form.
 */
import { Fragment, type ReactNode } from 'react';
import { Button, Checkbox, Switch } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { type CsvColumn, type DataTableColumn, type SortOrder } from '../../../components/ui/data-table.tsx';
import { ListPage, type ListPageState } from '../../../components/ui/list-page.tsx';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import type { SetUrlStateOptions } from '../../../lib/url-state.ts';
import { PersonDrawer, useDrawerTarget } from './form-parts.tsx';
import { PeoplePage } from './people-page.tsx';

/** A row of a people list. */
export interface PersonRow {
  id: string;
  name: string;
  archived: boolean;
}

/** The part of a people list query (`clientListQuery`, …) this page reads. */
export interface PeopleListState<S extends string> {
  q?: string;
  archived: 'true' | 'false' | 'all';
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
}

/** `useUrlState`'s `setState` for a people list query. */
export type SetPeopleListState<S extends string> = (
  patch: {
    q?: string;
    archived?: 'true' | 'false' | 'all';
    page?: number;
    pageSize?: number;
    sort?: S;
    order?: SortOrder;
  },
  options?: SetUrlStateOptions,
) => void;

export interface PeopleListPageProps<T extends PersonRow, S extends string, Q extends PeopleListState<S>> {
  /** Page title and the table's accessible name, e.g. "Clients". */
  title: string;
  description: string;
  /** What a row is: "client" / "clients" (buttons, empty states, drawer title, export file). */
  noun: { one: string; other: string };
  searchPlaceholder: string;
  /** The page's own filters, between the search and "Include archived". */
  filters?: ReactNode;
  /** Empty state when the filters match nothing: "Try another search, …". */
  noMatchDescription: string;
  /** Empty state of an empty list: what the people are, how to add them. */
  emptyDescription: string;

  /** The list: `useListPage({ schema: clientListQuery, useList: useClients, sortFields, fetchAll })`. */
  list: ListPageState<Q, T, S>;
  columns: DataTableColumn<T>[];
  exportColumns: CsvColumn<T>[];
  /** The new (`record` null) or edit form in the drawer; `onDone` closes the drawer. */
  renderForm: (record: T | null, onDone: () => void) => ReactNode;
}

/** A people list page; see `PeopleListPageProps`. */
export function PeopleListPage<T extends PersonRow, S extends string, Q extends PeopleListState<S>>({
  title,
  description,
  noun,
  searchPlaceholder,
  filters,
  noMatchDescription,
  emptyDescription,
  list,
  columns,
  exportColumns,
  renderForm,
}: PeopleListPageProps<T, S, Q>) {
  const state = list.query;
  // Q is any people list query: its search and archived keys are patched as the base shape's.
  const setState = list.setQuery as SetPeopleListState<S>;
  const drawer = useDrawerTarget<T>();

  return (
    <PeoplePage
      title={title}
      description={description}
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
          {`New ${noun.one}`}
        </Button>
      }
    >
      <ListPage<Q, T, S>
        list={list}
        filterLabel={`Filter ${noun.other}`}
        filters={
          <>
            <DebouncedTextInput
              label="Search"
              placeholder={searchPlaceholder}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={state.q}
              onCommit={(q) => setState({ q }, { replace: true })}
              w={{ base: '100%', sm: 300 }}
            />
            {filters}
            <Switch
              label="Include archived"
              checked={state.archived !== 'false'}
              onChange={(event) => setState({ archived: event.currentTarget.checked ? 'all' : 'false' })}
              mb={8}
            />
          </>
        }
        label={title}
        noun={noun}
        columns={columns}
        onRowOpen={drawer.openEdit}
        exportColumns={exportColumns}
        exportFileName={noun.other.replaceAll(' ', '-')}
        noMatch={{ title: `No ${noun.other} match these filters`, description: noMatchDescription }}
        empty={{
          title: `No ${noun.other} yet — add one or load the demo agency`,
          description: emptyDescription,
          action: (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={drawer.openNew}>
              {`Add the first ${noun.one}`}
            </Button>
          ),
        }}
      />

      <PersonDrawer
        opened={drawer.opened}
        onClose={drawer.close}
        title={drawer.record ? `Edit ${drawer.record.name}` : `New ${noun.one}`}
      >
        <Fragment key={drawer.session}>{renderForm(drawer.record, drawer.close)}</Fragment>
      </PersonDrawer>
    </PeoplePage>
  );
}

/** The "Needs review only" filter of the Clients and Caregivers pages (`needsReview=true` in the URL). */
export function NeedsReviewFilter({
  value,
  onChange,
}: {
  value: 'true' | undefined;
  onChange: (value: 'true' | undefined) => void;
}) {
  return (
    <Checkbox
      label="Needs review only"
      description="Created by an import"
      checked={value === 'true'}
      onChange={(event) => onChange(event.currentTarget.checked ? 'true' : undefined)}
    />
  );
}
