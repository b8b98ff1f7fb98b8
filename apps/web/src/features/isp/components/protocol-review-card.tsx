/**
 * One protocol on `/verify` (issue 19 "Review and verification"; docs/isp.md "Rules"): every field editable, focusing a
 * field highlights where it came from in the PDF (`onFocusSource`), status buttons DRAFT / REVIEWED / NEEDS_INFO /
 * FINALIZED with who and when, exclusion with a required reason. A licensed author's FINALIZED protocol is locked:
 * shown read-only with "New version" (the edits then create the next version). 409 answers are shown next to what
 * they name: PROTOCOL_NOT_READY on the thresholds (and risk type) it names, PROTOCOL_LOCKED by the status buttons.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { Protocol, ProtocolSourceField, ProtocolStatus, SourceBox } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import {
  useChangeProtocolStatus,
  useCreateProtocolVersion,
  useSetProtocolExclusion,
  useUpdateProtocol,
} from '../api/review.ts';
import { draftOf, hasChanges, protocolChanges, type ProtocolDraft } from './protocol-review-draft.ts';
import {
  AddThresholdButton,
  OrderedTextList,
  ThresholdRows,
  emptyThreshold,
} from './protocol-review-lists.tsx';

export const statusLabels: Record<ProtocolStatus, string> = {
  DRAFT: 'Draft',
  REVIEWED: 'Reviewed',
  NEEDS_INFO: 'Needs info',
  FINALIZED: 'Finalized',
};
const statusOrder: ProtocolStatus[] = ['DRAFT', 'REVIEWED', 'NEEDS_INFO', 'FINALIZED'];
export const statusColors: Record<ProtocolStatus, string> = {
  DRAFT: 'gray',
  REVIEWED: 'blue',
  NEEDS_INFO: 'orange',
  FINALIZED: 'green',
};

export interface ProtocolReviewCardProps {
  protocol: Protocol;
  /** The ISP is VERIFIED: everything is read-only. */
  readOnly: boolean;
  /** The server's verify answer named this protocol (409 ISP_NOT_READY). */
  verifyProblem?: string;
  onFocusSource: (boxes: SourceBox[]) => void;
}

export function ProtocolReviewCard({
  protocol,
  readOnly,
  verifyProblem,
  onFocusSource,
}: ProtocolReviewCardProps) {
  const [draft, setDraft] = useState<ProtocolDraft>(() => draftOf(protocol));
  const [savedFrom, setSavedFrom] = useState(protocol);
  const [newVersion, setNewVersion] = useState(false);
  const update = useUpdateProtocol(protocol.ispId);
  const version = useCreateProtocolVersion(protocol.ispId);
  const status = useChangeProtocolStatus(protocol.ispId);
  const exclusion = useSetProtocolExclusion(protocol.ispId);
  const [excluding, setExcluding] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  // The server's answer replaces the draft (the protocol prop changed under us).
  if (savedFrom !== protocol) {
    setSavedFrom(protocol);
    setDraft(draftOf(protocol));
  }

  const locked = protocol.lockedBecauseLicensed;
  const editable = !readOnly && (!locked || newVersion) && !protocol.supersededById;
  const changes = protocolChanges(protocol, draft);
  const dirty = hasChanges(changes);
  const set = <K extends keyof ProtocolDraft>(key: K, value: ProtocolDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const source = (field: ProtocolSourceField) => () => onFocusSource(protocol.sources[field] ?? []);

  // PROTOCOL_NOT_READY names `thresholds.<n>.confirmed` and `riskType`: shown on those inputs.
  const statusError = status.error instanceof ApiError ? status.error : null;
  const thresholdErrors = new Map<number, string>();
  let riskTypeError: string | undefined;
  for (const fieldError of statusError?.fieldErrors ?? []) {
    const match = /^thresholds\.(\d+)/.exec(fieldError.path);
    if (match) thresholdErrors.set(Number(match[1]), 'Confirm this threshold before finalizing.');
    if (fieldError.path === 'riskType') riskTypeError = fieldError.message;
  }
  const saveError = update.error ?? version.error;

  const save = () => {
    if (!dirty) return;
    if (locked && newVersion)
      version.mutate({ id: protocol.id, body: changes }, { onSuccess: () => setNewVersion(false) });
    else update.mutate({ id: protocol.id, body: changes });
  };

  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={`protocol-${protocol.id}-title`}
      data-testid="protocol-card"
      style={verifyProblem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="h4" id={`protocol-${protocol.id}-title`}>
            {protocol.riskType || 'Untitled risk'}
          </Title>
          <Group gap={6}>
            {protocol.serious && <Badge color="red">Serious risk</Badge>}
            {protocol.version > 1 && <Badge variant="outline">Version {protocol.version}</Badge>}
            {protocol.excluded ? (
              <Badge color="gray" variant="filled">
                Excluded
              </Badge>
            ) : (
              <Badge color={statusColors[protocol.status]}>{statusLabels[protocol.status]}</Badge>
            )}
            {locked && (
              <Badge color="violet" leftSection={<IconLock size={12} />}>
                Locked order
              </Badge>
            )}
          </Group>
        </Group>
        {verifyProblem && (
          <Alert color="red" role="alert" title="Not ready for verification">
            {verifyProblem}
          </Alert>
        )}
        {locked && !newVersion && !readOnly && (
          <Alert color="violet" icon={<IconLock size={16} />} title="Locked: a licensed professional's order">
            <Stack gap="xs">
              <Text size="sm">
                This protocol was finalized and its author is a licensed professional, so it cannot be edited.
                To change it, create a new version; this one stays as it is.
              </Text>
              <Button
                size="xs"
                variant="light"
                color="violet"
                onClick={() => setNewVersion(true)}
                w="fit-content"
              >
                New version
              </Button>
            </Stack>
          </Alert>
        )}
        {newVersion && (
          <Alert color="blue" title="Editing a new version">
            Change what the new version should say, then choose “Create new version”.
          </Alert>
        )}

        <TextInput
          label="Risk type"
          required
          disabled={!editable}
          value={draft.riskType}
          onChange={(event) => set('riskType', event.currentTarget.value)}
          onFocus={source('riskType')}
          error={riskTypeError}
        />
        <Section label="Description" field="description" {...{ draft, set, editable, source }} />
        <Section label="Prevention / supports" field="prevention" {...{ draft, set, editable, source }} />
        <Section label="Response" field="response" {...{ draft, set, editable, source }} />
        <Section label="Emergency" field="emergency" {...{ draft, set, editable, source }} />
        <Group gap="lg" wrap="wrap">
          <Checkbox
            label="Serious risk"
            disabled={!editable}
            checked={draft.serious}
            onChange={(event) => set('serious', event.currentTarget.checked)}
          />
          <Checkbox
            label="On the MAR"
            disabled={!editable}
            checked={draft.mar}
            onChange={(event) => set('mar', event.currentTarget.checked)}
          />
          <Checkbox
            label="PBSP"
            disabled={!editable}
            checked={draft.pbsp}
            onChange={(event) => set('pbsp', event.currentTarget.checked)}
          />
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label="Author"
            disabled={!editable}
            value={draft.author}
            onChange={(event) => set('author', event.currentTarget.value)}
            onFocus={source('author')}
            style={{ flex: '1 1 180px' }}
          />
          <Checkbox
            label="Licensed professional"
            disabled={!editable}
            checked={draft.authorLicensed}
            onChange={(event) => set('authorLicensed', event.currentTarget.checked)}
            mb={8}
          />
        </Group>
        <Group gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="Effective date"
            disabled={!editable}
            value={draft.effectiveDate}
            onChange={(event) => set('effectiveDate', event.currentTarget.value)}
            onFocus={source('effectiveDate')}
            style={{ flex: '1 1 150px' }}
          />
          <TextInput
            type="date"
            label="Review due"
            disabled={!editable}
            value={draft.reviewDueDate}
            onChange={(event) => set('reviewDueDate', event.currentTarget.value)}
            onFocus={source('reviewDueDate')}
            style={{ flex: '1 1 150px' }}
          />
        </Group>

        <div onFocusCapture={source('thresholds')}>
          <Group justify="space-between" mb={4}>
            <Text size="sm" fw={500}>
              Thresholds
            </Text>
            <AddThresholdButton
              disabled={!editable}
              onAdd={() => set('thresholds', [...draft.thresholds, emptyThreshold()])}
            />
          </Group>
          <ThresholdRows
            thresholds={draft.thresholds}
            onChange={(next) => set('thresholds', next)}
            disabled={!editable}
            errors={thresholdErrors}
          />
        </div>
        <div onFocusCapture={source('escalationSteps')}>
          <OrderedTextList
            label="Escalation steps, in order"
            itemLabel="Step"
            ordered
            disabled={!editable}
            items={draft.escalationSteps}
            onChange={(next) => set('escalationSteps', next)}
          />
        </div>
        <div onFocusCapture={source('medicationReferences')}>
          <OrderedTextList
            label="As-needed medication references"
            itemLabel="Medication reference"
            ordered={false}
            disabled={!editable}
            items={draft.medicationReferences}
            onChange={(next) => set('medicationReferences', next)}
          />
        </div>

        {saveError && <ApiErrorAlert error={saveError} title="Not saved" />}
        {editable && (
          <Group gap="xs">
            <Button
              size="sm"
              disabled={!dirty}
              loading={update.isPending || version.isPending}
              onClick={save}
            >
              {newVersion ? 'Create new version' : 'Save changes'}
            </Button>
            <Button
              size="sm"
              variant="default"
              disabled={!dirty && !newVersion}
              onClick={() => {
                setDraft(draftOf(protocol));
                setNewVersion(false);
              }}
            >
              {newVersion ? 'Cancel new version' : 'Discard changes'}
            </Button>
          </Group>
        )}

        <Divider />
        <StatusBlock
          protocol={protocol}
          disabled={readOnly || locked || protocol.excluded || Boolean(protocol.supersededById)}
          dirty={dirty}
          pending={status.isPending}
          onChange={(next) => status.mutate({ id: protocol.id, status: next })}
          error={
            status.error &&
            (statusError?.code === 'PROTOCOL_NOT_READY' ? (
              <Alert color="red" role="alert" title="Not ready to finalize">
                {statusError.fieldErrors.length > 0
                  ? `Confirm ${statusError.fieldErrors.filter((item) => item.path.startsWith('thresholds.')).length} threshold(s) marked above${riskTypeError ? ' and give the risk type' : ''}, save, then finalize.`
                  : statusError.message}
              </Alert>
            ) : statusError?.code === 'PROTOCOL_LOCKED' ? (
              <Alert color="violet" role="alert" title="Locked">
                This protocol is a licensed professional&apos;s order. Create a new version to change it.
              </Alert>
            ) : (
              <ApiErrorAlert error={status.error} title="Status not changed" />
            ))
          }
        />

        {!readOnly && !protocol.supersededById && (
          <Stack gap="xs">
            {protocol.excluded ? (
              <Group gap="xs" wrap="wrap">
                <Text size="sm">
                  Excluded: <em>{protocol.exclusionReason}</em>
                </Text>
                <Button
                  size="xs"
                  variant="default"
                  loading={exclusion.isPending}
                  onClick={() =>
                    exclusion.mutate({ id: protocol.id, body: { excluded: false, reason: null } })
                  }
                >
                  Include again
                </Button>
              </Group>
            ) : excluding ? (
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!reason.trim()) {
                    setReasonError('Give the reason for excluding this protocol.');
                    return;
                  }
                  exclusion.mutate(
                    { id: protocol.id, body: { excluded: true, reason: reason.trim() } },
                    { onSuccess: () => setExcluding(false) },
                  );
                }}
              >
                <Stack gap="xs">
                  <Textarea
                    label="Reason for excluding"
                    required
                    autosize
                    minRows={2}
                    maxLength={500}
                    value={reason}
                    onChange={(event) => {
                      setReason(event.currentTarget.value);
                      setReasonError(null);
                    }}
                    error={reasonError}
                  />
                  <Group gap="xs">
                    <Button size="xs" type="submit" color="red" loading={exclusion.isPending}>
                      Exclude protocol
                    </Button>
                    <Button size="xs" variant="default" onClick={() => setExcluding(false)}>
                      Cancel
                    </Button>
                  </Group>
                </Stack>
              </form>
            ) : (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                w="fit-content"
                onClick={() => {
                  setReason('');
                  setExcluding(true);
                }}
              >
                Exclude from this ISP…
              </Button>
            )}
            {exclusion.error && <ApiErrorAlert error={exclusion.error} title="Not changed" />}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function Section({
  label,
  field,
  draft,
  set,
  editable,
  source,
}: {
  label: string;
  field: 'description' | 'prevention' | 'response' | 'emergency';
  draft: ProtocolDraft;
  set: (key: 'description' | 'prevention' | 'response' | 'emergency', value: string) => void;
  editable: boolean;
  source: (field: ProtocolSourceField) => () => void;
}) {
  return (
    <Textarea
      label={label}
      autosize
      minRows={2}
      maxRows={10}
      disabled={!editable}
      value={draft[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      onFocus={source(field)}
    />
  );
}

function StatusBlock({
  protocol,
  disabled,
  dirty,
  pending,
  onChange,
  error,
}: {
  protocol: Protocol;
  disabled: boolean;
  dirty: boolean;
  pending: boolean;
  onChange: (status: ProtocolStatus) => void;
  error: ReactNode;
}) {
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`protocol-${protocol.id}-status`}>
        Status
      </Text>
      <Group gap={6} wrap="wrap" role="group" aria-labelledby={`protocol-${protocol.id}-status`}>
        {statusOrder.map((value) => (
          <Button
            key={value}
            size="xs"
            color={statusColors[value]}
            variant={protocol.status === value ? 'filled' : 'default'}
            aria-pressed={protocol.status === value}
            disabled={disabled || dirty || pending}
            onClick={() => protocol.status !== value && onChange(value)}
          >
            {statusLabels[value]}
          </Button>
        ))}
      </Group>
      {dirty && !disabled && (
        <Text size="xs" c="dimmed">
          Save or discard your changes before changing the status.
        </Text>
      )}
      {protocol.statusChangedAt && (
        <Text size="xs" c="dimmed">
          {statusLabels[protocol.status]} by {protocol.statusChangedByName ?? 'someone no longer here'},{' '}
          <RelativeTime value={protocol.statusChangedAt} />
        </Text>
      )}
      {error}
    </Stack>
  );
}
