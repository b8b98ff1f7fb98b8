/**
 * The segment editor drawer (issue 6; docs/segment-editor.md), opened from a row of the shift detail
 * page's "Segments" table: the segment's facts (times in the visit's zone, code, source, respite
 * handling, validation with its open violations), then one tab per action — Split, Change code,
 * Respite, Notes — and its History (who, when, why, old → new; the shift history's display). A save
 * closes the drawer; the page's table refetches.
 */
import type { ReactNode } from 'react';
import { Badge, Drawer, Group, List, Loader, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { segmentViolationCatalogue, type SegmentDetail } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useSegment } from '../api/segment-editor.ts';
import { ChangeTimeline } from './segment-editor-history.tsx';
import { CodeForm, NotesForm, RespiteForm, SplitForm } from './segment-editor-forms.tsx';
import { formatZonedInstant } from '../../../lib/format/index.ts';

/** The drawer's tabs, in order. */
export const segmentEditorTabs = ['split', 'code', 'respite', 'notes', 'history'] as const;
export type SegmentEditorTab = (typeof segmentEditorTabs)[number];
export const segmentEditorTabLabels: Record<SegmentEditorTab, string> = {
  split: 'Split',
  code: 'Change code',
  respite: 'Respite',
  notes: 'Notes',
  history: 'History',
};

const sourceLabels: Record<string, string> = {
  import: 'Imported (follows the shift)',
  demo: 'Demo data (follows the shift)',
  split: 'Split by an admin',
  manual: 'Edited by an admin',
};

const violationLabel = (code: string) =>
  code in segmentViolationCatalogue
    ? segmentViolationCatalogue[code as keyof typeof segmentViolationCatalogue].label
    : code;

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

/** "OR526 + ZE", or a dash. */
export const codeLabel = (segment: { billingCode: string | null; modifier: string | null }) =>
  `${segment.billingCode ?? '—'}${segment.modifier ? ` + ${segment.modifier}` : ''}`;

function SegmentFacts({ segment }: { segment: SegmentDetail }) {
  const zone = segment.shift.timeZone;
  const ready = segment.validationStatus === 'READY';
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="dl" m={0}>
        <Fact label="Start">{formatZonedInstant(segment.evvStart, zone)}</Fact>
        <Fact label="End">{formatZonedInstant(segment.evvEnd, zone)}</Fact>
        <Fact label="Procedure code">{codeLabel(segment)}</Fact>
        <Fact label="Source">
          {segment.creationSource ? (sourceLabels[segment.creationSource] ?? segment.creationSource) : '—'}
        </Fact>
        <Fact label="Respite handled">{segment.respiteHandled ? 'Yes' : 'No'}</Fact>
        <Fact label="Validation">
          <Badge variant="light" color={ready ? 'green' : 'red'} size="sm">
            {ready ? 'Ready' : 'Not ready'}
          </Badge>
        </Fact>
      </SimpleGrid>
      {segment.validationViolations.length ? (
        <List size="sm" spacing={2} aria-label="Open violations">
          {segment.validationViolations.map((violation) => (
            <List.Item key={violation.code}>
              <Text span size="sm" fw={600}>
                {violationLabel(violation.code)}
              </Text>
              <Text span size="sm" c="dimmed">
                {' '}
                — {violation.message}
              </Text>
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}

function EditorBody({
  segment,
  tab,
  onTabChange,
  onClose,
}: {
  segment: SegmentDetail;
  tab: SegmentEditorTab;
  onTabChange: (tab: SegmentEditorTab) => void;
  onClose: () => void;
}) {
  return (
    <Stack gap="md">
      <SegmentFacts segment={segment} />
      <Tabs
        value={tab}
        onChange={(value) => value && onTabChange(value as SegmentEditorTab)}
        keepMounted={false}
      >
        <Tabs.List>
          {segmentEditorTabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {value === 'history'
                ? `${segmentEditorTabLabels.history} (${segment.changeHistory.length})`
                : segmentEditorTabLabels[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="split" pt="md">
          <SplitForm segment={segment} onDone={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="code" pt="md">
          <CodeForm segment={segment} onDone={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="respite" pt="md">
          <RespiteForm segment={segment} onDone={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <NotesForm segment={segment} onDone={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <ChangeTimeline
            history={segment.changeHistory}
            timeZone={segment.shift.timeZone}
            empty="No changes yet: the segment is as it was imported."
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The drawer for segment `segmentId` (closed while null), on tab `tab`. */
export function SegmentEditorDrawer({
  segmentId,
  tab,
  onTabChange,
  onClose,
}: {
  segmentId: string | null;
  tab: SegmentEditorTab;
  onTabChange: (tab: SegmentEditorTab) => void;
  onClose: () => void;
}) {
  const segment = useSegment(segmentId);
  const title = segment.data
    ? `Segment ${formatZonedInstant(segment.data.evvStart, segment.data.shift.timeZone)} · ${codeLabel(segment.data)}`
    : 'Segment';
  return (
    <Drawer opened={Boolean(segmentId)} onClose={onClose} position="right" size="xl" title={title}>
      {!segmentId ? null : segment.isPending ? (
        <Group justify="center" p="md">
          <Loader aria-label="Loading segment" />
        </Group>
      ) : segment.error ? (
        <ApiErrorAlert
          title="The segment could not be shown"
          error={segment.error}
          hint="Close this panel and reload the shift."
        />
      ) : (
        <EditorBody segment={segment.data} tab={tab} onTabChange={onTabChange} onClose={onClose} />
      )}
    </Drawer>
  );
}
