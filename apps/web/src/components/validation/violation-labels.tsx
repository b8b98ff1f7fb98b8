/**
 * A segment's READY / NOT_READY badge (colour + word, UX.md) and its violations with their catalogue
 * labels (contracts `segmentViolationCatalogue`); an unknown code is shown as is.
 */
import { Badge, List, Text } from '@mantine/core';
import {
  segmentViolationCatalogue,
  type SegmentViolationCode,
  type SegmentViolationItem,
  type ValidationStatus,
} from '@tend/contracts';

export const violationLabel = (code: string) =>
  code in segmentViolationCatalogue ? segmentViolationCatalogue[code as SegmentViolationCode].label : code;

/** READY green, NOT_READY red, with the word. */
export function ValidationBadge({ status }: { status: ValidationStatus }) {
  return (
    <Badge
      color={status === 'READY' ? 'green' : 'red'}
      variant="light"
      style={{ overflow: 'visible' }}
      miw="fit-content"
    >
      {status === 'READY' ? 'Ready' : 'Not ready'}
    </Badge>
  );
}

/** The open violations, label first, then the message. */
export function ViolationList({
  violations,
  status,
}: {
  violations: SegmentViolationItem[];
  status: ValidationStatus;
}) {
  if (!violations.length)
    return (
      <Text size="sm" c="dimmed">
        {status === 'READY' ? 'None' : 'Not validated yet: validate these dates'}
      </Text>
    );
  return (
    <List size="sm" spacing={2}>
      {violations.map((violation) => (
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
  );
}
