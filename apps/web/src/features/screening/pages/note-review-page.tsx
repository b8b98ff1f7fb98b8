/**
 * `/admin/misctools/shiftnotes/review` (admin; docs/shift-notes.md "Review"): one shift note at a time
 * (`?id=`, else the oldest waiting). Shows the note in full and the candidate shifts (same caregiver or
 * client, ± 3 days; those whose window holds the note's time are marked). The admin picks a shift
 * (the note is matched to it) or dismisses the note with a reason; both are audited by the API. After
 * either, the page goes on to the next waiting note.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Radio,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCircleCheck, IconX } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { ShiftNoteCandidate, ShiftNoteReview } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDismissNote, useNoteReview, useResolveNote } from '../api/shift-notes.ts';
import { ReasonBadge } from './mismatched-notes-page.tsx';
import { formatZonedInstant } from '../../../lib/format/index.ts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

const uuid = z.uuid();

/** One fact of the note: its label above its value. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The candidate shifts as radio rows (a click on the row picks it), or why there are none. */
function Candidates({
  candidates,
  value,
  onChange,
}: {
  candidates: ShiftNoteCandidate[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  if (!candidates.length)
    return (
      <Text size="sm" c="dimmed">
        No shift of this caregiver or client within 3 days of the note. If the note belongs to no shift,
        dismiss it with a reason below; if its shift is missing, import it first.
      </Text>
    );
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label="Candidate shifts"
      description="Pick the shift this note was written for"
    >
      <Table.ScrollContainer minWidth={720} type="native">
        <Table aria-label="Candidate shifts" verticalSpacing="xs" highlightOnHover withTableBorder mt="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={60}>
                Pick
              </Table.Th>
              <Table.Th scope="col">Shift</Table.Th>
              <Table.Th scope="col">Clock-in → clock-out</Table.Th>
              <Table.Th scope="col">Caregiver</Table.Th>
              <Table.Th scope="col">Client</Table.Th>
              <Table.Th scope="col">Fits the note’s time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {candidates.map((shift) => (
              <Table.Tr key={shift.id} onClick={() => onChange(shift.id)} style={{ cursor: 'pointer' }}>
                <Table.Td>
                  <Radio
                    value={shift.id}
                    aria-label={`Shift ${shift.givShiftId ?? 'without id'} on ${shift.date}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {shift.givShiftId ?? 'No shift id'}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {shift.date}
                    {shift.billingCode ? ` · ${shift.billingCode}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatZonedInstant(shift.evvInTime, shift.timeZone)} →{' '}
                  {formatZonedInstant(shift.evvOutTime, shift.timeZone)}
                </Table.Td>
                <Table.Td>{shift.caregiverName ?? '—'}</Table.Td>
                <Table.Td>{shift.clientName ?? '—'}</Table.Td>
                <Table.Td>
                  {shift.overlaps ? (
                    <Badge color="green" variant="light">
                      Fits
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      Other time
                    </Badge>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Radio.Group>
  );
}

/** One note under review: the note, its candidate shifts to match it to, or its dismissal. */
function NoteReview({
  review,
  onDone,
}: {
  review: ShiftNoteReview;
  /** After a decision: what happened, and the note to show next. */
  onDone: (message: string, next: string) => void;
}) {
  const note = review.note;
  if (!note) return null;
  const next = review.nextId ?? note.id;
  return (
    <Stack gap="lg">
      <NoteCard note={note} />
      <MatchCard
        noteId={note.id}
        candidates={review.candidates}
        onDone={(message) => onDone(message, next)}
      />
      <DismissCard noteId={note.id} onDone={(message) => onDone(message, next)} />
    </Stack>
  );
}

type ReviewedNote = NonNullable<ShiftNoteReview['note']>;

/** The note in full: its state, why it needs review, who and when, and its documentation. */
function NoteCard({ note }: { note: ReviewedNote }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <Title order={2} size="h3">
              Note
            </Title>
            {note.needsManualReview ? (
              <ReasonBadge kind={note.reasonKind} />
            ) : (
              <Badge color="green" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
                {note.shiftId ? `Matched to ${note.matchedGivShiftId ?? 'a shift'}` : 'Dismissed'}
              </Badge>
            )}
          </Group>
          {note.resolvedAt ? (
            <Text size="sm" c="dimmed">
              Resolved <ExactTime value={note.resolvedAt} />
            </Text>
          ) : null}
        </Group>
        {note.reviewReason ? (
          <Alert
            color={note.needsManualReview ? 'yellow' : 'gray'}
            variant="light"
            title="Why it needs review"
          >
            {note.reviewReason}
          </Alert>
        ) : null}
        <Group gap="xl" wrap="wrap" align="flex-start">
          <Field label="Submitted">
            <ExactTime value={note.submittedAt} />
          </Field>
          <Field label="Caregiver">{note.caregiverName ?? '—'}</Field>
          <Field label="Client">{note.clientName ?? '—'}</Field>
          <Field label="Staff name">{note.staffName ?? '—'}</Field>
          <Field label="Shift id in the file">{note.givShiftId ?? '—'}</Field>
          <Field label="Section">{note.sectionType ?? '—'}</Field>
        </Group>
        {note.prompt ? <Field label="Prompt">{note.prompt}</Field> : null}
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Documentation
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {note.documentation ?? '—'}
          </Text>
        </div>
      </Stack>
    </Card>
  );
}

/** "Match to a shift": pick one of the candidates and match the note to it. */
function MatchCard({
  noteId,
  candidates,
  onDone,
}: {
  noteId: string;
  candidates: ShiftNoteCandidate[];
  onDone: (message: string) => void;
}) {
  const [shiftId, setShiftId] = useState<string | null>(null);
  const resolve = useResolveNote();
  const match = () => {
    if (!shiftId) return;
    resolve.mutate(
      { id: noteId, body: { shiftId } },
      {
        onSuccess: () => {
          const picked = candidates.find((c) => c.id === shiftId);
          onDone(`The note is matched to shift ${picked?.givShiftId ?? 'without id'}.`);
        },
      },
    );
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={3} size="h4">
          Match to a shift
        </Title>
        <Candidates candidates={candidates} value={shiftId} onChange={setShiftId} />
        {resolve.error ? <ApiErrorAlert error={resolve.error} title="The note was not matched" /> : null}
        <Group>
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={!shiftId}
            loading={resolve.isPending}
            onClick={match}
          >
            Match to this shift
          </Button>
          {!shiftId && candidates.length ? (
            <Text size="sm" c="dimmed">
              Pick a shift first.
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

/** "Or dismiss the note": with a reason, kept with the note. */
function DismissCard({ noteId, onDone }: { noteId: string; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const dismiss = useDismissNote();
  const reasonError =
    dismiss.error instanceof ApiError
      ? dismiss.error.fieldErrors.find((e) => e.path.replace(/^body\./, '') === 'reason')?.message
      : undefined;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Or dismiss the note
        </Title>
        <Textarea
          label="Reason for dismissing"
          description="Why this note belongs to no shift (kept with the note)"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          error={reasonError}
        />
        {dismiss.error && !reasonError ? (
          <ApiErrorAlert error={dismiss.error} title="The note was not dismissed" />
        ) : null}
        <Group>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={!reason.trim()}
            loading={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(
                { id: noteId, body: { reason } },
                { onSuccess: () => onDone('The note is dismissed.') },
              )
            }
          >
            Dismiss note
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The review page. */
export function NoteReviewPage() {
  const [params, setParams] = useSearchParams();
  const id = uuid.safeParse(params.get('id')).data ?? null;
  const review = useNoteReview(id);
  const [done, setDone] = useState<string | null>(null);
  const goTo = (next: string | null) => setParams(next ? { id: next } : {});

  return (
    <Stack gap="lg" maw={1100}>
      <NoteReviewHeader />
      {done ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCheck aria-hidden />}
          title="Saved"
          role="status"
          withCloseButton
          onClose={() => setDone(null)}
        >
          {done}
        </Alert>
      ) : null}
      {review.isPending ? (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text size="sm">Loading the note…</Text>
        </Group>
      ) : review.error ? (
        <ApiErrorAlert
          error={review.error}
          title="This note could not be opened"
          hint={
            <Button size="xs" variant="default" component={Link} to="/admin/mismatched-shift-notes" mt={4}>
              Back to the list
            </Button>
          }
        />
      ) : review.data && review.data.note ? (
        <>
          {review.data.note.needsManualReview ? null : (
            <AlreadyResolved nextId={review.data.nextId} onNext={goTo} />
          )}
          <NoteReview
            key={review.data.note.id}
            review={review.data}
            onDone={(message, next) => {
              setDone(message);
              goTo(next);
            }}
          />
        </>
      ) : (
        <NoNotesWaiting />
      )}
    </Stack>
  );
}

/** The way back to the list, the title and what the page is for. */
function NoteReviewHeader() {
  return (
    <div>
      <Button
        component={Link}
        to="/admin/mismatched-shift-notes"
        variant="subtle"
        px={0}
        leftSection={<IconArrowLeft size={16} aria-hidden />}
      >
        Mismatched shift notes
      </Button>
      <Title order={1} size="h2">
        Shift-note review
      </Title>
      <Text c="dimmed" size="sm" mt={4} maw={760}>
        Match a note the import could not place to its shift, or dismiss it with a reason. Every decision is
        recorded in the audit log.
      </Text>
    </div>
  );
}

/** A note opened after its review, with the way on to the next waiting one. */
function AlreadyResolved({ nextId, onNext }: { nextId: string | null; onNext: (id: string | null) => void }) {
  return (
    <Alert color="blue" variant="light" title="This note is already resolved">
      {nextId ? (
        <Button size="xs" mt={4} onClick={() => onNext(nextId)}>
          Next note waiting for review
        </Button>
      ) : (
        'No other note waits for review.'
      )}
    </Alert>
  );
}

/** The empty state: every note is placed; import more. */
function NoNotesWaiting() {
  return (
    <Card withBorder padding="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h3">
          No notes waiting for review
        </Title>
        <Text size="sm" c="dimmed">
          Every imported note is matched to its shift or dismissed. Import a shift-notes export to bring in
          more notes.
        </Text>
        <Button component={Link} to="/admin/mismatched-shift-notes?view=import">
          Import shift notes
        </Button>
      </Stack>
    </Card>
  );
}
