/**
 * The preview of a CSV import of a kind without a table of its own (step 2 of its page): the first
 * rows as Tend parsed them with the current column map, one column per field of the kind. A row that
 * would be rejected is highlighted, says so in words and lists each field's reason.
 */
import type { ReactNode } from 'react';
import { Badge, List, Table, Text } from '@mantine/core';
import type { ImportPreviewRow } from '@tend/contracts';

/** One column of the preview: a value of the row (`values[key]`) under a heading. */
export interface PreviewColumn {
  key: string;
  label: string;
  /** How to show the value (default: the text, or a dash). */
  render?: (value: string | null, row: ImportPreviewRow) => ReactNode;
}

const cellStyle = { minWidth: 90, maxWidth: 260, overflowWrap: 'anywhere' } as const;

/** The preview rows as a table with `columns`. */
export function ImportPreviewTable({
  rows,
  columns,
}: {
  rows: ImportPreviewRow[];
  columns: PreviewColumn[];
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        The file has no data rows under its header.
      </Text>
    );
  return (
    <Table.ScrollContainer
      minWidth={720}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Preview rows (scrolls sideways on narrow screens)"
    >
      <Table
        aria-label="Preview of the first rows"
        verticalSpacing="xs"
        horizontalSpacing={6}
        fz="sm"
        withTableBorder
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Line</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" style={{ whiteSpace: 'nowrap' }}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) =>
            row.errors.length > 0 ? (
              <Table.Tr key={row.line} bg="var(--mantine-color-red-light)" data-rejected="">
                <Table.Td>{row.line}</Table.Td>
                <Table.Td colSpan={columns.length}>
                  <Badge color="red" variant="filled" size="sm" mb={4}>
                    Would be rejected
                  </Badge>
                  <List size="sm" spacing={0}>
                    {row.errors.map((error, index) => (
                      <List.Item key={`${error.field}-${index}`}>
                        <Text span fw={600} size="sm">
                          {error.field}
                        </Text>{' '}
                        {error.reason}
                      </List.Item>
                    ))}
                  </List>
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                {columns.map((column) => {
                  const value = row.values[column.key] ?? null;
                  return (
                    <Table.Td key={column.key} style={cellStyle}>
                      {column.render ? column.render(value, row) : (value ?? '—')}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
