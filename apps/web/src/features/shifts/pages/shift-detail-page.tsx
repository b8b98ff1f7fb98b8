/**
 * `/admin/shifts/:id`: one shift in full (issue "shift records with EVV"): every EVV fact with times
 * in the visit's own zone (named), raw coordinates as recorded, clock-in and clock-out on a map, the
 * change history (who, when, why, old → new), its segments, the import it came from and the raw
 * source record. Admins correct it (with a reason), delete it (soft, with a reason) and restore it,
 * and edit each segment (split, change code, respite, notes, history) in the segment editor drawer.
 */
import { useState } from 'react';
import { Anchor, Group, Loader, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { ShiftDetail } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useShift } from '../api/shift-detail.ts';
import { ShiftCorrectionModal } from '../components/shift-correction-form.tsx';
import { SegmentEditorDrawer } from '../components/segment-editor.tsx';
import { ChangeTimeline } from '../components/segment-editor-history.tsx';
import { ShiftMap } from '../components/shift-map.tsx';
import {
  DeletedShiftNotice,
  ScreeningSection,
  Section,
  SegmentsSection,
  ShiftHeading,
  SourceSection,
  VisitSection,
  type SegmentEditorTarget,
} from '../components/shift-detail-sections.tsx';
import { DeleteShiftModal, RestoreShiftModal } from '../components/shift-reason-modals.tsx';

function ShiftDetailView({ shift }: { shift: ShiftDetail }) {
  const [correcting, setCorrecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [segmentEditor, setSegmentEditor] = useState<SegmentEditorTarget | null>(null);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/shifts" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden /> All shifts
        </Group>
      </Anchor>
      <ShiftHeading shift={shift} onCorrect={() => setCorrecting(true)} onDelete={() => setDeleting(true)} />
      <DeletedShiftNotice shift={shift} onRestore={() => setRestoring(true)} />
      <VisitSection shift={shift} />
      <ScreeningSection shift={shift} />
      <Section title="Locations">
        <ShiftMap
          evvInLat={shift.evvInLat}
          evvInLong={shift.evvInLong}
          evvOutLat={shift.evvOutLat}
          evvOutLong={shift.evvOutLong}
        />
      </Section>
      <SegmentsSection shift={shift} onEdit={setSegmentEditor} />
      <Section title={`Change history (${shift.changeHistory.length})`}>
        <ChangeTimeline history={shift.changeHistory} timeZone={shift.timeZone} />
      </Section>
      <SourceSection shift={shift} />

      <ShiftCorrectionModal shift={shift} opened={correcting} onClose={() => setCorrecting(false)} />
      <SegmentEditorDrawer
        segmentId={segmentEditor?.id ?? null}
        tab={segmentEditor?.tab ?? 'history'}
        onTabChange={(tab) => setSegmentEditor((open) => (open ? { ...open, tab } : open))}
        onClose={() => setSegmentEditor(null)}
      />
      <DeleteShiftModal shiftId={shift.id} opened={deleting} onClose={() => setDeleting(false)} />
      <RestoreShiftModal shiftId={shift.id} opened={restoring} onClose={() => setRestoring(false)} />
    </Stack>
  );
}

export function ShiftDetailPage() {
  const { id = '' } = useParams();
  const shift = useShift(id);
  if (shift.isPending) return <Loader aria-label="Loading shift" />;
  if (shift.error)
    return (
      <Stack gap="md">
        <Anchor component={Link} to="/admin/shifts" size="sm">
          All shifts
        </Anchor>
        <ApiErrorAlert
          title="The shift could not be shown"
          error={shift.error}
          hint="Check the link, or find the shift in the list."
        />
      </Stack>
    );
  return <ShiftDetailView shift={shift.data} />;
}
