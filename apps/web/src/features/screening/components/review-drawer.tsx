/**
 * One suspicious location in a drawer (issue 5 review queue): level and type in words, the shift's
 * facts, how far the punch was from where it was expected, a map (the client's fence and approved
 * places, the flagged punch, the expected place), and the review form (a note is required). A
 * reviewed finding shows who reviewed it, when, and the note; the note can be replaced.
 */
import { Anchor, Badge, Button, Drawer, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { suspiciousLocationReview, suspiciousTypeLabels, type SuspiciousLocation } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { applyApiFieldErrors, contractValidator } from '../../../lib/form-errors.ts';
import { useBaselineDetail, useReviewSuspiciousLocation } from '../api/screening-locations.ts';
import { levelColors, levelLabels } from './suspicion-level.ts';
import { LocationMap } from './location-map.tsx';
import { formatCoordinate, formatDistance } from '../../../lib/format/index.ts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

const labels = { reviewNote: 'Review note' };

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function LevelBadge({ level }: { level: SuspiciousLocation['suspicionLevel'] }) {
  if (!level) return <Badge color="gray">No level</Badge>;
  return (
    <Badge color={levelColors[level]} variant={level === 'HIGH' ? 'filled' : 'light'}>
      {levelLabels[level]}
    </Badge>
  );
}

function ReviewForm({ finding, onDone }: { finding: SuspiciousLocation; onDone: () => void }) {
  const review = useReviewSuspiciousLocation();
  const form = useForm({
    initialValues: { reviewNote: finding.reviewNote ?? '' },
    validate: contractValidator(suspiciousLocationReview, labels),
  });
  const submit = form.onSubmit((values) =>
    review.mutate(
      { id: finding.id, reviewNote: values.reviewNote },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Marked reviewed' });
          onDone();
        },
        onError: (error) => applyApiFieldErrors(form, error, labels),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Review note"
          description="What you found: who you spoke to, why the punch was elsewhere, what happens next."
          required
          autosize
          minRows={3}
          maxLength={2000}
          {...form.getInputProps('reviewNote')}
        />
        {review.error && !form.errors.reviewNote ? (
          <ApiErrorAlert error={review.error} title="The review was not saved" />
        ) : null}
        <Group>
          <Button type="submit" loading={review.isPending}>
            {finding.reviewed ? 'Update review note' : 'Mark reviewed'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export interface ReviewDrawerProps {
  finding: SuspiciousLocation | null;
  onClose: () => void;
}

/** See the module comment. */
export function ReviewDrawer({ finding, onClose }: ReviewDrawerProps) {
  const baseline = useBaselineDetail(finding?.clientId);
  const b = baseline.data?.baseline;
  return (
    <Drawer
      opened={finding !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={finding ? suspiciousTypeLabels[finding.suspiciousType] : 'Suspicious location'}
    >
      {finding ? (
        <Stack gap="md">
          <Group gap="xs">
            <LevelBadge level={finding.suspicionLevel} />
            <Badge color={finding.reviewed ? 'green' : 'gray'} variant="light">
              {finding.reviewed ? 'Reviewed' : 'Not reviewed'}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Fact label="Client">{finding.clientName}</Fact>
            <Fact label="Caregiver">{finding.caregiverName}</Fact>
            <Fact label="Service date">
              <Anchor component={Link} to={`/admin/shifts/${finding.shiftId}`}>
                {finding.date} (open shift)
              </Anchor>
            </Fact>
            <Fact label="Clock-in / clock-out">
              <ExactTime value={finding.evvInTime} /> – <ExactTime value={finding.evvOutTime} />
            </Fact>
            <Fact label="Flagged punch">{formatCoordinate(finding.actualLat, finding.actualLong)}</Fact>
            <Fact label="Expected place">{formatCoordinate(finding.expectedLat, finding.expectedLong)}</Fact>
            <Fact label="Distance from expected">{formatDistance(finding.distanceMeters)}</Fact>
            <Fact label="Geofence radius">
              {finding.radiusMeters ? formatDistance(finding.radiusMeters) : 'No baseline yet'}
            </Fact>
          </SimpleGrid>
          <LocationMap
            label="Map of the flagged punch and the client's places"
            fence={b?.learned ? b : null}
            approved={baseline.data?.approvedLocations ?? []}
            finding={
              finding.suspiciousType === 'MISSING_COORDINATES'
                ? {
                    actualLat: finding.evvInLat,
                    actualLong: finding.evvInLong,
                    expectedLat: null,
                    expectedLong: null,
                  }
                : finding
            }
            height={300}
          />
          {finding.reviewed ? (
            <Stack gap={4} p="sm" bg="green.0" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
              <Text size="sm" fw={600}>
                Reviewed by {finding.reviewedByName ?? 'a former user'}
                {finding.reviewedAt ? (
                  <>
                    {' on '}
                    <ExactTime value={finding.reviewedAt} />
                  </>
                ) : null}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {finding.reviewNote}
              </Text>
            </Stack>
          ) : null}
          <ReviewForm key={finding.id} finding={finding} onDone={onClose} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
