/**
 * Step 4 of `/upload`: what an import did — the fate of every record read (decision 0036): created,
 * updated, unchanged, duplicates (imported once), out-of-date updates ignored (Sandata SequenceIDs) and
 * rejected, each counted apart; people created for review — with every rejected row (line, field,
 * reason; paged, downloadable as CSV), the duplicates and the ignored updates in their own words, and
 * links to the imported shifts and to import another file.
 */
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconList, IconUpload, IconUserQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ShiftImportResult } from '@tend/contracts';
import {
  DuplicateRows,
  RejectedRows,
  StaleRows,
  Stat,
} from '../../../components/imports/import-summary-parts.tsx';

export interface ImportSummaryProps {
  result: ShiftImportResult;
  csvFileId: string;
  originalName: string | null;
  onImportAnother: () => void;
}

/** Stat cards, the people-to-review note, the actions and the rejected rows of a finished import. */
export function ImportSummary({ result, csvFileId, originalName, onImportAnother }: ImportSummaryProps) {
  const changed = result.created + result.updated;
  const lineLabel = result.format === 'csv' ? 'Line' : 'Visit #';
  return (
    <Stack gap="lg">
      <ImportCounts result={result} />

      {result.newCaregivers || result.newClients ? (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconUserQuestion aria-hidden />}
          title="New people to review"
        >
          {result.newCaregivers} new caregiver{result.newCaregivers === 1 ? '' : 's'} and {result.newClients}{' '}
          new client{result.newClients === 1 ? '' : 's'} were created from this file and flagged for review.
          Check their names and details on the{' '}
          <Anchor component={Link} to="/admin/caregivers?needsReview=true">
            Caregivers
          </Anchor>{' '}
          and{' '}
          <Anchor component={Link} to="/admin/clients?needsReview=true">
            Clients
          </Anchor>{' '}
          pages.
        </Alert>
      ) : null}

      <Group gap="sm">
        <Button
          component={Link}
          to={`/admin/shifts?csvFileId=${encodeURIComponent(csvFileId)}`}
          leftSection={<IconList size={16} aria-hidden />}
        >
          View imported shifts
        </Button>
        <Button
          variant="default"
          leftSection={<IconUpload size={16} aria-hidden />}
          onClick={onImportAnother}
        >
          Import another file
        </Button>
      </Group>
      {changed === 0 && result.unchanged > 0 && !result.stale.length ? (
        <Text size="sm" c="dimmed">
          Nothing changed: every record was already in Tend as it is in this file.
        </Text>
      ) : null}

      {result.rejected.length ? (
        <RejectedRows
          rows={result.rejected}
          lineLabel={lineLabel}
          idLabel="Shift id"
          originalName={originalName}
        />
      ) : null}
      {result.duplicates.length ? (
        <DuplicateRows rows={result.duplicates} lineLabel={lineLabel} idLabel="Shift id" />
      ) : null}
      {result.stale.length ? <StaleRows rows={result.stale} lineLabel={lineLabel} /> : null}
    </Stack>
  );
}

/** The rows read and the count of each fate (the cards' labels are the fates' words). */
function ImportCounts({ result }: { result: ShiftImportResult }) {
  const rejectedRecords = new Set(result.rejected.map((r) => r.line)).size;
  return (
    <>
      <Text size="sm">
        {result.format === 'csv' ? 'Rows' : 'Visits'} read: {result.total}. Each has one fate below.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        <Stat label="Created" value={result.created} color={result.created ? 'green.8' : undefined} />
        <Stat label="Updated" value={result.updated} color={result.updated ? 'blue.8' : undefined} />
        <Stat label="Unchanged" value={result.unchanged} />
        <Stat label="Duplicates" value={result.duplicates.length} />
        <Stat label="Out-of-date updates ignored" value={result.stale.length} />
        <Stat label="Rejected" value={rejectedRecords} color={rejectedRecords ? 'red.8' : undefined} />
        <Stat label="New caregivers" value={result.newCaregivers} />
        <Stat label="New clients" value={result.newClients} />
      </SimpleGrid>
    </>
  );
}
