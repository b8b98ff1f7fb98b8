/** One labelled fact of a diagnostics card: a row header and its value (data-testid for the browser flows). */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function FactRow({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w="40%" fw={600}>
        {label}
      </Table.Th>
      <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Table.Td>
    </Table.Tr>
  );
}
