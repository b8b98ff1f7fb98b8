/**
 * `/staging-check` (admin; issue 23, docs/staging.md): staging's health at a glance — rows by status,
 * external people not linked, mappings by method, rules active and applied, the last imports.
 */
import { Anchor, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useStagingCheck } from '../api/staging.ts';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

/** The staging check page. */
export function StagingCheckPage() {
  const check = useStagingCheck();
  const data = check.data;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Staging check</Title>
        <Text c="dimmed" size="sm">
          How staging stands. People to link and rows to fix are on{' '}
          <Anchor component={Link} to="/staging/manage">
            Staging manage
          </Anchor>
          .
        </Text>
      </div>
      {check.error ? <ApiErrorAlert error={check.error} /> : null}
      {check.isPending ? <Text c="dimmed">Loading…</Text> : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label="Ready" value={data.counts.READY} />
            <Stat label="Not ready" value={data.counts.NOT_READY} />
            <Stat label="Uploaded" value={data.counts.UPLOADED} />
            <Stat label="Failed" value={data.counts.FAILED} />
            <Stat label="Caregivers not linked" value={data.unmapped.caregivers} />
            <Stat label="Clients not linked" value={data.unmapped.clients} />
            <Stat label="Active rules" value={data.rules.active} />
            <Stat label="Rule applications" value={data.rules.applied} />
            <Stat label="Linked by exact id" value={data.mappings.EXACT_ID} />
            <Stat label="Linked by name" value={data.mappings.NAME_MATCH} />
            <Stat label="Approved by an admin" value={data.mappings.MANUAL_APPROVAL} />
          </SimpleGrid>
          <Title order={2} size="h3">
            Last imports
          </Title>
          {data.lastImports.length ? (
            <Table.ScrollContainer minWidth={400}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Source</Table.Th>
                    <Table.Th>Last seen</Table.Th>
                    <Table.Th>Rows</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.lastImports.map((item) => (
                    <Table.Tr key={`${item.source}:${item.id}`}>
                      <Table.Td>
                        {item.source === 'csv'
                          ? 'GIV export'
                          : item.source === 'ocr'
                            ? 'OCR timesheet'
                            : item.source}
                      </Table.Td>
                      <Table.Td>{new Date(item.at).toLocaleString()}</Table.Td>
                      <Table.Td>{item.rows}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text c="dimmed">
              Nothing staged yet.{' '}
              <Anchor component={Link} to="/staging/import">
                Stage a GIV export
              </Anchor>
              .
            </Text>
          )}
          <Text size="sm" c="dimmed">
            Drop folder for the direct sync: {data.dropFolder ?? 'not configured (STAGING_DROP_FOLDER)'}
          </Text>
        </>
      ) : null}
    </Stack>
  );
}
