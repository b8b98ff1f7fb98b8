/**
 * `/admin/tools/email-export` (issue 24 "Email export"; decision 0065; docs/admin-tools.md): the email addresses of
 * caregivers, clients, guardians and case managers filtered by kind, status and county (the filter lives in the
 * URL), with the figures per kind (included, opted out, bounced, without email), the first rows, the CSV and vCard
 * downloads, and the excluded people with a form to mark an address opted out. Admin only (the route's guard and
 * the API), English like the other admin tools.
 */
import { Alert, Badge, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  emailExportKindLabels,
  emailExportKinds,
  emailExportStatuses,
  type EmailExportFilterInput,
  type EmailExportKind,
  type EmailExportPreview,
  type EmailExportStatus,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { emailExportFileUrl, useEmailExportPreview, useMarkEmailOptedOut } from '../api/email-export.ts';

const kindOptions = [
  { value: 'all', label: 'All kinds' },
  ...emailExportKinds.map((kind) => ({ value: kind, label: `${emailExportKindLabels[kind]}s` })),
];
const statusLabels: Record<EmailExportStatus, string> = {
  active: 'Active',
  archived: 'Archived',
  all: 'Active and archived',
};

/** A table's scrolling frame reachable by keyboard (WCAG 2.1.1, axe `scrollable-region-focusable`). */
const scrollable = (label: string) => ({
  type: 'native' as const,
  tabIndex: 0,
  role: 'region',
  'aria-label': label,
});

/** The filter from the URL (`?kind=&status=&county=`), unknown values read as the defaults, and its setter. */
function useFilter(): [EmailExportFilterInput, (change: Partial<Record<string, string | null>>) => void] {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const statusParam = params.get('status');
  const kind = emailExportKinds.includes(kindParam as EmailExportKind)
    ? (kindParam as EmailExportKind)
    : 'all';
  const status = emailExportStatuses.includes(statusParam as EmailExportStatus)
    ? (statusParam as EmailExportStatus)
    : 'active';
  const county = params.get('county') ?? undefined;
  const set = (change: Partial<Record<string, string | null>>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(change)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return [{ kind, status, ...(county ? { county } : {}) }, set];
}

/** The filter bar: kind, status and county, each with what it means. */
function Filters({
  filter,
  counties,
  onChange,
}: {
  filter: EmailExportFilterInput;
  counties: readonly string[];
  onChange: (change: Partial<Record<string, string | null>>) => void;
}) {
  return (
    <Group align="flex-start" grow wrap="wrap" component="section" aria-label="Filter">
      <Select
        label="Kind"
        data={kindOptions}
        value={filter.kind ?? 'all'}
        allowDeselect={false}
        onChange={(value) => onChange({ kind: value === 'all' ? null : value })}
        style={{ minWidth: 200 }}
      />
      <Select
        label="Status"
        description="Guardians have no archived state: they count as active."
        data={emailExportStatuses.map((value) => ({ value, label: statusLabels[value] }))}
        value={filter.status ?? 'active'}
        allowDeselect={false}
        onChange={(value) => onChange({ status: value === 'active' ? null : value })}
        style={{ minWidth: 200 }}
      />
      <Select
        label="County"
        description="A case manager's own county; a client's case manager's county. Caregivers and guardians have no county in Tend, so choosing one leaves them out."
        placeholder="Every county"
        data={counties.map((county) => ({ value: county, label: county }))}
        value={filter.county ?? null}
        clearable
        searchable
        nothingFoundMessage="No county on record"
        onChange={(value) => onChange({ county: value })}
        style={{ minWidth: 200 }}
      />
    </Group>
  );
}

/** Figures per kind and in all. */
function Counts({ preview }: { preview: EmailExportPreview }) {
  return (
    <Table.ScrollContainer minWidth={560} {...scrollable('Figures per kind')}>
      <Table withTableBorder striped>
        <Table.Caption>People per kind: exported, left out, and without any address</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Included</Table.Th>
            <Table.Th scope="col">Opted out</Table.Th>
            <Table.Th scope="col">Bounced</Table.Th>
            <Table.Th scope="col">Without email</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.counts.map((count) => (
            <Table.Tr key={count.kind} data-kind={count.kind}>
              <Table.Th scope="row">
                {emailExportKindLabels[count.kind]}s
                {!count.countyApplies && (
                  <Text size="xs" c="dimmed" fw="normal">
                    No county on record: not in a county export
                  </Text>
                )}
              </Table.Th>
              <Table.Td>{count.included}</Table.Td>
              <Table.Td>{count.optedOut}</Table.Td>
              <Table.Td>{count.bounced}</Table.Td>
              <Table.Td>{count.withoutEmail}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr data-kind="total">
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td>{preview.totals.included}</Table.Td>
            <Table.Td>{preview.totals.optedOut}</Table.Td>
            <Table.Td>{preview.totals.bounced}</Table.Td>
            <Table.Td>{preview.totals.withoutEmail}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The download links and the first rows of the export. */
function Rows({ preview, filter }: { preview: EmailExportPreview; filter: EmailExportFilterInput }) {
  const total = preview.totals.included;
  if (total === 0) {
    return (
      <Alert variant="light" title="Nobody to export">
        No one matches this filter with an address that can be used. Choose another kind, status or county, or
        add email addresses on the people pages.
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Group>
        <Button component="a" href={emailExportFileUrl('csv', filter)} download>
          Download CSV ({total})
        </Button>
        <Button component="a" variant="light" href={emailExportFileUrl('vcard', filter)} download>
          Download vCard ({total})
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        One row per person. An address two people share is marked &ldquo;shared&rdquo;; both rows stay.
        {total > preview.rows.length && ` The first ${preview.rows.length} of ${total} are shown.`}
      </Text>
      <Table.ScrollContainer minWidth={640} {...scrollable('People exported')}>
        <Table striped withTableBorder>
          <Table.Caption>People exported</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col">Email</Table.Th>
              <Table.Th scope="col">County</Table.Th>
              <Table.Th scope="col">Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={`${row.kind}:${row.personId}`}>
                <Table.Th scope="row">{row.name}</Table.Th>
                <Table.Td>{emailExportKindLabels[row.kind]}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {row.email}
                  {row.shared && (
                    <Badge ml="xs" size="sm" variant="light" color="yellow">
                      shared
                    </Badge>
                  )}
                  {row.otherEmails.length > 0 && (
                    <Text size="xs" c="dimmed">
                      also {row.otherEmails.join(', ')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{row.county ?? '—'}</Table.Td>
                <Table.Td>{row.archived ? 'Archived' : 'Active'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** A small form: mark an address opted out (a person asked by phone or in person). */
function OptOutForm() {
  const mark = useMarkEmailOptedOut();
  const [address, setAddress] = useState('');
  const [detail, setDetail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    mark.mutate(
      { address, detail: detail || null },
      {
        onSuccess: (row) => {
          setDone(row.address);
          setAddress('');
          setDetail('');
        },
      },
    );
  };
  return (
    <Stack gap="xs" component="form" onSubmit={submit} aria-labelledby="opt-out-title">
      <Title order={3} size="h5" id="opt-out-title">
        Mark an address opted out
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Email address"
          type="email"
          required
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <TextInput
          label="Note (optional)"
          placeholder="e.g. asked by phone"
          value={detail}
          onChange={(event) => setDetail(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="light" color="red" loading={mark.isPending}>
          Mark opted out
        </Button>
      </Group>
      {mark.isError && <ApiErrorAlert error={mark.error} />}
      {done && (
        <Text size="sm" role="status">
          {done} is opted out: it is left out of every export.
        </Text>
      )}
    </Stack>
  );
}

/** The people left out and why. */
function Excluded({ preview }: { preview: EmailExportPreview }) {
  const total = preview.totals.optedOut + preview.totals.bounced;
  return (
    <Stack gap="xs" component="section" aria-labelledby="excluded-title">
      <Title order={2} size="h4" id="excluded-title">
        Left out ({total})
      </Title>
      <Text size="sm" c="dimmed">
        Addresses that bounced (the mail server refused them for good) or whose owner opted out, including
        guardians who turned matchmaking emails off. A person with another usable address is exported with
        that one.
      </Text>
      {total === 0 ? (
        <Text size="sm">Nobody is left out of this export.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560} {...scrollable('People left out')}>
          <Table striped withTableBorder>
            <Table.Caption>People left out</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Kind</Table.Th>
                <Table.Th scope="col">Address</Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.excluded.map((row) => (
                <Table.Tr key={`${row.kind}:${row.personId}`}>
                  <Table.Th scope="row">{row.name}</Table.Th>
                  <Table.Td>{emailExportKindLabels[row.kind]}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={row.reason === 'BOUNCED' ? 'red' : 'gray'}>
                      {row.reason === 'BOUNCED' ? 'Bounced' : 'Opted out'}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <OptOutForm />
    </Stack>
  );
}

/** See the module comment. */
export function EmailExportPage() {
  const [filter, setFilter] = useFilter();
  const preview = useEmailExportPreview(filter);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Email export
        </Title>
        <Text c="dimmed">
          Email addresses of caregivers, clients, guardians and case managers as a spreadsheet (CSV) or
          contact cards (vCard). Bounced and opted-out addresses are left out and counted. Every download is
          recorded in the audit log.
        </Text>
      </div>
      <Filters filter={filter} counties={preview.data?.counties ?? []} onChange={setFilter} />
      {preview.isPending ? (
        <PageLoader />
      ) : preview.isError ? (
        <ApiErrorAlert error={preview.error} />
      ) : (
        <>
          <Counts preview={preview.data} />
          <Rows preview={preview.data} filter={filter} />
          <Excluded preview={preview.data} />
        </>
      )}
    </Stack>
  );
}
