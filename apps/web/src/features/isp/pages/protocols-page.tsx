/**
 * `/protocols` (issue 19 "Protocols as structured data"; spec s.2; docs/isp-screens.md): the current protocols of
 * every client (by client, ISP newest first, then the ISP's order), filtered by client, ISP, risk type, status and
 * serious (URL state, contracts `protocolListQuery`). Route layout `none`: its own `main`, one h1, a back link.
 * Per protocol: "Move up" / "Move down" buttons (keyboard-usable; they reorder the protocol within its ISP with
 * `PUT /api/isps/:id/protocol-order`, the move announced and focus kept on the button), the include flags
 * (description, prevention, response, emergency, each for the PDF and for emails) in a dialog saved per protocol,
 * and a link to review it at `/verify?id=`.
 */
import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconListCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  protocolListQuery,
  protocolStatuses,
  type ProtocolListItem,
  type ProtocolListQuery,
} from '@tend/contracts';
import { errorMessage } from '../../../components/ui/api-error-alert.tsx';
import type { DataTableColumn } from '../../../components/ui/data-table.tsx';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import type { SetUrlState } from '../../../lib/url-state.ts';
import { fetchIspProtocols, useProtocols, useReorderProtocols } from '../api/isps.ts';
import { IncludeFlagsModal, includeSummary } from '../components/include-flags-modal.tsx';
import {
  BarePageFrame,
  ISP_UPLOAD_PATH,
  PROTOCOLS_PATH,
  ProtocolStatusBadge,
  verifyPath,
} from '../components/isp-parts.tsx';

type Direction = 'up' | 'down';
const moveButtonId = (protocolId: string, direction: Direction) => `move-${direction}-${protocolId}`;

const statusOptions = protocolStatuses.map((status) => ({
  value: status,
  label: status === 'NEEDS_INFO' ? 'NEEDS INFO' : status,
}));
const seriousOptions = [
  { value: 'true', label: 'Serious risks' },
  { value: 'false', label: 'Not serious' },
];

interface RowActions {
  onMove: (protocol: ProtocolListItem, direction: Direction) => void;
  onFlags: (protocol: ProtocolListItem) => void;
}

/** The table's columns: client, risk with its badges, status, the move buttons, included sections, Review. */
const protocolColumns = ({ onMove, onFlags }: RowActions): DataTableColumn<ProtocolListItem>[] => [
  {
    id: 'client',
    header: 'Client',
    accessorFn: (p) => p.clientName,
    cell: ({ row: { original: p } }) => (
      <Text size="sm" fw={500}>
        {p.clientName}
      </Text>
    ),
  },
  {
    id: 'risk',
    header: 'Risk',
    accessorFn: (p) => p.riskType,
    cell: ({ row: { original: p } }) => <RiskCell protocol={p} />,
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (p) => p.status,
    cell: ({ row: { original: p } }) => <ProtocolStatusBadge status={p.status} />,
  },
  {
    id: 'order',
    header: 'Order',
    accessorFn: (p) => p.sortOrder,
    cell: ({ row: { original: p } }) => <MoveButtons protocol={p} onMove={onMove} />,
  },
  {
    id: 'include',
    header: 'Included sections',
    accessorFn: (p) => includeSummary(p),
    cell: ({ row: { original: p } }) => <IncludeCell protocol={p} onFlags={onFlags} />,
  },
  {
    id: 'actions',
    header: () => <VisuallyHidden>Actions</VisuallyHidden>,
    cell: ({ row: { original: p } }) => (
      <Anchor
        component={Link}
        to={verifyPath(p.ispId)}
        size="sm"
        aria-label={`Review ${p.riskType} of ${p.clientName}`}
      >
        Review
      </Anchor>
    ),
  },
];

/** The risk's name and its Serious, MAR, PBSP and Excluded badges. */
function RiskCell({ protocol: p }: { protocol: ProtocolListItem }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {p.riskType || 'Unnamed risk'}
      </Text>
      <Group gap={4}>
        {p.serious ? (
          <Badge color="red" variant="filled" size="sm">
            Serious
          </Badge>
        ) : null}
        {p.mar ? (
          <Badge color="grape" variant="light" size="sm">
            MAR
          </Badge>
        ) : null}
        {p.pbsp ? (
          <Badge color="indigo" variant="light" size="sm">
            PBSP
          </Badge>
        ) : null}
        {p.excluded ? (
          <Badge color="gray" variant="outline" size="sm">
            Excluded
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}

/** "Move up" and "Move down", with ids the focus returns to once the rows are redrawn. */
function MoveButtons({ protocol: p, onMove }: { protocol: ProtocolListItem; onMove: RowActions['onMove'] }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        id={moveButtonId(p.id, 'up')}
        variant="default"
        aria-label={`Move ${p.riskType} of ${p.clientName} up`}
        onClick={() => onMove(p, 'up')}
      >
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon
        id={moveButtonId(p.id, 'down')}
        variant="default"
        aria-label={`Move ${p.riskType} of ${p.clientName} down`}
        onClick={() => onMove(p, 'down')}
      >
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The included sections in words and the button that opens their dialog. */
function IncludeCell({
  protocol: p,
  onFlags,
}: {
  protocol: ProtocolListItem;
  onFlags: RowActions['onFlags'];
}) {
  return (
    <Stack gap={2} align="flex-start">
      <Text size="xs" maw={260}>
        {includeSummary(p)}
      </Text>
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconListCheck size={14} aria-hidden />}
        onClick={() => onFlags(p)}
        aria-label={`Choose sections to include for ${p.riskType} of ${p.clientName}`}
      >
        Sections
      </Button>
    </Stack>
  );
}

/** Moves `protocolId` one place up or down in `ids`; null when it is already at that end. */
export function movedOrder(
  ids: readonly string[],
  protocolId: string,
  direction: Direction,
): string[] | null {
  const index = ids.indexOf(protocolId);
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= ids.length) return null;
  const next = [...ids];
  [next[index], next[target]] = [next[target] as string, next[index] as string];
  return next;
}

/**
 * Gives the focus back to the element `id` once the rows are drawn in their new order: a moved row leaves the
 * document for a moment, which drops the focus to the page's body. Watches for 3 seconds (every 50 ms); leaves the focus
 * alone when the person has meanwhile put it somewhere else.
 */
function focusWhenDrawn(id: string, checksLeft = 60) {
  setTimeout(() => {
    const element = document.getElementById(id);
    const active = document.activeElement;
    const onNothing = active === null || active === document.body;
    if (element && onNothing) element.focus();
    else if (checksLeft > 0 && (onNothing || active === element)) focusWhenDrawn(id, checksLeft - 1);
  }, 50);
}

/** See the module comment. */
export function ProtocolsPage() {
  const list = useListPage({ schema: protocolListQuery, useList: useProtocols });
  const { query, setQuery } = list;
  const reorder = useReorderProtocols();
  const [announcement, setAnnouncement] = useState('');
  const [editing, setEditing] = useState<ProtocolListItem | null>(null);
  const onMove = async (protocol: ProtocolListItem, direction: Direction) => {
    // One move at a time (the buttons stay enabled so the focused one keeps the focus).
    if (reorder.isPending) return;
    setAnnouncement('');
    try {
      const ids = (await fetchIspProtocols(protocol.ispId)).map((p) => p.id);
      const next = movedOrder(ids, protocol.id, direction);
      if (!next) {
        setAnnouncement(
          `${protocol.riskType} is already ${direction === 'up' ? 'first' : 'last'} in ${protocol.clientName}’s ISP.`,
        );
        return;
      }
      await reorder.mutateAsync({ ispId: protocol.ispId, protocolIds: next });
      setAnnouncement(
        `${protocol.riskType} moved ${direction}: now ${next.indexOf(protocol.id) + 1} of ${next.length} in ${protocol.clientName}’s ISP.`,
      );
      focusWhenDrawn(moveButtonId(protocol.id, direction));
    } catch (error) {
      setAnnouncement(`${protocol.riskType} was not moved: ${errorMessage(error)}`);
    }
  };
  const columns = protocolColumns({
    onMove: (protocol, direction) => void onMove(protocol, direction),
    onFlags: setEditing,
  });

  return (
    <BarePageFrame
      title="Protocols"
      current={PROTOCOLS_PATH}
      intro="The current risk protocols of every client’s ISP. Set their order within each ISP and choose which sections go into the caregiver PDF and into emails; open one to review its text beside the PDF."
    >
      <Text size="sm" role="status" aria-live="polite" data-testid="protocols-announcement">
        {announcement}
      </Text>
      <ListPage
        list={list}
        filterLabel="Filter protocols"
        filters={<ProtocolFilters query={query} setQuery={setQuery} />}
        label="Protocols"
        noun={{ one: 'protocol', other: 'protocols' }}
        columns={columns}
        empty={{
          title: 'No protocol yet',
          description: 'Protocols are drafted from uploaded ISPs. Upload a client’s ISP first.',
          action: (
            <Button component={Link} to={ISP_UPLOAD_PATH}>
              Upload an ISP
            </Button>
          ),
        }}
        noMatch={{
          title: 'No protocol matches these filters',
          description: 'Change the client, risk type, status or serious filter, or clear the filters.',
        }}
      />
      {editing ? (
        <IncludeFlagsModal
          protocol={editing}
          title={`Sections of ${editing.riskType} (${editing.clientName})`}
          onClose={() => setEditing(null)}
          onSaved={(saved) => setAnnouncement(`Included sections of ${saved.riskType} saved.`)}
        />
      ) : null}
    </BarePageFrame>
  );
}

function ProtocolFilters({
  query,
  setQuery,
}: {
  query: ProtocolListQuery;
  setQuery: SetUrlState<ProtocolListQuery>;
}) {
  return (
    <>
      <PersonSelect
        kind="clients"
        label="Client"
        placeholder="Any client"
        value={query.clientId}
        onChange={(clientId) => setQuery({ clientId, ispId: undefined })}
      />
      <DebouncedTextInput
        label="Risk type"
        placeholder="e.g. choking"
        value={query.riskType}
        onCommit={(riskType) => setQuery({ riskType })}
        w={{ base: '100%', sm: 180 }}
      />
      <Select
        label="Status"
        placeholder="Any status"
        data={statusOptions}
        value={query.status ?? null}
        onChange={(status) => setQuery({ status: status ?? undefined })}
        clearable
        w={{ base: '100%', sm: 160 }}
      />
      <Select
        label="Serious"
        placeholder="Any"
        data={seriousOptions}
        value={query.serious === undefined ? null : String(query.serious)}
        onChange={(value) => setQuery({ serious: value === null ? undefined : value === 'true' })}
        clearable
        w={{ base: '100%', sm: 160 }}
      />
    </>
  );
}
