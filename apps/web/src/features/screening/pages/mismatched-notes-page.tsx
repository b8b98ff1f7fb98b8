/**
 * `/admin/mismatched-shift-notes` (admin; docs/shift-notes.md "Review"): the shift notes the import
 * could not match to exactly one shift. Filters in the URL (reason, caregiver, client, submitted date),
 * paged, totals per reason, CSV export of the filtered set; a row opens the note on the review page.
 * `?view=import` shows the notes import instead (components/imports wizard), so importing notes and
 * reviewing what did not match live on one page.
 */
import { Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconUpload } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  mismatchedShiftNoteQuery,
  shiftNoteReasonKind,
  shiftNoteReasonKindLabels,
  shiftNoteReasonKinds,
  type MismatchedShiftNote,
  type MismatchedShiftNoteQuery,
  type ShiftNoteReasonKind,
} from '@tend/contracts';
import { fetchAllPages } from '../../../components/ui/data-table.tsx';
import { ListPage, useListPage } from '../../../components/ui/list-page.tsx';
import { CaregiverClientFilters } from '../../../components/ui/person-select.tsx';
import type { SetUrlState } from '../../../lib/url-state.ts';
import { fetchMismatchedNotes, NOTES_IMPORT_PAGE, useMismatchedNotes } from '../api/shift-notes.ts';
import { NotesImport } from '../components/notes-import.tsx';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

const reasonColors: Record<ShiftNoteReasonKind, string> = {
  'unknown-person': 'grape',
  'no-shift': 'orange',
  ambiguous: 'yellow',
};

/** The reason as a badge: colour and word (UX.md "Status"). */
export function ReasonBadge({ kind }: { kind: ShiftNoteReasonKind | null }) {
  if (!kind)
    return (
      <Badge color="gray" variant="light">
        Other
      </Badge>
    );
  return (
    <Badge color={reasonColors[kind]} variant="light">
      {shiftNoteReasonKindLabels[kind]}
    </Badge>
  );
}

const column = createColumnHelper<MismatchedShiftNote>();
const columns = [
  column.accessor('submittedAt', {
    header: 'Submitted',
    cell: ({ row }) => (
      <span style={{ whiteSpace: 'nowrap' }}>
        <ExactTime value={row.original.submittedAt} />
      </span>
    ),
  }),
  column.accessor('reasonKind', {
    header: 'Reason',
    cell: ({ row }) => (
      <Stack gap={2}>
        <ReasonBadge kind={row.original.reasonKind} />
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {row.original.reviewReason}
        </Text>
      </Stack>
    ),
  }),
  column.accessor('caregiverName', {
    header: 'Caregiver',
    cell: ({ row }) => row.original.caregiverName ?? row.original.staffName ?? '—',
  }),
  column.accessor('clientName', { header: 'Client', cell: ({ row }) => row.original.clientName ?? '—' }),
  column.accessor('excerpt', {
    header: 'Note',
    cell: ({ row }) => (
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }} maw={360}>
        {row.original.excerpt ?? '—'}
      </Text>
    ),
  }),
];

const exportColumns = [
  { header: 'Submitted at', value: (n: MismatchedShiftNote) => n.submittedAt },
  {
    header: 'Reason',
    value: (n: MismatchedShiftNote) => (n.reasonKind ? shiftNoteReasonKindLabels[n.reasonKind] : 'Other'),
  },
  { header: 'Review reason', value: (n: MismatchedShiftNote) => n.reviewReason },
  { header: 'Shift id', value: (n: MismatchedShiftNote) => n.givShiftId },
  { header: 'Caregiver', value: (n: MismatchedShiftNote) => n.caregiverName },
  { header: 'Client', value: (n: MismatchedShiftNote) => n.clientName },
  { header: 'Staff', value: (n: MismatchedShiftNote) => n.staffName },
  { header: 'Prompt', value: (n: MismatchedShiftNote) => n.prompt },
  { header: 'Note', value: (n: MismatchedShiftNote) => n.excerpt },
];

/** Every note of the filter (all pages), for the CSV export. */
const fetchAllMismatchedNotes = (query: MismatchedShiftNoteQuery) =>
  fetchAllPages((page, pageSize) => fetchMismatchedNotes({ ...query, page, pageSize }));

/** The list of notes waiting for review: header, filters, table, and the import as the first step. */
function MismatchedNotesList() {
  const list = useListPage({
    schema: mismatchedShiftNoteQuery,
    useList: useMismatchedNotes,
    fetchAll: fetchAllMismatchedNotes,
  });
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <MismatchedNotesHeader />
      <ListPage
        list={list}
        filterLabel="Filter mismatched shift notes"
        filters={
          <NoteFilters query={list.query} setQuery={list.setQuery} totals={list.result.data?.totals} />
        }
        label="Mismatched shift notes"
        noun={{ one: 'note waiting for review', other: 'notes waiting for review' }}
        columns={columns}
        onRowOpen={(row) =>
          void navigate(`/admin/misctools/shiftnotes/review?id=${encodeURIComponent(row.id)}`)
        }
        exportColumns={exportColumns}
        exportFileName="mismatched-shift-notes"
        noMatch={{
          title: 'No notes waiting for review match these filters',
          description: 'Pick another reason, person or dates, or clear the filters.',
        }}
        empty={{
          title: 'No notes waiting for review',
          description:
            'Every imported note is matched to its shift. Import a shift-notes export to bring in more notes; any that fit no shift will be listed here.',
          action: (
            <Button
              component={Link}
              to={NOTES_IMPORT_PAGE}
              leftSection={<IconUpload size={16} aria-hidden />}
            >
              Import shift notes
            </Button>
          ),
        }}
      />
    </Stack>
  );
}

/** The title, what the list holds, and the ways on: review one by one, import notes. */
function MismatchedNotesHeader() {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
      <div>
        <Title order={1} size="h2">
          Mismatched shift notes
        </Title>
        <Text c="dimmed" size="sm" mt={4} maw={760}>
          Caregivers’ notes the import could not match to exactly one shift: the caregiver or client is not in
          Tend, no shift fits the time the note was written, or several do. Open a note to pick its shift or
          dismiss it.
        </Text>
      </div>
      <Group gap="sm">
        <Button
          component={Link}
          to="/admin/misctools/shiftnotes/review"
          variant="default"
          leftSection={<IconChecklist size={16} aria-hidden />}
        >
          Review one by one
        </Button>
        <Button component={Link} to={NOTES_IMPORT_PAGE} leftSection={<IconUpload size={16} aria-hidden />}>
          Import shift notes
        </Button>
      </Group>
    </Group>
  );
}

/** Reason (with each reason's total), caregiver, client and submitted dates. */
function NoteFilters({
  query,
  setQuery,
  totals,
}: {
  query: MismatchedShiftNoteQuery;
  setQuery: SetUrlState<MismatchedShiftNoteQuery>;
  totals: Partial<Record<ShiftNoteReasonKind, number>> | undefined;
}) {
  return (
    <>
      <Select
        label="Reason"
        placeholder="Any reason"
        data={shiftNoteReasonKinds.map((kind) => ({
          value: kind,
          label: `${shiftNoteReasonKindLabels[kind]}${totals ? ` (${totals[kind] ?? 0})` : ''}`,
        }))}
        value={query.reasonKind ?? null}
        onChange={(value) => setQuery({ reasonKind: shiftNoteReasonKind.safeParse(value).data })}
        clearable
        w={{ base: '100%', sm: 200 }}
      />
      <CaregiverClientFilters
        caregiverId={query.caregiverId}
        clientId={query.clientId}
        onChange={setQuery}
        placeholders={{ caregiver: 'Anyone', client: 'Anyone' }}
        w={{ base: '100%', sm: 220 }}
      />
      <DateRangeFilter
        from={query.from}
        to={query.to}
        labels={['Submitted from', 'Submitted to']}
        onChange={setQuery}
      />
    </>
  );
}

/** The page: the list, or the notes import with `?view=import`. */
export function MismatchedNotesPage() {
  const [params] = useSearchParams();
  if (params.get('view') === 'import')
    return (
      <Stack gap="md" maw={1200}>
        <Button component={Link} to="/admin/mismatched-shift-notes" variant="subtle" w="fit-content" px={0}>
          ← Mismatched shift notes
        </Button>
        <NotesImport />
      </Stack>
    );
  return <MismatchedNotesList />;
}
