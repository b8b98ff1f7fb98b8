/**
 * `/process` (issue 19 "Review and verification"; spec s.2; docs/isp-screens.md): the processing queue of ISPs by
 * status. Route layout `none`: the page renders its own `main`, one h1 and a back link to the ISP list. The status
 * buttons carry the counts and filter the list (URL state `status`, contracts `ispListQuery`); each ISP shows its
 * job's progress and step, or in ERROR the reason and what to do, with "Retry" (POST retry) whose result is
 * announced in a polite status region. The list refreshes itself while an ISP on it is still being processed.
 */
import { useState } from 'react';
import { Anchor, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { IspSummary } from '@tend/contracts';
import { errorMessage } from '../../../components/ui/api-error-alert.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { useRetryIsp } from '../api/isps.ts';
import {
  IspClientCell,
  IspClientFilter,
  IspListStatusCounts,
  IspListTable,
  ispProgressColumns,
  useIspListPage,
} from '../components/isp-list-parts.tsx';
import { BarePageFrame, ISP_UPLOAD_PATH, PROCESS_PATH, verifyPath } from '../components/isp-parts.tsx';

type Retry = (isp: IspSummary) => void;

const processColumns = (onRetry: Retry, retrying: string | null): DataTableColumn<IspSummary>[] => [
  {
    id: 'isp',
    header: 'ISP',
    accessorFn: (isp) => `${isp.clientName} ${isp.fileName}`,
    cell: ({ row: { original: isp } }) => <IspClientCell isp={isp} />,
  },
  {
    id: 'uploaded',
    header: 'Uploaded',
    accessorFn: (isp) => isp.createdAt,
    cell: ({ row: { original: isp } }) => <RelativeTime value={isp.createdAt} />,
  },
  ...ispProgressColumns('Job'),
  {
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row: { original: isp } }) =>
      isp.status === 'ERROR' ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={retrying === isp.id}
          onClick={() => onRetry(isp)}
          aria-label={`Retry ${isp.fileName} of ${isp.clientName}`}
        >
          Retry
        </Button>
      ) : (
        <Anchor component={Link} to={verifyPath(isp.id)} size="sm" aria-label={`Review ${isp.fileName}`}>
          Review
        </Anchor>
      ),
  },
];

/** See the module comment. */
export function ProcessPage() {
  const list = useIspListPage();
  const { query, setQuery } = list;
  const retry = useRetryIsp();
  const [announcement, setAnnouncement] = useState('');
  const onRetry: Retry = (isp) => {
    setAnnouncement('');
    retry.mutate(isp.id, {
      onSuccess: () => setAnnouncement(`${isp.fileName} of ${isp.clientName} is queued to be read again.`),
      onError: (error) => setAnnouncement(`${isp.fileName} was not retried: ${errorMessage(error)}`),
    });
  };
  const columns = processColumns(onRetry, retry.isPending ? (retry.variables ?? null) : null);
  return (
    <BarePageFrame
      title="ISP processing queue"
      current={PROCESS_PATH}
      intro="Every uploaded ISP by status, with its processing job. An ISP in ERROR shows why; retry it once the cause is fixed, or upload a better copy."
    >
      <IspListStatusCounts list={list} />
      <Text
        size="sm"
        role="status"
        aria-live="polite"
        data-testid="retry-result"
        c={retry.isError ? 'red.8' : undefined}
      >
        {announcement}
      </Text>
      <IspListTable
        list={list}
        filterLabel="Filter the queue"
        filters={
          <Group gap="sm" align="flex-end">
            <IspClientFilter query={query} setQuery={setQuery} />
          </Group>
        }
        label="ISP processing queue"
        columns={columns}
        empty={{
          title: 'The queue is empty',
          description: 'Upload an ISP: it shows here while it is read, and after.',
          action: (
            <Button component={Link} to={ISP_UPLOAD_PATH}>
              Upload an ISP
            </Button>
          ),
        }}
        noMatchTitle="No ISP in this status"
      />
    </BarePageFrame>
  );
}
