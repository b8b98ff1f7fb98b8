/**
 * The sections of a shift's detail page (`pages/shift-detail-page.tsx`): the heading with its
 * actions, the deleted notice, the visit's EVV facts (times in the visit's own zone, coordinates as
 * recorded), screening, segments, and the source file and record.
 */
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Collapse,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDots, IconEdit, IconRestore, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { isValidCoordinate, type ShiftDetail } from '@tend/contracts';
import { EvvBadge } from './evv-badge.tsx';
import { segmentEditorTabLabels, segmentEditorTabs, type SegmentEditorTab } from './segment-editor.tsx';
import { whoChanged } from './segment-editor-history.tsx';
import {
  formatDurationBetween,
  formatExactTime,
  formatFullDay,
  formatRecordedCoordinate,
  formatZonedInstant,
} from '../../../lib/format/index.ts';
import { ExactTime } from '../../../components/ui/relative-time.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** Coordinates exactly as recorded, flagged when impossible or missing. */
function Location({ lat, long }: { lat: number | null; long: number | null }) {
  const present = lat !== null && long !== null;
  return (
    <Group gap={6} component="span">
      <span>{formatRecordedCoordinate(lat, long)}</span>
      {present && !isValidCoordinate(lat, long) ? (
        <Badge color="orange" variant="light" size="sm">
          Invalid location
        </Badge>
      ) : null}
      {!present ? (
        <Badge color="yellow" variant="light" size="sm">
          No location
        </Badge>
      ) : null}
    </Group>
  );
}

/** A titled card: one section of the page, a landmark named by its title. */
export function Section({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** The shift's day, caregiver → client and EVV status; "Correct shift" and "Delete" while it is live. */
export function ShiftHeading({
  shift,
  onCorrect,
  onDelete,
}: {
  shift: ShiftDetail;
  onCorrect: () => void;
  onDelete: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Shift on {formatFullDay(shift.date)}
        </Title>
        <Text size="lg">
          {shift.caregiverName} <span aria-label="for">→</span> {shift.clientName}
        </Text>
        <Group gap="xs">
          <EvvBadge status={shift.evvStatus} reason={shift.evvStatusReason} />
          {shift.evvStatusReason ? (
            <Text size="sm" c="dimmed" data-testid="evv-reason">
              {shift.evvStatusReason}
            </Text>
          ) : null}
        </Group>
      </Stack>
      {!shift.deletedAt ? (
        <Group gap="sm">
          <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={onCorrect}>
            Correct shift
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={onDelete}
          >
            Delete
          </Button>
        </Group>
      ) : null}
    </Group>
  );
}

/** A deleted shift's notice: who deleted it, when and why, and "Restore"; nothing for a live shift. */
export function DeletedShiftNotice({ shift, onRestore }: { shift: ShiftDetail; onRestore: () => void }) {
  if (!shift.deletedAt) return null;
  const deletion = [...shift.changeHistory].reverse().find((change) => change.action === 'delete');
  return (
    <Alert color="red" variant="light" title="This shift is deleted" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Deleted <ExactTime value={shift.deletedAt} />
          {deletion ? ` by ${whoChanged(deletion)}` : ''}.
          {deletion?.reason ? (
            <>
              {' '}
              Reason:{' '}
              <Text span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {deletion.reason}
              </Text>
            </>
          ) : null}
        </Text>
        <Text size="sm">It is left out of lists, billing and payroll until it is restored.</Text>
        <Group>
          <Button color="green" leftSection={<IconRestore size={16} aria-hidden />} onClick={onRestore}>
            Restore
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** Every EVV fact of the visit. */
export function VisitSection({ shift }: { shift: ShiftDetail }) {
  const zone = shift.timeZone;
  return (
    <Section title="Visit">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="dl" m={0}>
        <Fact label="Service date">{shift.date}</Fact>
        <Fact label="Procedure code">
          {shift.billingCode ?? '—'}
          {shift.mod1 ? ` + ${shift.mod1}` : ''}
        </Fact>
        <Fact label="Provider Medicaid id">{shift.providerMedicaidId ?? '—'}</Fact>
        <Fact label="Client Medicaid id (pid)">{shift.pid ?? '—'}</Fact>
        <Fact label="Clock-in">{formatZonedInstant(shift.evvInTime, zone)}</Fact>
        <Fact label="Clock-out">{formatZonedInstant(shift.evvOutTime, zone)}</Fact>
        <Fact label="Duration">{formatDurationBetween(shift.evvInTime, shift.evvOutTime)}</Fact>
        <Fact label="Visit time zone">{zone ?? '—'}</Fact>
        <Fact label="Clock-in location">
          <Location lat={shift.evvInLat} long={shift.evvInLong} />
        </Fact>
        <Fact label="Clock-out location">
          <Location lat={shift.evvOutLat} long={shift.evvOutLong} />
        </Fact>
        <Fact label="External visit id">{shift.givShiftId ?? '—'}</Fact>
        <Fact label="Sequence">{shift.externalSequence ?? '—'}</Fact>
        <Fact label="Caregiver">
          <Anchor component={Link} to={`/admin/shifts?caregiverId=${shift.caregiverId}`} size="sm">
            {shift.caregiverName}
          </Anchor>
        </Fact>
        <Fact label="Client">
          <Anchor component={Link} to={`/admin/shifts?clientId=${shift.clientId}`} size="sm">
            {shift.clientName}
          </Anchor>
        </Fact>
        <Fact label="Created">
          <ExactTime value={shift.createdAt} />
        </Fact>
        <Fact label="Last changed">
          <ExactTime value={shift.updatedAt} />
        </Fact>
      </SimpleGrid>
    </Section>
  );
}

/** The incident and suspicious-location screening of the shift. */
export function ScreeningSection({ shift }: { shift: ShiftDetail }) {
  return (
    <Section title="Screening">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="dl" m={0}>
        <Fact label="Incident screening">
          {shift.incident.screenedAt
            ? `Screened ${formatExactTime(shift.incident.screenedAt)}`
            : 'Not screened yet'}
        </Fact>
        <Fact label="Incident severity">{shift.incident.severity ?? '—'}</Fact>
        <Fact label="Incident reason">{shift.incident.reason ?? '—'}</Fact>
        <Fact label="Incident handled">{shift.incident.handled ? 'Yes' : 'No'}</Fact>
        <Fact label="Location screening">
          {shift.screenedForSuspiciousLocationAt
            ? `Screened ${formatExactTime(shift.screenedForSuspiciousLocationAt)}`
            : 'Not screened yet'}
        </Fact>
      </SimpleGrid>
      {shift.incident.analyzedNotes ? (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {shift.incident.analyzedNotes}
        </Text>
      ) : null}
    </Section>
  );
}

/** Which segment the editor drawer shows, on which tab. */
export interface SegmentEditorTarget {
  id: string;
  tab: SegmentEditorTab;
}

/** The shift's segments; a live shift's segment has an "Edit" menu opening the segment editor. */
export function SegmentsSection({
  shift,
  onEdit,
}: {
  shift: ShiftDetail;
  onEdit: (target: SegmentEditorTarget) => void;
}) {
  const zone = shift.timeZone;
  return (
    <Section title="Segments">
      {shift.segments.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped fz="sm" aria-label="Segments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Code</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Validation</Table.Th>
                <Table.Th>Changes</Table.Th>
                <Table.Th>Notes</Table.Th>
                {!shift.deletedAt ? (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shift.segments.map((segment) => (
                <SegmentRow
                  key={segment.id}
                  segment={segment}
                  zone={zone}
                  editable={!shift.deletedAt}
                  onEdit={onEdit}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          No segments: this shift has no billable slice yet.
        </Text>
      )}
    </Section>
  );
}

type Segment = ShiftDetail['segments'][number];

function SegmentRow({
  segment,
  zone,
  editable,
  onEdit,
}: {
  segment: Segment;
  zone: string | null;
  editable: boolean;
  onEdit: (target: SegmentEditorTarget) => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>{formatZonedInstant(segment.evvStart, zone)}</Table.Td>
      <Table.Td>{formatZonedInstant(segment.evvEnd, zone)}</Table.Td>
      <Table.Td>
        {segment.billingCode ?? '—'}
        {segment.modifier ? ` + ${segment.modifier}` : ''}
      </Table.Td>
      <Table.Td>{segment.creationSource ?? '—'}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={segment.validationStatus === 'READY' ? 'green' : 'gray'} size="sm">
          {segment.validationStatus === 'READY' ? 'Ready' : 'Not ready'}
        </Badge>
      </Table.Td>
      <Table.Td>{segment.changeHistory.length}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{segment.notes ?? '—'}</Table.Td>
      {editable ? (
        <Table.Td>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                size="compact-sm"
                rightSection={<IconDots size={14} aria-hidden />}
                aria-label={`Edit segment ${formatZonedInstant(segment.evvStart, zone)} to ${formatZonedInstant(segment.evvEnd, zone)}`}
              >
                Edit
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {segmentEditorTabs.map((tab) => (
                <Menu.Item key={tab} onClick={() => onEdit({ id: segment.id, tab })}>
                  {segmentEditorTabLabels[tab]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** The import the shift came from, and its raw source record behind a toggle. */
export function SourceSection({ shift }: { shift: ShiftDetail }) {
  const [showRaw, setShowRaw] = useState(false);
  return (
    <Section title="Source">
      <Stack gap="sm">
        {shift.csvFile ? (
          <Text size="sm">
            Imported from <strong>{shift.csvFile.originalName}</strong>, uploaded{' '}
            <ExactTime value={shift.csvFile.uploadDate} />.{' '}
            <Anchor component={Link} to={`/admin/shifts?csvFileId=${shift.csvFile.id}`}>
              Shifts from this import
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Not linked to an uploaded file.
          </Text>
        )}
        {shift.rawData ? (
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setShowRaw((open) => !open)}
              aria-expanded={showRaw}
              aria-controls="shift-raw-record"
            >
              {showRaw ? 'Hide source record' : 'Show source record'}
            </Button>
            <Collapse expanded={showRaw} id="shift-raw-record">
              {/* A scrolling box with no control inside: focusable and named, so it scrolls by keyboard. */}
              <Code
                block
                mt="xs"
                style={{ maxHeight: 480, overflow: 'auto' }}
                tabIndex={0}
                role="region"
                aria-label="Source record"
              >
                {JSON.stringify(shift.rawData, null, 2)}
              </Code>
            </Collapse>
          </div>
        ) : null}
      </Stack>
    </Section>
  );
}
