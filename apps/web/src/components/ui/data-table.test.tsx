import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import {
  buildCsv,
  DataTable,
  escapeCsvCell,
  fetchAllPages,
  formatTotal,
  toCsv,
  type DataTableProps,
} from './data-table.tsx';

describe('escapeCsvCell', () => {
  it('leaves plain text, numbers and booleans as they are; null and undefined are empty', () => {
    expect(escapeCsvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(escapeCsvCell(42)).toBe('42');
    expect(escapeCsvCell(-3.5)).toBe('-3.5');
    expect(escapeCsvCell(true)).toBe('true');
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
    expect(escapeCsvCell(Number.NaN)).toBe('');
  });

  it('quotes cells with commas, quotes, CR or LF and doubles inner quotes', () => {
    expect(escapeCsvCell('Smith, John')).toBe('"Smith, John"');
    expect(escapeCsvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(escapeCsvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(escapeCsvCell('a\r\nb')).toBe('"a\r\nb"');
    expect(escapeCsvCell('"')).toBe('""""');
  });

  it('prefixes text starting with = + - @ (and tab/CR) with a single quote (formula injection)', () => {
    expect(escapeCsvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(escapeCsvCell('+1 503 555 0100')).toBe("'+1 503 555 0100");
    expect(escapeCsvCell('-2+3')).toBe("'-2+3");
    expect(escapeCsvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(escapeCsvCell('\t=1')).toBe("'\t=1");
    expect(escapeCsvCell('\r=1')).toBe(`"'\r=1"`);
    // Only the first character matters; a typed number stays a number.
    expect(escapeCsvCell('a=b')).toBe('a=b');
    expect(escapeCsvCell(-7)).toBe('-7');
  });

  it('keeps unicode as is', () => {
    expect(escapeCsvCell('José Muñoz')).toBe('José Muñoz');
    expect(escapeCsvCell('李小龍')).toBe('李小龍');
    expect(escapeCsvCell('Zoë 👩🏽‍⚕️, RN')).toBe('"Zoë 👩🏽‍⚕️, RN"');
    expect(escapeCsvCell('עברית')).toBe('עברית');
  });

  it('joins arrays with "; " and writes dates as ISO 8601', () => {
    expect(escapeCsvCell(['a@x.org', 'b@y.org'])).toBe('a@x.org; b@y.org');
    expect(escapeCsvCell(['=bad', 'ok'])).toBe("'=bad; ok");
    expect(escapeCsvCell(new Date('2026-03-01T12:00:00Z'))).toBe('2026-03-01T12:00:00.000Z');
  });
});

describe('buildCsv / toCsv', () => {
  it('builds RFC 4180 CSV with CRLF line ends', () => {
    expect(
      buildCsv(
        ['Name', 'Notes'],
        [
          ['Ann', 'likes "tea", coffee'],
          ['Bob', null],
        ],
      ),
    ).toBe('Name,Notes\r\nAnn,"likes ""tea"", coffee"\r\nBob,\r\n');
  });

  it('maps typed rows through their columns', () => {
    const rows = [
      { name: 'José', pid: '=1+1', count: 3 },
      { name: 'Li, Wei', pid: null, count: 0 },
    ];
    const csv = toCsv(
      [
        { header: 'Name', value: (row: (typeof rows)[number]) => row.name },
        { header: 'PID', value: (row: (typeof rows)[number]) => row.pid },
        { header: 'Count', value: (row: (typeof rows)[number]) => row.count },
      ],
      rows,
    );
    expect(csv).toBe('Name,PID,Count\r\nJosé,\'=1+1,3\r\n"Li, Wei",,0\r\n');
  });

  it('an empty set still has its header', () => {
    expect(buildCsv(['A', 'B'], [])).toBe('A,B\r\n');
  });
});

describe('fetchAllPages', () => {
  it('asks page after page until the total is reached', async () => {
    const all = Array.from({ length: 1203 }, (_, index) => index);
    const fetchPage = vi.fn((page: number, pageSize: number) =>
      Promise.resolve({
        items: all.slice((page - 1) * pageSize, page * pageSize),
        total: all.length,
        page,
        pageSize,
      }),
    );
    await expect(fetchAllPages(fetchPage, 500)).resolves.toEqual(all);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('stops on an empty page even if the total said more', async () => {
    const fetchPage = vi.fn((page: number) =>
      Promise.resolve({ items: page === 1 ? ['a'] : [], total: 10, page, pageSize: 1 }),
    );
    await expect(fetchAllPages(fetchPage, 1)).resolves.toEqual(['a']);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});

describe('formatTotal', () => {
  it('says "1 client" and "1,234 clients"', () => {
    expect(formatTotal(1, { one: 'client', other: 'clients' })).toBe('1 client');
    expect(formatTotal(1234, { one: 'client', other: 'clients' })).toBe('1,234 clients');
    expect(formatTotal(0, { one: 'client', other: 'clients' })).toBe('0 clients');
  });
});

// ---- Rendering -----------------------------------------------------------------------------------

afterEach(cleanup);

interface Person {
  id: string;
  name: string;
  email: string | null;
}
const column = createColumnHelper<Person>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('email', { header: 'Email', cell: (info) => info.getValue() ?? '—' }),
];
const people: Person[] = [
  { id: '1', name: 'Ann Arbor', email: 'ann@example.org' },
  { id: '2', name: 'Bob Burns', email: null },
];

function renderTable(props: Partial<DataTableProps<Person, 'name'>> = {}) {
  const handlers = {
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    onSortChange: vi.fn(),
    onRowOpen: vi.fn(),
  };
  render(
    <MantineProvider>
      <DataTable<Person, 'name'>
        label="People"
        noun={{ one: 'person', other: 'people' }}
        columns={columns}
        rows={people}
        total={2}
        getRowId={(row) => row.id}
        page={1}
        pageSize={50}
        sortFields={['name']}
        sort="name"
        order="asc"
        empty={{ title: 'No people yet' }}
        {...handlers}
        {...props}
      />
    </MantineProvider>,
  );
  return handlers;
}

describe('DataTable', () => {
  it('marks the current row (currentRowId) and no other', () => {
    renderTable({ currentRowId: '2' });
    const rows = within(screen.getByRole('table', { name: 'People' })).getAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, null, 'true']);
  });

  it('shows rows findable by name, the total, and aria-sort on the sorted column', () => {
    renderTable({ total: 1234 });
    expect(screen.getByRole('table', { name: 'People' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ann Arbor/ })).toBeInTheDocument();
    expect(screen.getByText('1,234 people')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Email' })).not.toHaveAttribute('aria-sort');
  });

  it('sorts from the header button and opens rows on click and Enter', () => {
    const handlers = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(handlers.onSortChange).toHaveBeenCalledWith('name', 'desc');
    fireEvent.click(within(screen.getByRole('row', { name: /Bob Burns/ })).getByText('Bob Burns'));
    expect(handlers.onRowOpen).toHaveBeenCalledWith(people[1]);
    fireEvent.keyDown(screen.getByRole('row', { name: /Ann Arbor/ }), { key: 'Enter' });
    expect(handlers.onRowOpen).toHaveBeenCalledWith(people[0]);
  });

  it('shows the empty state with its action', () => {
    renderTable({
      rows: [],
      total: 0,
      empty: {
        title: 'No people yet — add one',
        action: <button type="button">Add the first person</button>,
      },
    });
    expect(screen.getByText('No people yet — add one')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the first person' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a load error with the code and request id', async () => {
    const { ApiError } = await import('../../lib/api-client.ts');
    renderTable({
      rows: undefined,
      total: undefined,
      error: new ApiError(500, 'INTERNAL', 'The server failed.', 'req-123', []),
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load people");
    expect(alert).toHaveTextContent('req-123');
    expect(alert).toHaveTextContent('INTERNAL');
  });

  it('virtualizes a page of more than 50 rows, keeping the row count for assistive technology', () => {
    const many = Array.from({ length: 120 }, (_, index) => ({
      id: String(index),
      name: `Person ${index}`,
      email: null,
    }));
    renderTable({ rows: many, total: 120, pageSize: 200 });
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-rowcount', '121');
    const rendered = within(table).getAllByRole('row');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThan(121);
    expect(screen.getByRole('row', { name: /Person 0/ })).toHaveAttribute('aria-rowindex', '2');
  });

  it('shows skeleton rows while loading', () => {
    renderTable({ rows: undefined, total: undefined, loading: true });
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
  });
});
