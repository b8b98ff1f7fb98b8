/**
 * The list table of every admin page (UX.md "Tables"): TanStack Table for columns and cells,
 * TanStack Virtual for long pages, Mantine for the look. Paging and sorting are server-side: the
 * table shows one page and reports page, page size and sort changes to its owner (who keeps them in
 * the URL, see `lib/url-state.ts`). It also shows the total for the filter, the loading, error and
 * empty states, opens a row on click or Enter, and exports the filtered set as CSV.
 */
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type Table as TanStackTable,
} from '@tanstack/react-table';
import {
  measureElement,
  observeElementRect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  Button,
  EmptyState,
  Group,
  Loader,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconDownload, IconSelector } from '@tabler/icons-react';
import { guardCsvFormula, quoteCsvField, type Page } from '@tend/contracts';
import { LabelledPagination } from './labelled-pagination.tsx';
import { LoadErrorAlert } from './api-error-alert.tsx';
import { formatCount, formatCountOf } from '../../lib/format/index.ts';
import { useKeepFocusInList } from './keep-focus-in-list.ts';

export type SortOrder = 'asc' | 'desc';

/**
 * A column of a DataTable. TanStack's value type parameter is `any` here on purpose: column
 * definitions with different value types must fit in one array (TanStack's documented idiom).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataTableColumn<T> = ColumnDef<T, any>;

/** One CSV column: its header and how to read the cell from a row. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/** What an empty table says and offers (UX.md "Empty states": what the page is for, the next action). */
export interface DataTableEmpty {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

export interface DataTableProps<T, S extends string = string> {
  /** Accessible name of the table, e.g. "Clients". */
  label: string;
  /** What a row is, for the total line: `{ one: 'client', other: 'clients' }` → "123 clients". */
  noun: { one: string; other: string };
  /**
   * Shown instead of the total line, for a page with richer totals of its own; beside the export
   * button when `fetchAll` is given, else alone (a page with its own export).
   */
  summary?: ReactNode;
  columns: DataTableColumn<T>[];
  /** The rows of the current page; undefined before the first answer. */
  rows: T[] | undefined;
  /** Rows matching the filter over all pages; undefined before the first answer. */
  total: number | undefined;
  /** False when `total` is a lower bound (more rows match: a capped count, decision 0020): "1,000+ clients". */
  totalExact?: boolean;
  getRowId: (row: T) => string;

  /** 1-based page number. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Without it the page size is fixed: no "Rows per page" select. */
  onPageSizeChange?: ((pageSize: number) => void) | undefined;
  /** Default 25, 50, 100, 200. */
  pageSizeOptions?: readonly number[];

  /** Column ids the server can sort by (e.g. the contract's `clientSortFields`); other columns are not sortable. */
  sortFields?: readonly S[];
  sort?: S;
  order?: SortOrder;
  onSortChange?: (sort: S, order: SortOrder) => void;

  /** Nothing to show yet (first load): skeleton rows. */
  loading?: boolean;
  /** New rows on their way while the previous ones are shown (page change, refresh). */
  fetching?: boolean;
  /** The query's error; an `ApiError` shows its code and request id for support. */
  error?: unknown;
  onRetry?: () => void;
  /** What to show when there are no rows. */
  empty: DataTableEmpty;

  /** The id of the row to highlight as the current one (e.g. the import shown below the list). */
  currentRowId?: string | undefined;
  /** Opens a row (detail page or drawer); rows then react to click, Enter and Space. */
  onRowOpen?: (row: T) => void;

  /** Fetches every row of the current filter (all pages) for the CSV export; no export button without it. */
  fetchAll?: () => Promise<T[]>;
  /** CSV columns; default: every column with an accessor, headed by its string header. */
  exportColumns?: CsvColumn<T>[];
  /** File name without extension; the date is appended. Default: the label. */
  exportFileName?: string;

  /** Virtualize the rows when a page has more than this many (default 50). */
  virtualizeAbove?: number;
}

const defaultPageSizes = [25, 50, 100, 200] as const;
const estimatedRowHeight = 41;
/**
 * When the browser reports a size of 0 (a hidden box, or no layout at all as in jsdom) the scroll
 * box counts as this tall and a row as `estimatedRowHeight`, so rows still render.
 */
const unmeasuredHeight = 600;

const observeRectOrFallback = (
  instance: Virtualizer<HTMLDivElement, Element>,
  callback: (rect: { width: number; height: number }) => void,
) =>
  observeElementRect(instance, (rect) =>
    callback(rect.height > 0 ? rect : { width: rect.width, height: unmeasuredHeight }),
  );
const measureRowOrEstimate = (
  element: Element,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, Element>,
) => measureElement(element, entry, instance) || estimatedRowHeight;

/** "1 client", "1,234 clients"; a lower bound (`exact` false) "1,000+ clients". */
export function formatTotal(total: number, noun: { one: string; other: string }, exact = true): string {
  return exact ? formatCountOf(total, noun) : `${formatCount(total)}+ ${noun.other}`;
}

// ---- CSV -----------------------------------------------------------------------------------------

/**
 * One CSV cell (RFC 4180). null/undefined → empty; numbers and booleans as written; dates as ISO
 * 8601; arrays joined with "; ". Text that starts with = + - @ (or tab/CR) gets a leading `'` so
 * Excel, LibreOffice and Sheets show it as text instead of running it (formula injection). A cell
 * containing a comma, a double quote, CR or LF is wrapped in quotes, inner quotes doubled.
 */
export function escapeCsvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') text = Number.isFinite(value) ? String(value) : '';
  else if (typeof value === 'boolean' || typeof value === 'bigint') text = String(value);
  else {
    if (typeof value === 'string') text = value;
    else if (value instanceof Date) text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
    else if (Array.isArray(value))
      text = value.map((item) => (item === null || item === undefined ? '' : String(item))).join('; ');
    else if (typeof value === 'object') text = JSON.stringify(value);
    else text = typeof value === 'symbol' ? (value.description ?? '') : '';
    text = guardCsvFormula(text);
  }
  return quoteCsvField(text);
}

/** A CSV document from a header row and data rows: comma-separated, CRLF line ends, trailing CRLF. */
export function buildCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(escapeCsvCell).join(',')).join('\r\n') + '\r\n';
}

/** A CSV document from typed rows and their columns. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  return buildCsv(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.value(row))),
  );
}

/**
 * Saves `csv` as `fileName` in the browser. A UTF-8 byte-order mark goes first so Excel reads
 * accents and non-Latin names correctly.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Every row of a paged list: asks for page 1, 2, … of `pageSize` rows until `total` rows arrived
 * (or a page comes back empty). For the CSV export of a filtered set.
 */
export async function fetchAllPages<T>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  pageSize = 500,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fetchPage(page, pageSize);
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}

// ---- The table -----------------------------------------------------------------------------------

const interactiveSelector =
  'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [role="switch"], [role="menuitem"]';

/** True when the event comes from a control inside the row (its own action), not the row itself. */
function fromInnerControl(event: MouseEvent<HTMLElement> | KeyboardEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  const control = target.closest(interactiveSelector);
  return control !== null && event.currentTarget.contains(control) && control !== event.currentTarget;
}

function csvColumnsOf<T>(table: TanStackTable<T>): CsvColumn<T>[] {
  return table
    .getAllLeafColumns()
    .filter((column) => column.accessorFn !== undefined)
    .map((column) => ({
      header: typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id,
      value: (row: T) => column.accessorFn?.(row, 0),
    }));
}

/**
 * A server-paged, server-sorted table. Generic over the row type `T` and the sort field `S`; see
 * `DataTableProps`.
 *
 * Keyboard: sortable headers are buttons (Enter/Space), `aria-sort` tells the current order; rows
 * that open are focusable and open on Enter or Space; paging controls and the page-size select are
 * ordinary controls. Rows are virtualized (only the visible ones rendered, `aria-rowcount` /
 * `aria-rowindex` kept) when a page holds more than `virtualizeAbove` rows.
 */
export function DataTable<T, S extends string = string>(props: DataTableProps<T, S>) {
  const { noun, summary, rows, total, totalExact = true, loading = false, fetching = false } = props;
  const { error, onRetry, empty, fetchAll } = props;
  const table = useRowModel(props);
  const pageCount = usePageCount(props);
  const csv = useCsvExport(props, table);

  const failedWithoutRows = !loading && error !== undefined && error !== null && rows === undefined;
  const isEmpty = !loading && rows !== undefined && rows.length === 0 && (total ?? 0) === 0;
  const container = useRef<HTMLDivElement>(null);
  useKeepFocusInList(container);
  return (
    <Stack gap="sm" ref={container}>
      {summary && !fetchAll ? (
        summary
      ) : (
        <Group justify="space-between" wrap="wrap" gap="sm">
          {summary ?? <TotalLine {...{ noun, total, totalExact, loading, fetching }} />}
          {fetchAll ? <ExportCsvButton exporting={csv.exporting} total={total} onExport={csv.run} /> : null}
        </Group>
      )}
      {csv.error !== undefined ? (
        <LoadErrorAlert title="The CSV export failed" error={csv.error} onRetry={csv.run} />
      ) : null}
      {error !== undefined && error !== null ? (
        <LoadErrorAlert title={`Couldn't load ${noun.other}`} error={error} onRetry={onRetry} />
      ) : null}
      {failedWithoutRows ? null : isEmpty ? (
        <EmptyState
          title={empty.title}
          description={empty.description}
          py="xl"
          // Where the focus goes when the last row leaves the list (keep-focus-in-list.ts).
          data-list-empty
          tabIndex={-1}
        >
          {empty.action ? <EmptyState.Actions>{empty.action}</EmptyState.Actions> : null}
        </EmptyState>
      ) : (
        <TableGrid table={table} {...props} />
      )}
      {!isEmpty && !failedWithoutRows ? <Pager {...props} pageCount={pageCount} /> : null}
    </Stack>
  );
}

/** The TanStack table over the current page's rows (no client paging or sorting: the server does both). */
function useRowModel<T, S extends string>({
  rows,
  columns,
  getRowId,
}: DataTableProps<T, S>): TanStackTable<T> {
  const data = useMemo(() => rows ?? [], [rows]);
  return useReactTable<T>({
    data,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSorting: false,
  });
}

/**
 * The number of pages for the total (at least 1). A filter that shrank the result can leave the URL
 * on a page that no longer exists: the table then goes to the last page.
 */
function usePageCount<T, S extends string>({
  total,
  page,
  pageSize,
  onPageChange,
}: DataTableProps<T, S>): number {
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  useEffect(() => {
    if (total !== undefined && total > 0 && page > pageCount) onPageChange(pageCount);
  }, [total, page, pageCount, onPageChange]);
  return pageCount;
}

/**
 * The CSV export of the whole filter: `run` fetches every row through `fetchAll` and saves
 * "<exportFileName or label>-<YYYY-MM-DD>.csv"; `error` is the last failure, cleared by the next run.
 */
function useCsvExport<T, S extends string>(
  { fetchAll, exportColumns, exportFileName, label }: DataTableProps<T, S>,
  table: TanStackTable<T>,
) {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const exportCsv = async () => {
    if (!fetchAll) return;
    setExporting(true);
    setError(undefined);
    try {
      const all = await fetchAll();
      const date = new Date().toISOString().slice(0, 10);
      downloadCsv(
        `${exportFileName ?? label.toLowerCase().replaceAll(/\s+/g, '-')}-${date}.csv`,
        toCsv(exportColumns ?? csvColumnsOf(table), all),
      );
    } catch (caught) {
      setError(caught);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, error, run: () => void exportCsv() };
}

/** "123 clients" (a skeleton before the first answer), and a spinner while new rows are on their way. */
function TotalLine({
  noun,
  total,
  totalExact,
  loading,
  fetching,
}: Pick<DataTableProps<unknown>, 'noun' | 'total'> & {
  totalExact: boolean;
  loading: boolean;
  fetching: boolean;
}) {
  return (
    <Group gap="xs" aria-live="polite">
      {total !== undefined ? (
        <Text size="sm" fw={500}>
          {formatTotal(total, noun, totalExact)}
        </Text>
      ) : loading ? (
        <Skeleton height={16} width={90} aria-hidden />
      ) : null}
      {fetching && !loading ? (
        <>
          <Loader size="xs" aria-hidden />
          <VisuallyHidden>Updating</VisuallyHidden>
        </>
      ) : null}
    </Group>
  );
}

function ExportCsvButton({
  exporting,
  total,
  onExport,
}: {
  exporting: boolean;
  total: number | undefined;
  onExport: () => void;
}) {
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exporting}
      disabled={!total}
      onClick={onExport}
    >
      Export CSV
    </Button>
  );
}

/**
 * Whether the element's content is wider or taller than its box (so it scrolls), kept current as the box or its
 * first child (the table) changes size.
 */
function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const measure = () =>
      setScrolls(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * The scroll box and the table: header, then skeleton rows on the first load, else the page's rows
 * (only those in view when the page holds more than `virtualizeAbove`). A box that scrolls is a focusable,
 * named region, so it scrolls with the arrow keys even when no row or control in it takes the focus (WCAG 2.1.1,
 * axe `scrollable-region-focusable`).
 */
function TableGrid<T, S extends string>(props: DataTableProps<T, S> & { table: TanStackTable<T> }) {
  const { table, label, rows, loading = false, fetching = false, onRowOpen, virtualizeAbove = 50 } = props;
  const tableRows = table.getRowModel().rows;
  const virtualize = tableRows.length > virtualizeAbove;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtualize ? tableRows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedRowHeight,
    observeElementRect: observeRectOrFallback,
    measureElement: measureRowOrEstimate,
    overscan: 10,
  });
  const columnCount = table.getVisibleLeafColumns().length;
  const rowProps = { virtualize, currentRowId: props.currentRowId, onRowOpen };
  const scrolls = useScrolls(scrollRef);
  return (
    <div
      ref={scrollRef}
      tabIndex={scrolls ? 0 : undefined}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? `${label} (scrolls)` : undefined}
      // Positioned, so that absolutely positioned cell content (a visually hidden header) scrolls
      // with the table instead of widening the page on a narrow screen.
      style={{
        position: 'relative',
        ...(virtualize ? { maxHeight: '70vh', overflow: 'auto' } : { overflowX: 'auto' }),
      }}
    >
      <Table
        aria-label={label}
        aria-busy={loading || fetching}
        aria-rowcount={virtualize ? tableRows.length + 1 : undefined}
        highlightOnHover={onRowOpen !== undefined}
        stickyHeader={virtualize}
        verticalSpacing="xs"
      >
        <TableHeader {...props} virtualize={virtualize} />
        <Table.Tbody>
          {loading && rows === undefined ? (
            <SkeletonRows columnCount={columnCount} />
          ) : virtualize ? (
            <VirtualRows rows={tableRows} virtualizer={virtualizer} columnCount={columnCount} {...rowProps} />
          ) : (
            tableRows.map((row, index) => <DataRow key={row.id} row={row} index={index} {...rowProps} />)
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Five placeholder rows of the table's width, hidden from assistive technology. */
function SkeletonRows({ columnCount }: { columnCount: number }) {
  return Array.from({ length: 5 }, (_, index) => (
    <Table.Tr key={index} aria-hidden>
      {Array.from({ length: columnCount }, (__, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={14} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

/** The header row; a column the server sorts by is a button that toggles its order. */
function TableHeader<T, S extends string>({
  table,
  sortFields = [],
  sort,
  order = 'asc',
  onSortChange,
  virtualize,
}: DataTableProps<T, S> & { table: TanStackTable<T>; virtualize: boolean }) {
  const isSortField = (id: string): id is S => (sortFields as readonly string[]).includes(id);
  return (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id} aria-rowindex={virtualize ? 1 : undefined}>
          {group.headers.map((headerCell) => {
            const content = headerCell.isPlaceholder
              ? null
              : flexRender(headerCell.column.columnDef.header, headerCell.getContext());
            const columnId = headerCell.column.id;
            return onSortChange === undefined || !isSortField(columnId) ? (
              <Table.Th key={headerCell.id} scope="col">
                {content}
              </Table.Th>
            ) : (
              <SortableHeader
                key={headerCell.id}
                active={sort === columnId}
                order={order}
                onSort={(next) => onSortChange(columnId, next)}
              >
                {content}
              </SortableHeader>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
}

/** A sortable column's header: `aria-sort` and an arrow for the current order; a click sorts it (asc first). */
function SortableHeader({
  active,
  order,
  onSort,
  children,
}: {
  active: boolean;
  order: SortOrder;
  onSort: (order: SortOrder) => void;
  children: ReactNode;
}) {
  const SortIcon = !active ? IconSelector : order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        className="mantine-focus-auto"
        onClick={() => onSort(active && order === 'asc' ? 'desc' : 'asc')}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 4,
          fontWeight: 'inherit',
          fontSize: 'inherit',
          color: 'inherit',
        }}
      >
        {children}
        <SortIcon size={14} aria-hidden stroke={active ? 2.25 : 1.5} />
      </UnstyledButton>
    </Table.Th>
  );
}

interface RowOptions<T> {
  virtualize: boolean;
  currentRowId: string | undefined;
  onRowOpen: ((row: T) => void) | undefined;
}

/** The rows in view of a long page, with spacer rows standing for those above and below. */
function VirtualRows<T>({
  rows,
  virtualizer,
  columnCount,
  ...rowOptions
}: RowOptions<T> & {
  rows: Row<T>[];
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  columnCount: number;
}) {
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const spacer = (height: number) => (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columnCount} style={{ padding: 0, border: 0 }} />
    </tr>
  );
  return (
    <>
      {paddingTop > 0 ? spacer(paddingTop) : null}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? (
          <DataRow
            key={row.id}
            row={row}
            index={item.index}
            measureRef={virtualizer.measureElement}
            {...rowOptions}
          />
        ) : null;
      })}
      {paddingBottom > 0 ? spacer(paddingBottom) : null}
    </>
  );
}

/**
 * One row: marked `aria-current` when it is the current one; with `onRowOpen`, focusable and opened
 * by a click (not on a control inside it), Enter or Space.
 */
function DataRow<T>({
  row,
  index,
  measureRef,
  virtualize,
  currentRowId,
  onRowOpen,
}: RowOptions<T> & { row: Row<T>; index: number; measureRef?: (node: Element | null) => void }) {
  const current = currentRowId !== undefined && row.id === currentRowId;
  const opens = onRowOpen !== undefined;
  return (
    <Table.Tr
      ref={measureRef}
      data-index={index}
      aria-current={current ? 'true' : undefined}
      bg={current ? 'var(--mantine-primary-color-light)' : undefined}
      aria-rowindex={virtualize ? index + 2 : undefined}
      tabIndex={opens ? 0 : undefined}
      className={opens ? 'mantine-focus-auto' : undefined}
      style={opens ? { cursor: 'pointer' } : undefined}
      onClick={
        onRowOpen &&
        ((event: MouseEvent<HTMLTableRowElement>) => {
          if (!fromInnerControl(event)) onRowOpen(row.original);
        })
      }
      onKeyDown={
        onRowOpen &&
        ((event: KeyboardEvent<HTMLTableRowElement>) => {
          if ((event.key === 'Enter' || event.key === ' ') && event.target === event.currentTarget) {
            event.preventDefault();
            onRowOpen(row.original);
          }
        })
      }
    >
      {row.getVisibleCells().map((cell) => (
        <Table.Td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Table.Td>
      ))}
    </Table.Tr>
  );
}

/** "Rows per page" (when the owner lets it change) and the page buttons (when there is more than one page). */
function Pager<T, S extends string>({
  label,
  page,
  pageSize,
  pageCount,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = defaultPageSizes,
}: DataTableProps<T, S> & { pageCount: number }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      {onPageSizeChange ? (
        <NativeSelect
          label="Rows per page"
          size="xs"
          w={130}
          value={String(pageSize)}
          data={[...new Set([...pageSizeOptions, pageSize])].sort((a, b) => a - b).map(String)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
      ) : (
        <span />
      )}
      {pageCount > 1 ? (
        <LabelledPagination
          label={label}
          total={pageCount}
          value={Math.min(page, pageCount)}
          onChange={onPageChange}
        />
      ) : null}
    </Group>
  );
}
