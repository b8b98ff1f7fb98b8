/**
 * `/admin/misctools/isp` (issue 19; spec s.2; docs/isp-screens.md): the uploaded ISPs, newest first, filtered by
 * status and client (URL state, contracts `ispListQuery`), the counts per status as filter buttons, and per ISP its
 * client, file, when and by whom it was uploaded, its status, its processing job and how many of its protocols are
 * done. A row opens the ISP's review page (`/verify?id=`); COMPLETED and VERIFIED ones also link to their export.
 * The list refreshes itself while an ISP on it is still being processed.
 */
import { Anchor, Button, Group, Select, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { IspListQuery, IspSummary } from '@tend/contracts';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import type { SetUrlState } from '../../../lib/url-state.ts';
import {
  IspClientCell,
  IspClientFilter,
  IspListStatusCounts,
  IspListTable,
  ispProgressColumns,
  useIspListPage,
} from '../components/isp-list-parts.tsx';
import {
  exportPath,
  ISP_LIST_PATH,
  ISP_UPLOAD_PATH,
  IspPageLinks,
  ispStatusOptions,
  verifyPath,
} from '../components/isp-parts.tsx';

const columns: DataTableColumn<IspSummary>[] = [
  {
    id: 'client',
    header: 'Client',
    accessorFn: (isp) => isp.clientName,
    cell: ({ row: { original: isp } }) => <IspClientCell isp={isp} pages />,
  },
  {
    id: 'uploaded',
    header: 'Uploaded',
    accessorFn: (isp) => isp.createdAt,
    cell: ({ row: { original: isp } }) => (
      <Stack gap={0}>
        <RelativeTime value={isp.createdAt} />
        <Text size="xs" c="dimmed">
          by {isp.uploadedByName ?? 'someone no longer listed'}
        </Text>
      </Stack>
    ),
  },
  ...ispProgressColumns('Processing'),
  {
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row: { original: isp } }) => (
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to={verifyPath(isp.id)} size="sm" aria-label={`Review ${isp.fileName}`}>
          Review
        </Anchor>
        {isp.status === 'COMPLETED' || isp.status === 'VERIFIED' ? (
          <Anchor component={Link} to={exportPath(isp.id)} size="sm" aria-label={`Export ${isp.fileName}`}>
            Export
          </Anchor>
        ) : null}
      </Group>
    ),
  },
];

/** See the module comment. */
export function IspListPage() {
  const list = useIspListPage();
  const { query, setQuery } = list;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            Individual support plans
          </Title>
          <Text c="dimmed" size="sm" mt={4} maw={760}>
            Each uploaded ISP is read page by page, its risk protocols are extracted as drafts, then a person
            reviews them beside the PDF and finalizes them. Open a row to review it.
          </Text>
        </div>
        <Button component={Link} to={ISP_UPLOAD_PATH} leftSection={<IconUpload size={16} aria-hidden />}>
          Upload an ISP
        </Button>
      </Group>
      <IspPageLinks current={ISP_LIST_PATH} />
      <IspListStatusCounts list={list} />
      <IspListTable
        list={list}
        filterLabel="Filter ISPs"
        filters={<IspFilters query={query} setQuery={setQuery} />}
        label="ISPs"
        columns={columns}
        empty={{
          title: 'No ISP uploaded yet',
          description: 'Upload a client’s ISP as a PDF: its risk protocols are extracted for you to review.',
          action: (
            <Button component={Link} to={ISP_UPLOAD_PATH} leftSection={<IconUpload size={16} aria-hidden />}>
              Upload an ISP
            </Button>
          ),
        }}
        noMatchTitle="No ISP matches these filters"
      />
    </Stack>
  );
}

function IspFilters({ query, setQuery }: { query: IspListQuery; setQuery: SetUrlState<IspListQuery> }) {
  return (
    <>
      <Select
        label="Status"
        placeholder="Any status"
        data={ispStatusOptions}
        value={query.status ?? null}
        onChange={(status) => setQuery({ status: status ?? undefined })}
        clearable
        w={{ base: '100%', sm: 180 }}
      />
      <IspClientFilter query={query} setQuery={setQuery} />
    </>
  );
}
