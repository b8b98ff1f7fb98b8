/**
 * "Needs confirmation" on `/admin/users` (issue 20: a caregiver's first sign-in links them by email, "confirmed by
 * an admin when ambiguous"): each CAREGIVER account whose email matched several caregiver records (or one added
 * after its first sign-in), with those records to pick from. Tend never guesses; the admin picks one and confirms.
 * Shows nothing when no account waits.
 */
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { PersonConfirmation } from '@tend/contracts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { usePersonConfirmations, useSetUserPerson } from '../api/person-links.ts';

function ConfirmationRow({ item }: { item: PersonConfirmation }) {
  const [picked, setPicked] = useState<string | null>(null);
  const save = useSetUserPerson();
  const who = item.fullName ? `${item.fullName} (${item.email})` : item.email;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {who}
      </Text>
      {save.error && <ApiErrorAlert title="The link was not saved" error={save.error} />}
      <Group align="flex-end" gap="sm">
        <Select
          label={`Caregiver record for ${item.email}`}
          placeholder={`${item.candidates.length} records have this email`}
          data={item.candidates.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          value={picked}
          onChange={setPicked}
          w={{ base: '100%', xs: 320 }}
        />
        <Button
          disabled={!picked}
          loading={save.isPending}
          onClick={() =>
            picked &&
            save.mutate(
              { id: item.userAccountId, person: { kind: 'caregiver', id: picked } },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    title: 'Caregiver confirmed',
                    message: `${who} is linked to ${item.candidates.find((c) => c.id === picked)?.name ?? 'the record'}.`,
                  }),
              },
            )
          }
        >
          Confirm
        </Button>
      </Group>
    </Stack>
  );
}

export function PersonConfirmations() {
  const confirmations = usePersonConfirmations();
  const items = confirmations.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconUserQuestion size={20} aria-hidden />}
      title={`Needs confirmation: ${items.length} caregiver account${items.length === 1 ? '' : 's'}`}
    >
      <Stack gap="md">
        <Text size="sm">
          These caregivers signed in, and their email is on more than one caregiver record (or on a record
          added later), so Tend linked nothing. Pick the record that is theirs; until then they see no
          dashboard.
        </Text>
        {items.map((item) => (
          <ConfirmationRow key={item.userAccountId} item={item} />
        ))}
      </Stack>
    </Alert>
  );
}
