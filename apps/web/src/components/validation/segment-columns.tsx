/**
 * The columns of a list of validated segments (the Segments page, the export preview): date (a link to
 * the shift), caregiver, client, code, status (READY / NOT_READY, colour + word) and the open
 * violations with a link to fix them, and the READY / NOT_READY choices of a status filter.
 */
import type { ReactNode } from 'react';
import { Anchor, Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { SegmentListItem } from '@tend/contracts';
import type { DataTableColumn } from '../ui/data-table.tsx';
import { ValidationBadge, ViolationList } from './violation-labels.tsx';

/** The choices of a validation-status filter. */
export const validationStatusOptions = [
  { value: 'NOT_READY', label: 'Not ready' },
  { value: 'READY', label: 'Ready' },
];

const noWrap = { whiteSpace: 'nowrap' } as const;

/**
 * The shared columns; `between` go after Code (e.g. the Segments page's start / end times), and
 * `statusExtra` is shown beside the status badge (e.g. the preview's "Billed").
 */
export function segmentColumns<T extends SegmentListItem>({
  between = [],
  statusExtra,
}: {
  between?: DataTableColumn<T>[];
  statusExtra?: (segment: T) => ReactNode;
} = {}): DataTableColumn<T>[] {
  const column = createColumnHelper<T>();
  return [
    column.display({
      id: 'date',
      header: 'Date',
      cell: ({ row: { original: segment } }) => (
        <Anchor component={Link} to={`/admin/shifts/${segment.shiftId}`} style={noWrap}>
          {segment.date}
        </Anchor>
      ),
    }),
    column.display({ id: 'caregiver', header: 'Caregiver', cell: ({ row }) => row.original.caregiverName }),
    column.display({ id: 'client', header: 'Client', cell: ({ row }) => row.original.clientName }),
    column.display({
      id: 'code',
      header: 'Code',
      cell: ({ row: { original: segment } }) => (
        <span style={noWrap}>
          {segment.billingCode ?? '—'}
          {segment.modifier ? ` + ${segment.modifier}` : ''}
        </span>
      ),
    }),
    ...between,
    column.display({
      id: 'status',
      header: 'Status',
      cell: ({ row: { original: segment } }) => (
        <Group gap={4} miw={120}>
          <ValidationBadge status={segment.validationStatus} />
          {statusExtra?.(segment)}
        </Group>
      ),
    }),
    column.display({
      id: 'violations',
      header: 'Violations',
      cell: ({ row: { original: segment } }) => (
        <>
          <ViolationList violations={segment.validationViolations} status={segment.validationStatus} />
          {segment.validationStatus === 'NOT_READY' ? (
            <Anchor component={Link} to={`/admin/shifts/${segment.shiftId}`} size="sm">
              Open the shift to fix it
            </Anchor>
          ) : null}
        </>
      ),
    }),
  ];
}
