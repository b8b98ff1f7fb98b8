/**
 * The table and CSV columns of the people lists: the Clients, Caregivers and Case managers pages,
 * and their tabs on the Inactive page. An Inactive tab shows the same columns (fewer of them) with
 * a plain name: everyone there is archived, so the name needs no "Archived" badge.
 */
import { Badge, Group, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import type { Caregiver, CaseManager, Client } from '@tend/contracts';
import type { CsvColumn } from '../../../components/ui/data-table.tsx';
import { caregiverTypeLabels } from './caregiver-type.ts';
import { monthName } from './months.ts';
import { NeedsReviewBadge } from './form-parts.tsx';
import type { PersonRow } from './people-list-page.tsx';

/** The name cell of a people list: the name, an "Archived" badge when archived, "Needs review" when an import created them. */
export function PersonNameCell({
  person,
}: {
  person: Pick<PersonRow, 'name' | 'archived'> & { needsReview?: boolean };
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500}>
        {person.name}
      </Text>
      {person.archived ? (
        <Badge color="gray" variant="light" size="sm">
          Archived
        </Badge>
      ) : null}
      {person.needsReview ? <NeedsReviewBadge /> : null}
    </Group>
  );
}

const orDash = (value: string | null) => value ?? '—';

// ---- Clients -------------------------------------------------------------------------------------

const client = createColumnHelper<Client>();
const clientDetails = [
  client.accessor('pid', { header: 'PID', cell: (info) => orDash(info.getValue()) }),
  client.accessor('serviceElement', { header: 'Service element', cell: (info) => orDash(info.getValue()) }),
  client.accessor('ispMonth', { header: 'ISP month', cell: (info) => monthName(info.getValue()) ?? '—' }),
  client.accessor('caseManagerName', { header: 'Case manager', cell: (info) => orDash(info.getValue()) }),
  client.accessor('email', { header: 'Email', cell: (info) => orDash(info.getValue()) }),
];

export const clientColumns = [
  client.accessor('name', { header: 'Name', cell: ({ row }) => <PersonNameCell person={row.original} /> }),
  ...clientDetails,
];
export const archivedClientColumns = [client.accessor('name', { header: 'Name' }), ...clientDetails];

export const archivedClientCsv: CsvColumn<Client>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'PID', value: (row) => row.pid },
  { header: 'Service element', value: (row) => row.serviceElement },
  { header: 'ISP month', value: (row) => monthName(row.ispMonth) },
  { header: 'Case manager', value: (row) => row.caseManagerName },
  { header: 'Email', value: (row) => row.email },
];
export const clientCsv: CsvColumn<Client>[] = [
  ...archivedClientCsv,
  { header: 'Additional emails', value: (row) => row.emails },
  { header: 'Alternate names', value: (row) => row.altNames },
  { header: 'Budget client ID', value: (row) => row.budgetClientId },
  { header: 'Client prime', value: (row) => row.clientPrime },
  { header: 'Archived', value: (row) => (row.archived ? 'yes' : 'no') },
];

// ---- Caregivers ----------------------------------------------------------------------------------

const caregiver = createColumnHelper<Caregiver>();
const caregiverDetails = [
  caregiver.accessor('type', { header: 'Type', cell: (info) => caregiverTypeLabels[info.getValue()] }),
  caregiver.accessor('email', { header: 'Email', cell: (info) => orDash(info.getValue()) }),
];

export const caregiverColumns = [
  caregiver.accessor('name', { header: 'Name', cell: ({ row }) => <PersonNameCell person={row.original} /> }),
  ...caregiverDetails,
  caregiver.accessor('altNames', {
    header: 'Alternate names',
    cell: (info) => info.getValue().join(', ') || '—',
  }),
];
export const archivedCaregiverColumns = [caregiver.accessor('name', { header: 'Name' }), ...caregiverDetails];

export const archivedCaregiverCsv: CsvColumn<Caregiver>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Type', value: (row) => caregiverTypeLabels[row.type] },
  { header: 'Email', value: (row) => row.email },
];
export const caregiverCsv: CsvColumn<Caregiver>[] = [
  ...archivedCaregiverCsv,
  { header: 'Additional emails', value: (row) => row.emails },
  { header: 'Alternate names', value: (row) => row.altNames },
  { header: 'Archived', value: (row) => (row.archived ? 'yes' : 'no') },
];

// ---- Case managers -------------------------------------------------------------------------------

const caseManager = createColumnHelper<CaseManager>();
const caseManagerDetails = [
  caseManager.accessor('county', { header: 'County', cell: (info) => orDash(info.getValue()) }),
  caseManager.accessor('email', { header: 'Email', cell: (info) => orDash(info.getValue()) }),
  caseManager.accessor('clientCount', { header: 'Clients' }),
];

export const caseManagerColumns = [
  caseManager.accessor('name', {
    header: 'Name',
    cell: ({ row }) => <PersonNameCell person={row.original} />,
  }),
  ...caseManagerDetails,
];
export const archivedCaseManagerColumns = [
  caseManager.accessor('name', { header: 'Name' }),
  ...caseManagerDetails,
];

export const archivedCaseManagerCsv: CsvColumn<CaseManager>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'County', value: (row) => row.county },
  { header: 'Email', value: (row) => row.email },
  { header: 'Clients', value: (row) => row.clientCount },
];
export const caseManagerCsv: CsvColumn<CaseManager>[] = [
  ...archivedCaseManagerCsv,
  { header: 'Archived', value: (row) => (row.archived ? 'yes' : 'no') },
];
