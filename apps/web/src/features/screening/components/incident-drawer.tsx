/**
 * One incident in a drawer (opened from the queue): severity, categories, reason, report deadline,
 * EVV times, the redacted excerpt of the notes with the matched phrases highlighted, and "Mark
 * handled" with a required note (what was reported, to whom, when). A handled incident shows who
 * handled it, when, and their note; it can be handled again with a new note.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { incidentCategory, incidentHandling, type IncidentDetail } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useHandleIncident, useIncident } from '../api/incidents.ts';
import { HighlightedText } from './highlighted-text.tsx';
import { ReportDeadline } from './report-deadline.tsx';
import { SeverityBadge } from './severity-badge.tsx';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

const labels = { note: 'Note' };

/** "Mark handled" (or, `again`, "Update handling note") with the required note. */
function HandleForm({ shiftId, again }: { shiftId: string; again: boolean }) {
  const handle = useHandleIncident();
  const form = useForm({
    initialValues: { note: '' },
    validate: contractValidator(incidentHandling, labels),
  });
  return (
    <form
      onSubmit={form.onSubmit((values) =>
        handle.mutate(
          { id: shiftId, note: values.note },
          { onSuccess: () => form.reset(), onError: (error) => applyApiFieldErrors(form, error, labels) },
        ),
      )}
    >
      <Stack gap="xs">
        <Textarea
          label="Note"
          description="What was done: who was notified (case management entity, law enforcement), how and when."
          placeholder="e.g. Reported to the CDDP case manager by phone at 10:15; incident report filed."
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('note')}
        />
        {handle.error && !form.errors.note ? (
          <ApiErrorAlert error={handle.error} title="The incident was not updated" />
        ) : null}
        <Group>
          <Button type="submit" loading={handle.isPending} leftSection={<IconCheck size={16} aria-hidden />}>
            {again ? 'Update handling note' : 'Mark handled'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** See the module comment. */
export function IncidentDrawer({ shiftId, onClose }: { shiftId: string | null; onClose: () => void }) {
  const incident = useIncident(shiftId);
  const data = incident.data;
  return (
    <Drawer
      opened={Boolean(shiftId)}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} size="h3">
          Incident
        </Title>
      }
    >
      {incident.isPending && shiftId ? <Skeleton h={240} /> : null}
      {incident.error ? (
        <ApiErrorAlert error={incident.error} title="The incident could not be loaded" />
      ) : null}
      {data ? (
        <Stack gap="md">
          <IncidentFacts incident={data} />
          <div>
            <Title order={3} size="h5" mb={6}>
              From the notes ({data.noteCount} {data.noteCount === 1 ? 'note' : 'notes'}, names redacted)
            </Title>
            {data.analyzedNotes ? (
              <HighlightedText
                text={data.analyzedNotes}
                label="Note excerpt with the words found highlighted"
              />
            ) : (
              <Text size="sm" c="dimmed">
                No excerpt stored.
              </Text>
            )}
          </div>
          {data.handled ? (
            <Alert color="green" variant="light" title="Handled">
              <Text size="sm">
                By {data.handledByName ?? 'a user'}
                {data.handledAt ? (
                  <>
                    {' on '}
                    <ExactTime value={data.handledAt} />
                  </>
                ) : null}
                .
              </Text>
              {data.handledNote ? (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                  {data.handledNote}
                </Text>
              ) : null}
            </Alert>
          ) : null}
          <HandleForm key={data.shiftId} shiftId={data.shiftId} again={data.handled} />
        </Stack>
      ) : null}
    </Drawer>
  );
}

/** Severity, status and categories; who, when and what was found; the deadline and each category's rule. */
function IncidentFacts({ incident: data }: { incident: IncidentDetail }) {
  return (
    <>
      <Group gap="sm">
        <SeverityBadge severity={data.severity} />
        {data.handled ? (
          <Badge color="green" variant="light">
            Handled
          </Badge>
        ) : (
          <Badge color="blue" variant="light">
            Open
          </Badge>
        )}
        {data.categories.map((id) => (
          <Badge key={id} variant="outline" color="gray">
            {incidentCategory(id)?.label ?? id}
          </Badge>
        ))}
      </Group>
      <Stack gap={4}>
        <Text size="sm">
          <b>{data.clientName}</b> with {data.caregiverName} on {data.date}
          {data.evvInTime ? (
            <>
              {' (clock-in '}
              <ExactTime value={data.evvInTime} />)
            </>
          ) : null}
          .{' '}
          <Anchor component={Link} to={`/admin/shifts/${data.shiftId}`} size="sm">
            Open the shift
          </Anchor>
        </Text>
        {data.reason ? <Text size="sm">Found: {data.reason}</Text> : null}
        <Group gap={6}>
          <Text size="sm">Report due:</Text>
          <Text size="sm" component="div">
            <ReportDeadline dueAt={data.reportDueAt} handled={data.handled} />
          </Text>
        </Group>
        {data.categories.map((id) => {
          const category = incidentCategory(id);
          return category ? (
            <Text key={id} size="xs" c="dimmed">
              {category.label}: {category.reportingRule} ({category.source}).
            </Text>
          ) : null;
        })}
      </Stack>
    </>
  );
}
