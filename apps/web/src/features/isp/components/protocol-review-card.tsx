/**
 * One protocol on `/verify` (issue 19 "Review and verification"; docs/isp.md "Rules"): every field editable, focusing a
 * field highlights where it came from in the PDF (`onFocusSource`), status buttons DRAFT / REVIEWED / NEEDS_INFO /
 * FINALIZED with who and when, exclusion with a required reason. A licensed author's FINALIZED protocol is locked:
 * shown read-only with "New version" (the edits then create the next version). 409 answers are shown next to what
 * they name: PROTOCOL_NOT_READY on the thresholds (and risk type) it names, PROTOCOL_LOCKED by the status buttons.
 */
import { Divider, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Protocol, ProtocolSourceField, SourceBox } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import {
  useChangeProtocolStatus,
  useCreateProtocolVersion,
  useSetProtocolExclusion,
  useUpdateProtocol,
} from '../api/review.ts';
import { draftOf, hasChanges, protocolChanges, type ProtocolDraft } from './protocol-review-draft.ts';
import {
  ExclusionBlock,
  ProtocolCardHeader,
  ProtocolFactFields,
  ProtocolLists,
  ProtocolNotices,
  ProtocolTextFields,
  SaveButtons,
  StatusBlock,
  StatusError,
  type DraftForm,
  type ExclusionControls,
} from './protocol-review-sections.tsx';

export { statusColors, statusLabels } from './protocol-review-sections.tsx';

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
  const review = useProtocolReview(protocol, readOnly, onFocusSource);
  const exclusion = useProtocolExclusion(protocol);
  const { form, locked, newVersion, dirty, status } = review;
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
        <ProtocolCardHeader protocol={protocol} locked={locked} />
        <ProtocolNotices
          verifyProblem={verifyProblem}
          showLock={locked && !newVersion && !readOnly}
          newVersion={newVersion}
          onNewVersion={review.startNewVersion}
        />

        <ProtocolTextFields form={form} riskTypeError={review.riskTypeError} />
        <ProtocolFactFields form={form} />

        <ProtocolLists form={form} thresholdErrors={review.thresholdErrors} />

        {review.saveError && <ApiErrorAlert error={review.saveError} title="Not saved" />}
        {form.editable && (
          <SaveButtons
            dirty={dirty}
            newVersion={newVersion}
            saving={review.saving}
            onSave={review.save}
            onDiscard={review.discard}
          />
        )}

        <Divider />
        <StatusBlock
          protocol={protocol}
          disabled={readOnly || locked || protocol.excluded || Boolean(protocol.supersededById)}
          dirty={dirty}
          pending={status.isPending}
          onChange={(next) => status.mutate({ id: protocol.id, status: next })}
          error={
            status.error && (
              <StatusError
                error={status.error}
                statusError={review.statusError}
                riskTypeError={review.riskTypeError}
              />
            )
          }
        />

        {!readOnly && !protocol.supersededById && (
          <ExclusionBlock protocol={protocol} exclusion={exclusion} />
        )}
        {/* Verified: the exclusion's reason stays visible, read-only. */}
        {readOnly && protocol.excluded && (
          <Text size="sm">
            Excluded: <em>{protocol.exclusionReason}</em>
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * PROTOCOL_NOT_READY names `thresholds.<n>.confirmed` and `riskType`: the messages to show on those inputs (by
 * threshold index, and the risk type's).
 */
export function notReadyFieldErrors(statusError: ApiError | null): {
  thresholdErrors: Map<number, string>;
  riskTypeError: string | undefined;
} {
  const thresholdErrors = new Map<number, string>();
  let riskTypeError: string | undefined;
  for (const fieldError of statusError?.fieldErrors ?? []) {
    const match = /^thresholds\.(\d+)/.exec(fieldError.path);
    if (match) thresholdErrors.set(Number(match[1]), 'Confirm this threshold before finalizing.');
    if (fieldError.path === 'riskType') riskTypeError = fieldError.message;
  }
  return { thresholdErrors, riskTypeError };
}

/**
 * The card's draft, its save (an update, or the next version of a locked protocol after "New version") and the status
 * change. The draft is replaced whenever the server's answer replaces the `protocol` prop. Editable unless the ISP is
 * verified, the protocol is superseded, or it is locked and no new version is being made.
 */
function useProtocolReview(
  protocol: Protocol,
  readOnly: boolean,
  onFocusSource: (boxes: SourceBox[]) => void,
) {
  const [draft, setDraft] = useState<ProtocolDraft>(() => draftOf(protocol));
  const [savedFrom, setSavedFrom] = useState(protocol);
  const [newVersion, setNewVersion] = useState(false);
  const update = useUpdateProtocol(protocol.ispId);
  const version = useCreateProtocolVersion(protocol.ispId);
  const status = useChangeProtocolStatus(protocol.ispId);

  // The server's answer replaces the draft (the protocol prop changed under us).
  if (savedFrom !== protocol) {
    setSavedFrom(protocol);
    setDraft(draftOf(protocol));
  }

  const locked = protocol.lockedBecauseLicensed;
  const changes = protocolChanges(protocol, draft);
  const dirty = hasChanges(changes);
  const form: DraftForm = {
    draft,
    set: (key, value) => setDraft((current) => ({ ...current, [key]: value })),
    editable: !readOnly && (!locked || newVersion) && !protocol.supersededById,
    source: (field: ProtocolSourceField) => () => onFocusSource(protocol.sources[field] ?? []),
  };
  const statusError = status.error instanceof ApiError ? status.error : null;

  const save = () => {
    if (!dirty) return;
    if (locked && newVersion)
      version.mutate({ id: protocol.id, body: changes }, { onSuccess: () => setNewVersion(false) });
    else update.mutate({ id: protocol.id, body: changes });
  };
  const discard = () => {
    setDraft(draftOf(protocol));
    setNewVersion(false);
  };

  return {
    form,
    locked,
    newVersion,
    startNewVersion: () => setNewVersion(true),
    dirty,
    save,
    discard,
    saving: update.isPending || version.isPending,
    saveError: update.error ?? version.error,
    status,
    statusError,
    ...notReadyFieldErrors(statusError),
  };
}

/** Exclusion with a required reason (docs/isp.md "Rules"), and including an excluded protocol again. */
function useProtocolExclusion(protocol: Protocol): ExclusionControls {
  const exclusion = useSetProtocolExclusion(protocol.ispId);
  const [excluding, setExcluding] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  return {
    excluding,
    reason,
    reasonError,
    pending: exclusion.isPending,
    error: exclusion.error,
    start: () => {
      setReason('');
      setExcluding(true);
    },
    cancel: () => setExcluding(false),
    setReason: (next) => {
      setReason(next);
      setReasonError(null);
    },
    submit: () => {
      if (!reason.trim()) {
        setReasonError('Give the reason for excluding this protocol.');
        return;
      }
      exclusion.mutate(
        { id: protocol.id, body: { excluded: true, reason: reason.trim() } },
        { onSuccess: () => setExcluding(false) },
      );
    },
    includeAgain: () => exclusion.mutate({ id: protocol.id, body: { excluded: false, reason: null } }),
  };
}
