/**
 * "Person" on the invite and edit forms (issue 20 "Accounts linked to people"; docs/accounts.md): none, a
 * caregiver, a case manager or a guardian, then a searchable picker of that kind's records (name and email, at
 * most 20 per search, server-side). A record another account is linked to is shown but cannot be picked.
 */
import { Select, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { personKinds, type AccountPersonRef, type PersonKind, type Role } from '@tend/contracts';
import { usePersonOptions } from '../api/person-links.ts';

export const personKindLabels: Record<PersonKind, string> = {
  caregiver: 'Caregiver',
  case_manager: 'Case manager',
  guardian: 'Guardian',
};

/** The role an account linked to each kind has (the server refuses any other). */
export const personKindRoles: Record<PersonKind, Role> = {
  caregiver: 'CAREGIVER',
  case_manager: 'USER',
  guardian: 'GUARDIAN',
};

const kindOptions = [
  { value: 'none', label: 'None' },
  ...personKinds.map((kind) => ({ value: kind, label: personKindLabels[kind] })),
];

export interface PersonPickerProps {
  value: AccountPersonRef | null;
  /** The name of `value`'s record when the form opens (the picker has not searched yet). */
  valueName?: string | null;
  onChange: (person: AccountPersonRef | null) => void;
  /** Called with the new kind when the admin picks one (the invite form sets the role to fit). */
  onKindChange?: (kind: PersonKind | null) => void;
  /** The account being edited: its own record stays pickable. */
  accountId?: string;
  error?: ReactNode;
}

export function PersonPicker({
  value,
  valueName,
  onChange,
  onKindChange,
  accountId,
  error,
}: PersonPickerProps) {
  const [kind, setKind] = useState<PersonKind | null>(value?.kind ?? null);
  const [search, setSearch] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | null>(valueName ?? null);
  const [debounced] = useDebouncedValue(search === chosenLabel ? '' : search, 250);
  const options = usePersonOptions(kind, debounced);
  const data = (options.data?.items ?? []).map((option) => ({
    value: option.id,
    label: option.detail ? `${option.name} (${option.detail})` : option.name,
    disabled: option.linkedUserAccountId !== null && option.linkedUserAccountId !== accountId,
  }));
  if (value && chosenLabel && !data.some((option) => option.value === value.id))
    data.unshift({ value: value.id, label: chosenLabel, disabled: false });
  const labelled = data.map((option) =>
    option.disabled ? { ...option, label: `${option.label}, linked to another account` } : option,
  );

  return (
    <Stack gap="xs">
      <Select
        label="Person"
        description="The record this account is: caregivers see their own shifts, case managers their caseload."
        data={kindOptions}
        value={kind ?? 'none'}
        allowDeselect={false}
        onChange={(next) => {
          const nextKind = personKinds.find((candidate) => candidate === next) ?? null;
          setKind(nextKind);
          setChosenLabel(null);
          setSearch('');
          onChange(null);
          onKindChange?.(nextKind);
        }}
        error={kind ? undefined : error}
      />
      {kind && (
        <Select
          label={`${personKindLabels[kind]} record`}
          placeholder="Type a name or email"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options: all }) => all}
          data={labelled}
          value={value?.id ?? null}
          onChange={(id, option) => {
            setChosenLabel(option?.label ?? null);
            onChange(id ? { kind, id } : null);
          }}
          nothingFoundMessage={
            options.isFetching
              ? 'Searching…'
              : 'No record matches. Check the spelling, or add the record first.'
          }
          error={error}
          required
        />
      )}
    </Stack>
  );
}
