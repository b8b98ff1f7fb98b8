/**
 * A table's sideways scroll on narrow screens, reachable by keyboard (a focusable, named region: axe
 * `scrollable-region-focusable`), as the import preview does.
 */
import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

export function CaseManagerScroll({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
