/**
 * The sections of one protocol's card on `/verify` (`ProtocolReviewCard`; issue 19 "Review and verification"; docs/isp.md
 * "Rules"): heading and badges, lock notices, the editable fields, the structured lists, save/discard, the status
 * buttons with who and when, and exclusion with a required reason. Each takes only what it shows; the state lives in
 * `useProtocolReview` (the card), so nothing is lost when a section unmounts.
 */
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { Protocol, ProtocolSourceField, ProtocolStatus } from '@tend/contracts';
import { type ApiError } from '../../../lib/api-client.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import type { ProtocolDraft } from './protocol-review-draft.ts';
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

/** The draft being edited and how the inputs reach it (from `useProtocolReview`). */
export interface DraftForm {
  draft: ProtocolDraft;
  set: <K extends keyof ProtocolDraft>(key: K, value: ProtocolDraft[K]) => void;
  editable: boolean;
  /** A focus handler that highlights the field's source boxes in the PDF. */
  source: (field: ProtocolSourceField) => () => void;
}

/** The protocol's name and badges: serious, version, status or excluded, locked. */
export function ProtocolCardHeader({ protocol, locked }: { protocol: Protocol; locked: boolean }) {
  return (
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
  );
}

/** The verify answer's problem with this protocol, the licensed-order lock with "New version", and new-version mode. */
export function ProtocolNotices({
  verifyProblem,
  showLock,
  newVersion,
  onNewVersion,
}: {
  verifyProblem: string | undefined;
  /** Locked, not already making a new version, and the ISP not verified. */
  showLock: boolean;
  newVersion: boolean;
  onNewVersion: () => void;
}) {
  return (
    <>
      {verifyProblem && (
        <Alert color="red" role="alert" title="Not ready for verification">
          {verifyProblem}
        </Alert>
      )}
      {showLock && (
        <Alert color="violet" icon={<IconLock size={16} />} title="Locked: a licensed professional's order">
          <Stack gap="xs">
            <Text size="sm">
              This protocol was finalized and its author is a licensed professional, so it cannot be edited.
              To change it, create a new version; this one stays as it is.
            </Text>
            <Button size="xs" variant="light" color="violet" onClick={onNewVersion} w="fit-content">
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
    </>
  );
}

/** Risk type and the four free-text sections. */
export function ProtocolTextFields({
  form,
  riskTypeError,
}: {
  form: DraftForm;
  riskTypeError: string | undefined;
}) {
  const { draft, set, editable, source } = form;
  return (
    <>
      <TextInput
        label="Risk type"
        required
        disabled={!editable}
        value={draft.riskType}
        onChange={(event) => set('riskType', event.currentTarget.value)}
        onFocus={source('riskType')}
        error={riskTypeError}
      />
      <Section label="Description" field="description" form={form} />
      <Section label="Prevention / supports" field="prevention" form={form} />
      <Section label="Response" field="response" form={form} />
      <Section label="Emergency" field="emergency" form={form} />
    </>
  );
}

function Section({
  label,
  field,
  form: { draft, set, editable, source },
}: {
  label: string;
  field: 'description' | 'prevention' | 'response' | 'emergency';
  form: DraftForm;
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

/** Serious / MAR / PBSP flags, the author and whether licensed, and the two dates. */
export function ProtocolFactFields({ form: { draft, set, editable, source } }: { form: DraftForm }) {
  return (
    <>
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
    </>
  );
}

/** Thresholds (with the server's per-row errors), escalation steps and as-needed medication references. */
export function ProtocolLists({
  form: { draft, set, editable, source },
  thresholdErrors,
}: {
  form: DraftForm;
  thresholdErrors: ReadonlyMap<number, string>;
}) {
  return (
    <>
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
    </>
  );
}

/** "Save changes" / "Create new version" and "Discard changes" / "Cancel new version". */
export function SaveButtons({
  dirty,
  newVersion,
  saving,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  newVersion: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  return (
    <Group gap="xs">
      <Button size="sm" disabled={!dirty} loading={saving} onClick={onSave}>
        {newVersion ? 'Create new version' : 'Save changes'}
      </Button>
      <Button size="sm" variant="default" disabled={!dirty && !newVersion} onClick={onDiscard}>
        {newVersion ? 'Cancel new version' : 'Discard changes'}
      </Button>
    </Group>
  );
}

export function StatusBlock({
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

/**
 * Why the status did not change: PROTOCOL_NOT_READY counts the thresholds to confirm (and the risk type), PROTOCOL_LOCKED
 * says to create a new version, anything else is the API's error.
 */
export function StatusError({
  error,
  statusError,
  riskTypeError,
}: {
  error: Error;
  /** `error` when it is the API's answer. */
  statusError: ApiError | null;
  riskTypeError: string | undefined;
}) {
  if (statusError?.code === 'PROTOCOL_NOT_READY')
    return (
      <Alert color="red" role="alert" title="Not ready to finalize">
        {statusError.fieldErrors.length > 0
          ? `Confirm ${statusError.fieldErrors.filter((item) => item.path.startsWith('thresholds.')).length} threshold(s) marked above${riskTypeError ? ' and give the risk type' : ''}, save, then finalize.`
          : statusError.message}
      </Alert>
    );
  if (statusError?.code === 'PROTOCOL_LOCKED')
    return (
      <Alert color="violet" role="alert" title="Locked">
        This protocol is a licensed professional&apos;s order. Create a new version to change it.
      </Alert>
    );
  return <ApiErrorAlert error={error} title="Status not changed" />;
}

/** What `ExclusionBlock` shows and does (state kept in the card's hook). */
export interface ExclusionControls {
  excluding: boolean;
  reason: string;
  reasonError: string | null;
  pending: boolean;
  error: Error | null;
  start: () => void;
  cancel: () => void;
  setReason: (reason: string) => void;
  submit: () => void;
  includeAgain: () => void;
}

/** Excluded with its reason and "Include again", or the reason form, or "Exclude from this ISP…". */
export function ExclusionBlock({
  protocol,
  exclusion,
}: {
  protocol: Protocol;
  exclusion: ExclusionControls;
}) {
  return (
    <Stack gap="xs">
      {protocol.excluded ? (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">
            Excluded: <em>{protocol.exclusionReason}</em>
          </Text>
          <Button size="xs" variant="default" loading={exclusion.pending} onClick={exclusion.includeAgain}>
            Include again
          </Button>
        </Group>
      ) : exclusion.excluding ? (
        <ExclusionForm exclusion={exclusion} />
      ) : (
        <Button size="xs" variant="subtle" color="red" w="fit-content" onClick={exclusion.start}>
          Exclude from this ISP…
        </Button>
      )}
      {exclusion.error && <ApiErrorAlert error={exclusion.error} title="Not changed" />}
    </Stack>
  );
}

function ExclusionForm({ exclusion }: { exclusion: ExclusionControls }) {
  return (
    // noValidate: an empty reason gets the form's own message (the browser's bubble is not announced everywhere).
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        exclusion.submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Reason for excluding"
          required
          autosize
          minRows={2}
          maxLength={500}
          value={exclusion.reason}
          onChange={(event) => exclusion.setReason(event.currentTarget.value)}
          error={exclusion.reasonError}
        />
        <Group gap="xs">
          <Button size="xs" type="submit" color="red" loading={exclusion.pending}>
            Exclude protocol
          </Button>
          <Button size="xs" variant="default" onClick={exclusion.cancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
