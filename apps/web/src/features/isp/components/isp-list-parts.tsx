/**
 * What the two lists of ISPs share (the ISP list `/admin/misctools/isp` and the processing queue `/process`; issue
 * 19; docs/isp-screens.md): their URL state and query (contracts `ispListQuery`, `GET` ISP list), the counts per
 * status as filter buttons, the client filter, the client-and-file cell, the status, job and protocols columns, and
 * the table itself (a row opens the ISP's review page).
 */
import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ispListQuery, type IspListQuery, type IspSummary } from '@tend/contracts';
import type { DataTableColumn, DataTableEmpty } from '../../../components/ui/data-table.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { formatCount } from '../../../lib/format/index.ts';
import type { SetUrlState } from '../../../lib/url-state.ts';
import { useIsps } from '../api/isps.ts';
import { IspJobCell, IspStatusBadge, IspStatusCounts, protocolCountText, verifyPath } from './isp-parts.tsx';

/** A list of ISPs: filters in the URL (`ispListQuery`: status, client, paging), the list and counts from the API. */
export function useIspListPage() {
  return useListPage({ schema: ispListQuery, useList: useIsps });
}

/** What `useIspListPage` gives. */
export type IspListPageState = ReturnType<typeof useIspListPage>;

/** The counts per status of `list` as filter buttons ("ISPs per status"), bound to its `status` filter. */
export function IspListStatusCounts({ list }: { list: IspListPageState }) {
  return (
    <IspStatusCounts
      label="ISPs per status"
      counts={list.result.data?.counts}
      value={list.query.status}
      onChange={(status) => list.setQuery({ status })}
    />
  );
}

/** The "Client" filter ("Any client" when empty), bound to the list's `clientId`. */
export function IspClientFilter({
  query,
  setQuery,
}: {
  query: IspListQuery;
  setQuery: SetUrlState<IspListQuery>;
}) {
  return (
    <PersonSelect
      kind="clients"
      label="Client"
      placeholder="Any client"
      value={query.clientId}
      onChange={(clientId) => setQuery({ clientId })}
    />
  );
}

/** The client's name over the file's name (and, with `pages`, " · n pages" once the page count is known). */
export function IspClientCell({ isp, pages = false }: { isp: IspSummary; pages?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {isp.clientName}
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {isp.fileName}
        {pages && isp.pageCount !== null ? ` · ${formatCount(isp.pageCount)} pages` : ''}
      </Text>
    </Stack>
  );
}

/**
 * The status badge, the processing job (progress and step, or in ERROR the reason; its header `jobHeader`) and
 * "n of m done" protocols columns, in that order.
 */
export function ispProgressColumns(jobHeader: string): DataTableColumn<IspSummary>[] {
  return [
    {
      id: 'status',
      header: 'Status',
      accessorFn: (isp) => isp.status,
      cell: ({ row: { original: isp } }) => <IspStatusBadge status={isp.status} />,
    },
    {
      id: 'job',
      header: jobHeader,
      accessorFn: (isp) => isp.job?.step ?? isp.errorMessage ?? '',
      cell: ({ row: { original: isp } }) => <IspJobCell isp={isp} />,
    },
    { id: 'protocols', header: 'Protocols', accessorFn: (isp) => protocolCountText(isp) },
  ];
}

/**
 * The filter bar and table of `list` ("ISP"/"ISPs"; a row opens the ISP's review page, `verifyPath`): `empty` when
 * there is no ISP yet, `noMatchTitle` with "Choose another status or client, or clear the filters." when the filters
 * match none.
 */
export function IspListTable({
  list,
  label,
  filterLabel,
  filters,
  columns,
  empty,
  noMatchTitle,
}: {
  list: IspListPageState;
  label: string;
  filterLabel: string;
  filters: ReactNode;
  columns: DataTableColumn<IspSummary>[];
  empty: DataTableEmpty;
  noMatchTitle: string;
}) {
  const navigate = useNavigate();
  return (
    <ListPage
      list={list}
      filterLabel={filterLabel}
      filters={filters}
      label={label}
      noun={{ one: 'ISP', other: 'ISPs' }}
      columns={columns}
      onRowOpen={(isp) => void navigate(verifyPath(isp.id))}
      empty={empty}
      noMatch={{
        title: noMatchTitle,
        description: 'Choose another status or client, or clear the filters.',
      }}
    />
  );
}
