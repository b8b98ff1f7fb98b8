/**
 * The "Person" tab of a user's detail on `/admin/users` (issue 20 "Accounts linked to people"): which record the
 * account is, and a picker to link another or none (`PUT /api/users/:id/person`; the role must fit the kind,
 * a record links to one account: the API's errors land on the picker).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AccountPersonRef, UserAccount } from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert.tsx';
import { useSetUserPerson } from '../api/person-links.ts';
import { PersonPicker, personKindLabels, personKindRoles } from './person-picker.tsx';
import { roleLabels } from './role-badge.tsx';

/** "Caregiver: Ana Lopez", or "Not linked to a person record". */
export function personSummary(user: UserAccount): string {
  return user.person
    ? `${personKindLabels[user.person.kind]}: ${user.person.name}`
    : 'Not linked to a person record';
}

export function PersonLinkForm({ user, onDone }: { user: UserAccount; onDone: () => void }) {
  const current = user.person ? { kind: user.person.kind, id: user.person.id } : null;
  const [person, setPerson] = useState<AccountPersonRef | null>(current);
  const [kindChosen, setKindChosen] = useState(current !== null);
  const save = useSetUserPerson();
  const fieldError =
    save.error instanceof ApiError
      ? save.error.fieldErrors.find((error) => error.path === 'person')?.message
      : undefined;
  const changed = person?.id !== current?.id || (!kindChosen && current !== null);
  const wrongRole = person && personKindRoles[person.kind] !== user.role;

  return (
    <Stack gap="sm">
      <Text size="sm">
        Now: <strong>{personSummary(user)}</strong>
      </Text>
      {save.error && !fieldError && <ApiErrorAlert title="The link was not saved" error={save.error} />}
      <PersonPicker
        value={person}
        valueName={user.person?.name ?? null}
        accountId={user.id}
        onChange={setPerson}
        onKindChange={(kind) => setKindChosen(kind !== null)}
        error={fieldError ? `Person ${fieldError}` : undefined}
      />
      {wrongRole && (
        <Text size="sm" c="red.8">
          A {personKindLabels[person.kind].toLowerCase()} record links only to a{' '}
          {roleLabels[personKindRoles[person.kind]]} account; change the role on the Profile tab first.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Close
        </Button>
        <Button
          loading={save.isPending}
          disabled={!changed || (kindChosen && person === null) || Boolean(wrongRole)}
          onClick={() =>
            save.mutate(
              { id: user.id, person: kindChosen ? person : null },
              {
                onSuccess: (saved) => {
                  notifications.show({
                    color: 'green',
                    title: 'Person link saved',
                    message: `${saved.fullName ?? saved.email}: ${personSummary(saved)}.`,
                  });
                  onDone();
                },
              },
            )
          }
        >
          Save link
        </Button>
      </Group>
    </Stack>
  );
}
