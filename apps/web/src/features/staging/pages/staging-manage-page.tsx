/**
 * `/staging/manage` (admin; issue 23, docs/staging.md): the work between a staging import and its
 * promotion. People to link: each external caregiver/client Tend has not linked, with the spellings
 * seen and the candidates ranked with their evidence → approve one (optionally creating a name rule
 * from the decision) or link a person by hand. Resolution rules: add, switch off, see how often each
 * applied. Staged rows by status with their problems; a row without a billing code can be fixed.
 * Every change re-validates staging, so counts follow at once.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  stagingRuleTypes,
  type StagingRuleType,
  type StagingShift,
  type StagingStatus,
  type UnmappedPerson,
} from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { PersonSelect } from '../../../components/ui/person-select.tsx';
import {
  useApproveMapping,
  useCreateRule,
  useFixShift,
  useRevalidate,
  useRules,
  useStagingShifts,
  useSwitchRule,
  useUnmapped,
} from '../api/staging.ts';

const statusColour: Record<string, string> = {
  READY: 'green',
  NOT_READY: 'orange',
  UPLOADED: 'blue',
  FAILED: 'red',
  AUTO_MAPPED: 'green',
  MANUALLY_LINKED: 'teal',
  PENDING_APPROVAL: 'orange',
  NOT_FOUND: 'red',
};
const words = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');

function StatusBadge({ value }: { value: string }) {
  return (
    <Badge color={statusColour[value] ?? 'gray'} variant="light" miw="max-content">
      {words(value)}
    </Badge>
  );
}

function Candidates({
  person,
  spelling,
  pending,
  onApprove,
}: {
  person: UnmappedPerson;
  spelling: string;
  pending: boolean;
  onApprove: (entityId: string) => void;
}) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Candidate</Table.Th>
          <Table.Th>Confidence</Table.Th>
          <Table.Th>Evidence</Table.Th>
          <Table.Th>
            <VisuallyHidden>Action</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {person.candidates.map((candidate) => (
          <Table.Tr key={candidate.entityId}>
            <Table.Td>{candidate.name}</Table.Td>
            <Table.Td>{Math.round(candidate.confidence * 100)}%</Table.Td>
            <Table.Td>
              <Text size="xs">{candidate.evidence ?? words(candidate.method)}</Text>
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                loading={pending}
                onClick={() => onApprove(candidate.entityId)}
                aria-label={`Approve ${candidate.name} for ${spelling}`}
              >
                Approve
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PersonToLink({ person }: { person: UnmappedPerson }) {
  const approve = useApproveMapping();
  const [withRule, setWithRule] = useState(false);
  const [manual, setManual] = useState<string | undefined>();
  const spelling = person.names[0] ?? person.givId ?? person.givKey;
  const role = person.entityType === 'CAREGIVER' ? 'caregiver' : 'client';
  const link = (entityId: string) =>
    approve.mutate({
      entityType: person.entityType,
      givKey: person.givKey,
      entityId,
      ...(withRule && person.names[0] ? { createRule: true, sourceName: person.names[0] } : {}),
    });
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Text fw={600}>{spelling}</Text>
            <Text size="xs" c="dimmed">
              {words(person.entityType)}
              {person.givId ? ` · GIV id ${person.givId}` : ' · no id in the file'} · {person.rows}{' '}
              {person.rows === 1 ? 'row' : 'rows'}
              {person.names.length > 1 ? ` · also spelled ${person.names.slice(1).join(', ')}` : ''}
            </Text>
          </div>
          <StatusBadge value={person.status} />
        </Group>
        {person.candidates.length ? (
          <Candidates person={person} spelling={spelling} pending={approve.isPending} onApprove={link} />
        ) : (
          <Text size="sm" c="dimmed">
            No {role} of Tend is close to this name. Link one by hand, or add them under People first.
          </Text>
        )}
        <Group align="end" wrap="wrap">
          <PersonSelect
            kind={person.entityType === 'CAREGIVER' ? 'caregivers' : 'clients'}
            label={`Link ${spelling} to`}
            placeholder={`Search a ${role}`}
            value={manual}
            onChange={setManual}
            w={{ base: '100%', sm: 280 }}
          />
          <Button
            variant="default"
            disabled={!manual}
            onClick={() => manual && link(manual)}
            aria-label={`Link ${spelling} by hand`}
          >
            Link
          </Button>
          {person.names[0] ? (
            <Checkbox
              label="Also create a name rule from this decision"
              checked={withRule}
              onChange={(event) => setWithRule(event.currentTarget.checked)}
            />
          ) : null}
        </Group>
        {approve.error ? <ApiErrorAlert error={approve.error} /> : null}
      </Stack>
    </Paper>
  );
}

function PeopleToLink() {
  const unmapped = useUnmapped();
  if (unmapped.error) return <ApiErrorAlert error={unmapped.error} />;
  const items = unmapped.data?.items ?? [];
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        People to link
      </Title>
      {unmapped.isPending ? (
        <Text c="dimmed">Loading…</Text>
      ) : items.length ? (
        items.map((person) => <PersonToLink key={`${person.entityType}:${person.givKey}`} person={person} />)
      ) : (
        <Text c="dimmed">Every caregiver and client of the staged rows is linked.</Text>
      )}
    </Stack>
  );
}

function RulesTable() {
  const rules = useRules();
  const switchRule = useSwitchRule();
  const items = rules.data?.items ?? [];
  return (
    <>
      {items.length ? (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Type</Table.Th>
                <Table.Th>File value</Table.Th>
                <Table.Th>Becomes</Table.Th>
                <Table.Th>Applied</Table.Th>
                <Table.Th>Active</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((rule) => (
                <Table.Tr key={rule.id}>
                  <Table.Td>{words(rule.ruleType)}</Table.Td>
                  <Table.Td>{rule.sourceValue}</Table.Td>
                  <Table.Td>{rule.targetValue}</Table.Td>
                  <Table.Td>{rule.appliedCount}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={rule.isActive}
                      aria-label={`Rule ${rule.sourceValue} active`}
                      onChange={(event) =>
                        switchRule.mutate({ id: rule.id, isActive: event.currentTarget.checked })
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text c="dimmed">
          No rules yet. Add one above, or tick “create a name rule” when approving a link.
        </Text>
      )}
    </>
  );
}

function Rules() {
  const create = useCreateRule();
  const [ruleType, setRuleType] = useState<StagingRuleType>('CAREGIVER_NAME');
  const [sourceValue, setSource] = useState('');
  const [targetValue, setTarget] = useState('');
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Resolution rules
      </Title>
      <Text size="sm" c="dimmed">
        A rule rewrites a value of every later staged row before matching: a name spelling, an id merge or a
        billing-code alias.
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { ruleType, sourceValue, targetValue },
            {
              onSuccess: () => {
                setSource('');
                setTarget('');
              },
            },
          );
        }}
      >
        <Group align="end" wrap="wrap">
          <Select
            label="Rule type"
            data={stagingRuleTypes.map((value) => ({ value, label: words(value) }))}
            value={ruleType}
            onChange={(value) => value && setRuleType(value)}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <TextInput
            label="When the file says"
            value={sourceValue}
            onChange={(event) => setSource(event.currentTarget.value)}
            required
            w={{ base: '100%', sm: 220 }}
          />
          <TextInput
            label="Use instead"
            value={targetValue}
            onChange={(event) => setTarget(event.currentTarget.value)}
            required
            w={{ base: '100%', sm: 220 }}
          />
          <Button type="submit" loading={create.isPending}>
            Add rule
          </Button>
        </Group>
      </form>
      {create.error ? <ApiErrorAlert error={create.error} /> : null}
      <RulesTable />
    </Stack>
  );
}

function FixCode({ row }: { row: StagingShift }) {
  const fix = useFixShift();
  const [code, setCode] = useState('');
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        size="xs"
        aria-label={`Billing code for ${row.givShiftId}`}
        placeholder="Billing code"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        w={110}
      />
      <Button
        size="xs"
        variant="default"
        disabled={!code.trim()}
        loading={fix.isPending}
        onClick={() => fix.mutate({ id: row.id, fix: { billingCode: code } })}
        aria-label={`Save billing code for ${row.givShiftId}`}
      >
        Save
      </Button>
    </Group>
  );
}

function person(original: string | null, linked: string | null) {
  return (
    <Stack gap={0}>
      <Text size="sm">{original ?? '—'}</Text>
      {linked && linked !== original ? (
        <Text size="xs" c="dimmed">
          → {linked}
        </Text>
      ) : null}
    </Stack>
  );
}

function StagedRows() {
  const [status, setStatus] = useState<StagingStatus | 'ALL'>('ALL');
  const rows = useStagingShifts({ page: 1, pageSize: 200, ...(status === 'ALL' ? {} : { status }) });
  const revalidate = useRevalidate();
  const counts = rows.data?.counts;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h3">
          Staged rows
        </Title>
        <Button variant="default" loading={revalidate.isPending} onClick={() => revalidate.mutate()}>
          Re-validate
        </Button>
      </Group>
      <SegmentedControl
        aria-label="Status"
        value={status}
        onChange={(value) => setStatus(value)}
        data={[
          { value: 'ALL', label: 'All' },
          ...(['READY', 'NOT_READY', 'UPLOADED', 'FAILED'] as const).map((value) => ({
            value,
            label: `${words(value)} (${counts?.[value] ?? 0})`,
          })),
        ]}
        style={{ overflowX: 'auto' }}
      />
      {rows.error ? <ApiErrorAlert error={rows.error} /> : null}
      {rows.data && rows.data.items.length === 0 ? (
        <Text c="dimmed">No staged rows here. Stage a GIV export on Staging import.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Shift id</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Caregiver</Table.Th>
                <Table.Th>Client</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>What to do</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(rows.data?.items ?? []).map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.givShiftId}</Table.Td>
                  <Table.Td>{row.date ?? '—'}</Table.Td>
                  <Table.Td>{person(row.originalCaregiverName, row.caregiverName)}</Table.Td>
                  <Table.Td>{person(row.originalClientName, row.clientName)}</Table.Td>
                  <Table.Td>{row.billingCode ?? '—'}</Table.Td>
                  <Table.Td>
                    <StatusBadge value={row.status} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4}>
                      {row.errorDetails ? <Text size="xs">{row.errorDetails}</Text> : null}
                      {row.status !== 'UPLOADED' && row.errorDetails?.includes('billing code') ? (
                        <FixCode row={row} />
                      ) : null}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The staging manage page. */
export function StagingManagePage() {
  return (
    <Stack gap="xl">
      <div>
        <Title order={1}>Staging manage</Title>
        <Text c="dimmed" size="sm">
          Link the people of staged rows, keep rules that fix what GIV sends, and fix rows before promotion.
        </Text>
      </div>
      <PeopleToLink />
      <Rules />
      <StagedRows />
    </Stack>
  );
}
