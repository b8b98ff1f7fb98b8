import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { MemoryRouter, useLocation } from 'react-router';
import { z } from 'zod';
import { hasFilters, ListPage, useListPage } from './list-page.tsx';

const schema = z.object({
  q: z.string().optional(),
  archived: z.enum(['true', 'false', 'all']).default('false'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).default(25),
});
type Query = z.output<typeof schema>;
interface Row {
  code: string;
  name: string;
}
const rows: Row[] = [
  { code: 'a', name: 'Ann' },
  { code: 'b', name: 'Bob' },
];
const column = createColumnHelper<Row>();
const columns = [column.accessor('name', { header: 'Name' })];

/** A list query hook over `rows`: the `q` filter keeps names containing it. */
const seen: Query[] = [];
function useRows(query: Query) {
  seen.push(query);
  const items = rows.filter((row) => !query.q || row.name.includes(query.q));
  return {
    data: { items, total: items.length },
    isPending: false,
    isFetching: false,
    error: null,
    refetch: () => Promise.resolve(),
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="search">{location.search}</output>;
}

function Page({ fetchAll }: { fetchAll?: (query: Query) => Promise<Row[]> }) {
  const list = useListPage({ schema, useList: useRows, getRowId: (row) => row.code, fetchAll });
  return (
    <ListPage
      list={list}
      filterLabel="Filter rows"
      filters={<button onClick={() => list.setQuery({ q: 'Zed' })}>Search Zed</button>}
      label="Rows"
      noun={{ one: 'row', other: 'rows' }}
      columns={columns}
      empty={{ title: 'No rows yet', description: 'Add the first row.' }}
      noMatch={{ title: 'No rows match these filters', description: 'Clear them.' }}
    />
  );
}

function renderAt(url: string, fetchAll?: (query: Query) => Promise<Row[]>) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={[url]}>
        <Page fetchAll={fetchAll} />
        <Location />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  seen.length = 0;
});

describe('hasFilters', () => {
  const defaults = { archived: 'false', page: 1, pageSize: 25 };
  it('counts a key that differs from its default, never paging or sort', () => {
    expect(hasFilters(defaults, { archived: 'false', page: 3, pageSize: 100, sort: 'name' })).toBe(false);
    expect(hasFilters(defaults, { archived: 'all', page: 1, pageSize: 25 })).toBe(true);
    expect(hasFilters(defaults, { q: 'ann', archived: 'false', page: 1, pageSize: 25 })).toBe(true);
    expect(hasFilters(defaults, { q: undefined, archived: 'false', page: 1, pageSize: 25 })).toBe(false);
  });
  it('ignores the keys a page says are not filters', () => {
    expect(hasFilters(defaults, { tab: 'b', page: 1 }, ['tab'])).toBe(false);
  });
});

describe('ListPage', () => {
  it('reads the list query from the URL and shows the rows with their total', () => {
    renderAt('/list?page=1&archived=all');
    expect(seen.at(-1)).toEqual({ archived: 'all', page: 1, pageSize: 25 });
    expect(screen.getByRole('table', { name: 'Rows' })).toBeTruthy();
    expect(screen.getByText('2 rows')).toBeTruthy();
    // archived=all is a filter: the bar offers to clear it.
    expect(screen.getByRole('search', { name: 'Filter rows' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  });

  it('shows "nothing yet" without filters, and "nothing matches" with a way back when a filter hides every row', () => {
    renderAt('/list');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Search Zed' }));
    expect(screen.getByTestId('search').textContent).toBe('?q=Zed');
    expect(screen.getByText('No rows match these filters')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(screen.getByTestId('search').textContent).toBe('');
    expect(screen.getByText('2 rows')).toBeTruthy();
  });

  it('exports through fetchAll with the current query', () => {
    const fetchAll = vi.fn(() => new Promise<Row[]>(() => {}));
    renderAt('/list?q=Ann', fetchAll);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(fetchAll).toHaveBeenCalledWith({ q: 'Ann', archived: 'false', page: 1, pageSize: 25 });
  });
});

describe('useListPage with a pageKey', () => {
  const twoLists = schema.extend({ otherPage: z.coerce.number().int().min(1).default(1) });
  function Second() {
    const list = useListPage({
      schema: twoLists,
      useList: (query) => useRows({ ...query, pageSize: 1 }),
      getRowId: (row) => row.code,
      pageKey: 'otherPage',
      pageSize: 1,
    });
    return (
      <ListPage
        list={list}
        filterLabel="Other"
        label="Other rows"
        noun={{ one: 'row', other: 'rows' }}
        columns={columns}
        empty={{ title: 'No rows yet' }}
      />
    );
  }

  it('pages under its own parameter, keeps the other list’s page and offers no page size', () => {
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/list?page=3']}>
          <Second />
          <Location />
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /2/ }));
    expect(screen.getByTestId('search').textContent).toBe('?page=3&otherPage=2');
  });
});
