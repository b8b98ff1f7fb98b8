/**
 * `/admin/matchmaking/reviews` (not in spec s.2; issue 21 "reviewed by admins"; decision 0057): tabs for open
 * reports (dismiss, or hide the listing, with a note), ID documents awaiting review (open the file, verify or reject:
 * the file is deleted), provider numbers awaiting a check (confirm with the agency caregiver record, or refuse),
 * caregiver checks (background, criminal and sex-offender statuses with dates) and family codes (issue for a care
 * client, shown once; list; revoke), and (issue 22; decision 0059) the agency's matchmaking settings: case-manager
 * authorization of matches and the fit weights. Admin only, English (words from the catalogue like every matchmaking file).
 */
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  caregiverCheckStatuses,
  type CaregiverChecks,
  type CaregiverChecksInput,
  type CaregiverCheckStatus,
  type IssuedFamilyCode,
  type ProfileReport,
  type ProviderCheck,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PageLoader } from '../../../components/ui/page-loader.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import { useReports, useResolveReport } from '../api/reports.ts';
import { MatchmakingSettingsTab } from '../components/matchmaking-settings-form.tsx';
import {
  documentFileUrl,
  useCaregiverChecks,
  useDecideProviderCheck,
  useFamilyCodes,
  useIssueFamilyCode,
  usePendingDocuments,
  useProviderChecks,
  useReviewDocument,
  useRevokeFamilyCode,
  useUpdateCaregiverChecks,
} from '../api/verification.ts';

/** A query's loading, error and empty states; the list otherwise. */
function Loaded<T>({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T[] | undefined };
  empty: string;
  children: (items: T[]) => React.ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.error) return <ApiErrorAlert error={query.error} />;
  const items = query.data ?? [];
  if (!items.length)
    return (
      <Alert variant="light" role="status">
        {empty}
      </Alert>
    );
  return <>{children(items)}</>;
}

function ReportCard({ report }: { report: ProfileReport }) {
  const intl = useIntl();
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  return (
    <Card withBorder padding="sm" data-testid="report-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>
            {intl.formatMessage(
              { id: 'matchmaking.admin.reportTarget' },
              { type: report.targetType, label: report.targetLabel ?? report.targetId },
            )}
          </Text>
          <Badge variant="light">
            {intl.formatMessage({ id: `matchmaking.report.reasons.${report.reason}` })}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {intl.formatDate(report.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
        {report.details && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.details}
          </Text>
        )}
        <Textarea
          label={intl.formatMessage({ id: 'matchmaking.admin.note' })}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          autosize
          minRows={1}
        />
        {resolve.error && <ApiErrorAlert error={resolve.error} />}
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={resolve.isPending && resolve.variables?.action === 'dismiss'}
            onClick={() => resolve.mutate({ id: report.id, action: 'dismiss', note: note || null })}
          >
            <FormattedMessage id="matchmaking.admin.dismiss" />
          </Button>
          {report.targetType !== 'conversation' && (
            <Button
              size="xs"
              color="red"
              loading={resolve.isPending && resolve.variables?.action === 'hide'}
              onClick={() => resolve.mutate({ id: report.id, action: 'hide', note: note || null })}
            >
              <FormattedMessage id="matchmaking.admin.hide" />
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function ReportsTab() {
  const intl = useIntl();
  const reports = useReports('OPEN');
  return (
    <Loaded
      query={{ ...reports, data: reports.data?.items }}
      empty={intl.formatMessage({ id: 'matchmaking.admin.noReports' })}
    >
      {(items) => (
        <Stack gap="sm">
          {items.map((report) => (
            <ReportCard key={report.id} report={report} />
          ))}
        </Stack>
      )}
    </Loaded>
  );
}

function DocumentsTab() {
  const intl = useIntl();
  const documents = usePendingDocuments();
  const review = useReviewDocument();
  return (
    <Stack gap="sm">
      {review.error && <ApiErrorAlert error={review.error} />}
      <Loaded query={documents} empty={intl.formatMessage({ id: 'matchmaking.admin.noDocuments' })}>
        {(items) =>
          items.map((document) => (
            <Card key={document.id} withBorder padding="sm" data-testid="document-card">
              <Stack gap="xs">
                <Text fw={600}>
                  {document.profileName ?? intl.formatMessage({ id: 'matchmaking.admin.noProfile' })}
                </Text>
                <Text size="sm">
                  {intl.formatMessage(
                    { id: 'matchmaking.admin.documentLine' },
                    {
                      kind: intl.formatMessage({
                        id: `matchmaking.verification.kind.${document.documentType}`,
                      }),
                      date: intl.formatDate(document.createdAt, { dateStyle: 'medium' }),
                    },
                  )}
                </Text>
                <Group gap="xs">
                  <Anchor href={documentFileUrl(document.id)} target="_blank" rel="noopener" size="sm">
                    <FormattedMessage id="matchmaking.admin.openFile" />
                  </Anchor>
                  <Button
                    size="xs"
                    loading={review.isPending}
                    onClick={() => review.mutate({ id: document.id, decision: 'verify' })}
                  >
                    <FormattedMessage id="matchmaking.admin.verify" />
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={review.isPending}
                    onClick={() => review.mutate({ id: document.id, decision: 'reject' })}
                  >
                    <FormattedMessage id="matchmaking.admin.reject" />
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))
        }
      </Loaded>
    </Stack>
  );
}

function ProviderCheckCard({ check }: { check: ProviderCheck }) {
  const intl = useIntl();
  const [caregiverId, setCaregiverId] = useState<string | undefined>(check.candidates[0]?.caregiverId);
  const decide = useDecideProviderCheck();
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <Text fw={600}>{[check.firstName, check.lastName].filter(Boolean).join(' ')}</Text>
        <Text size="sm">
          {intl.formatMessage(
            { id: 'matchmaking.admin.providerNumberLine' },
            { number: check.providerNumber },
          )}
        </Text>
        <PersonSelect
          kind="caregivers"
          label={intl.formatMessage({ id: 'matchmaking.admin.agencyCaregiver' })}
          placeholder={intl.formatMessage({ id: 'matchmaking.admin.agencyCaregiverPlaceholder' })}
          value={caregiverId}
          onChange={setCaregiverId}
        />
        {check.candidates.length > 0 && (
          <Text size="xs" c="dimmed">
            {intl.formatMessage(
              { id: 'matchmaking.admin.candidates' },
              { names: check.candidates.map((candidate) => candidate.name).join(', ') },
            )}
          </Text>
        )}
        {decide.error && <ApiErrorAlert error={decide.error} />}
        <Group gap="xs">
          <Button
            size="xs"
            disabled={!caregiverId}
            loading={decide.isPending}
            onClick={() =>
              caregiverId && decide.mutate({ id: check.listingId, decision: 'confirm', caregiverId })
            }
          >
            <FormattedMessage id="matchmaking.admin.confirm" />
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={decide.isPending}
            onClick={() => decide.mutate({ id: check.listingId, decision: 'refuse' })}
          >
            <FormattedMessage id="matchmaking.admin.refuse" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function ProviderChecksTab() {
  const intl = useIntl();
  const checks = useProviderChecks();
  return (
    <Loaded query={checks} empty={intl.formatMessage({ id: 'matchmaking.admin.noProviderChecks' })}>
      {(items) => (
        <Stack gap="sm">
          {items.map((check) => (
            <ProviderCheckCard key={check.listingId} check={check} />
          ))}
        </Stack>
      )}
    </Loaded>
  );
}

const isoDay = (value: string | null) => (value ? value.slice(0, 10) : '');
const atNoon = (day: string) => (day ? new Date(`${day}T12:00:00`).toISOString() : null);

interface ChecksValues {
  backgroundCheckStatus: string | null;
  backgroundCheckedAt: string;
  backgroundCheckExpiresAt: string;
  criminalStatus: string | null;
  criminalCheckedAt: string;
  sexOffenderStatus: string | null;
  sexOffenderCheckedAt: string;
}

/** The form's values as the API takes them (days as noon local time, empty as null). */
function checksInput(values: ChecksValues): CaregiverChecksInput {
  const status = (value: string | null) => value as CaregiverCheckStatus | null;
  return {
    backgroundCheckStatus: status(values.backgroundCheckStatus),
    backgroundCheckedAt: atNoon(values.backgroundCheckedAt),
    backgroundCheckExpiresAt: values.backgroundCheckExpiresAt || null,
    criminalStatus: status(values.criminalStatus),
    criminalCheckedAt: atNoon(values.criminalCheckedAt),
    sexOffenderStatus: status(values.sexOffenderStatus),
    sexOffenderCheckedAt: atNoon(values.sexOffenderCheckedAt),
  };
}

function ChecksForm({ listing }: { listing: CaregiverChecks }) {
  const intl = useIntl();
  const update = useUpdateCaregiverChecks();
  const [values, setValues] = useState<ChecksValues>({
    backgroundCheckStatus: listing.backgroundCheckStatus,
    backgroundCheckedAt: isoDay(listing.backgroundCheckedAt),
    backgroundCheckExpiresAt: listing.backgroundCheckExpiresAt ?? '',
    criminalStatus: listing.criminalStatus,
    criminalCheckedAt: isoDay(listing.criminalCheckedAt),
    sexOffenderStatus: listing.sexOffenderStatus,
    sexOffenderCheckedAt: isoDay(listing.sexOffenderCheckedAt),
  });
  const set = (key: keyof typeof values, value: string | null) =>
    setValues((old) => ({ ...old, [key]: value }));
  const statusData = caregiverCheckStatuses.map((value) => ({
    value,
    label: intl.formatMessage({ id: `matchmaking.admin.checkStatus.${value}` }),
  }));
  const status = (key: 'backgroundCheckStatus' | 'criminalStatus' | 'sexOffenderStatus') => (
    <Select
      label={intl.formatMessage({ id: `matchmaking.admin.${key}` })}
      data={statusData}
      value={values[key]}
      onChange={(value) => set(key, value)}
      clearable
    />
  );
  const day = (
    key: 'backgroundCheckedAt' | 'backgroundCheckExpiresAt' | 'criminalCheckedAt' | 'sexOffenderCheckedAt',
  ) => (
    <TextInput
      type="date"
      label={intl.formatMessage({ id: `matchmaking.admin.${key}` })}
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
    />
  );
  return (
    <Stack gap="xs">
      <Group grow wrap="wrap" align="flex-end">
        {status('backgroundCheckStatus')}
        {day('backgroundCheckedAt')}
        {day('backgroundCheckExpiresAt')}
      </Group>
      <Group grow wrap="wrap" align="flex-end">
        {status('criminalStatus')}
        {day('criminalCheckedAt')}
      </Group>
      <Group grow wrap="wrap" align="flex-end">
        {status('sexOffenderStatus')}
        {day('sexOffenderCheckedAt')}
      </Group>
      {update.error && <ApiErrorAlert error={update.error} />}
      {update.isSuccess && (
        <Text size="sm" c="green.8" role="status">
          <FormattedMessage id="matchmaking.admin.checksSaved" />
        </Text>
      )}
      <Group>
        <Button
          size="xs"
          loading={update.isPending}
          onClick={() => update.mutate({ id: listing.listingId, ...checksInput(values) })}
        >
          <FormattedMessage id="matchmaking.admin.saveChecks" />
        </Button>
      </Group>
    </Stack>
  );
}

function CaregiverChecksTab() {
  const intl = useIntl();
  const [q, setQ] = useState('');
  const checks = useCaregiverChecks(q.trim());
  return (
    <Stack gap="sm">
      <TextInput
        label={intl.formatMessage({ id: 'matchmaking.admin.searchCaregivers' })}
        value={q}
        onChange={(event) => setQ(event.currentTarget.value)}
        maw={360}
      />
      <Loaded query={checks} empty={intl.formatMessage({ id: 'matchmaking.admin.noCaregivers' })}>
        {(items) =>
          items.map((listing) => (
            <Card key={listing.listingId} withBorder padding="sm">
              <Stack gap="xs">
                <Text fw={600}>{[listing.firstName, listing.lastName].filter(Boolean).join(' ')}</Text>
                <ChecksForm listing={listing} />
              </Stack>
            </Card>
          ))
        }
      </Loaded>
    </Stack>
  );
}

/** Family codes, newest first, with their status; an active one can be revoked. */
function FamilyCodeList({ onRevoke }: { onRevoke: (id: string) => void }) {
  const intl = useIntl();
  const codes = useFamilyCodes();
  return (
    <Loaded query={codes} empty={intl.formatMessage({ id: 'matchmaking.admin.noCodes' })}>
      {(items) => (
        <Table.ScrollContainer minWidth={520}>
          <Table striped withTableBorder>
            <Table.Caption>
              <FormattedMessage id="matchmaking.admin.codesCaption" />
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">
                  <FormattedMessage id="matchmaking.admin.careClient" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="matchmaking.admin.codeStatus" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="matchmaking.admin.codeExpires" />
                </Table.Th>
                <Table.Th scope="col">
                  <FormattedMessage id="matchmaking.admin.actions" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((code) => (
                <Table.Tr key={code.id}>
                  <Table.Td>{code.clientName ?? code.careClientId}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={code.status === 'active' ? 'green' : 'gray'}>
                      {intl.formatMessage({ id: `matchmaking.admin.codeStatus.${code.status}` })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{intl.formatDate(code.expiresAt, { dateStyle: 'medium' })}</Table.Td>
                  <Table.Td>
                    {code.status === 'active' && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(code.id)}>
                        <FormattedMessage id="matchmaking.admin.revoke" />
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Loaded>
  );
}

function FamilyCodesTab() {
  const intl = useIntl();
  const [clientId, setClientId] = useState<string | undefined>();
  const [issued, setIssued] = useState<IssuedFamilyCode | null>(null);
  const issue = useIssueFamilyCode();
  const revoke = useRevokeFamilyCode();
  return (
    <Stack gap="md">
      <Card withBorder padding="sm">
        <Stack gap="xs">
          <PersonSelect
            kind="clients"
            label={intl.formatMessage({ id: 'matchmaking.admin.careClient' })}
            placeholder={intl.formatMessage({ id: 'matchmaking.admin.careClientPlaceholder' })}
            value={clientId}
            onChange={setClientId}
          />
          {issue.error && <ApiErrorAlert error={issue.error} />}
          <Group>
            <Button
              disabled={!clientId}
              loading={issue.isPending}
              onClick={() => clientId && issue.mutate(clientId, { onSuccess: setIssued })}
            >
              <FormattedMessage id="matchmaking.admin.issueCode" />
            </Button>
          </Group>
          {issued && (
            <Alert
              color="green"
              variant="light"
              role="status"
              title={intl.formatMessage({ id: 'matchmaking.admin.codeIssued' })}
            >
              <Stack gap={4}>
                <Code fz="lg" data-testid="issued-code">
                  {issued.code}
                </Code>
                <Text size="sm">
                  {intl.formatMessage(
                    { id: 'matchmaking.admin.codeOnce' },
                    { date: intl.formatDate(issued.expiresAt, { dateStyle: 'medium' }) },
                  )}
                </Text>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Card>
      {revoke.error && <ApiErrorAlert error={revoke.error} />}
      <FamilyCodeList onRevoke={(id) => revoke.mutate(id)} />
    </Stack>
  );
}

const tabs = ['reports', 'documents', 'providers', 'checks', 'codes', 'settings'] as const;

export function AdminReviewsPage() {
  const intl = useIntl();
  const [tab, setTab] = useState<(typeof tabs)[number]>('reports');
  return (
    <Stack gap="md">
      <Title order={1}>
        <FormattedMessage id="matchmaking.admin.title" />
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setTab((value as (typeof tabs)[number] | null) ?? 'reports')}
        keepMounted={false}
      >
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {intl.formatMessage({ id: `matchmaking.admin.tab.${value}` })}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="reports" pt="md">
          <ReportsTab />
        </Tabs.Panel>
        <Tabs.Panel value="documents" pt="md">
          <DocumentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="providers" pt="md">
          <ProviderChecksTab />
        </Tabs.Panel>
        <Tabs.Panel value="checks" pt="md">
          <CaregiverChecksTab />
        </Tabs.Panel>
        <Tabs.Panel value="codes" pt="md">
          <FamilyCodesTab />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <MatchmakingSettingsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
