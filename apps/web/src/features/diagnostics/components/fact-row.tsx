/**
 * The diagnostics cards' frame: a titled section (`FactsCard`) holding a two-column table of labelled facts
 * (`FactRow`, each value with a data-testid for the browser flows), and what follows the table (`after`).
 */
import { Card, Table, Title } from '@mantine/core';
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

export function FactsCard({
  title,
  children,
  after,
}: {
  title: string;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder={false}>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
      {after}
    </Card>
  );
}
