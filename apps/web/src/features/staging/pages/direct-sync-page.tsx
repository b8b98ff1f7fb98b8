/**
 * `/direct-sync` (admin; issue 23, docs/staging.md): stages every CSV of the configured drop folder
 * (STAGING_DROP_FOLDER) through the staging import with the column map suggested from its header;
 * lists each file as queued or skipped with the reason.
 */
import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useDirectSync } from '../api/staging.ts';

/** The direct sync page. */
export function DirectSyncPage() {
  const sync = useDirectSync();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Direct sync</Title>
        <Text c="dimmed" size="sm">
          Stage every GIV export waiting in the drop folder. Each file is staged like an upload on{' '}
          <Anchor component={Link} to="/staging/import">
            Staging import
          </Anchor>{' '}
          and renamed *.synced once queued.
        </Text>
      </div>
      <div>
        <Button loading={sync.isPending} onClick={() => sync.mutate()}>
          Run sync now
        </Button>
      </div>
      {sync.error ? (
        <ApiErrorAlert
          error={sync.error}
          hint="Set STAGING_DROP_FOLDER on the server to a readable folder."
        />
      ) : null}
      {sync.data ? (
        sync.data.files.length ? (
          <List>
            {sync.data.files.map((file) => (
              <List.Item key={file.name}>
                {file.name}: {file.job ? 'staging queued' : `skipped — ${file.problems.join('; ')}`}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text c="dimmed">The drop folder has no CSV files.</Text>
        )
      ) : null}
    </Stack>
  );
}
