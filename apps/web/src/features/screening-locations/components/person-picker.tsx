/**
 * A searchable picker of one caregiver or client for the location filters. The search goes to the
 * server (`GET /api/<kind>?q=`, debounced, 20 matches by name, archived people included), so it
 * works with thousands of people; a person restored from the URL shows their name.
 */
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  usePersonName,
  usePersonOptions,
  type PersonKind,
  type PersonOption,
} from '../api/screening-locations.ts';

export interface PersonPickerProps {
  kind: PersonKind;
  /** Visible label, e.g. "Caregiver". */
  label: string;
  placeholder: string;
  /** Selected person id, or undefined for "anyone". */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}

/** See the module comment. Clearing the field (× or Backspace) selects "anyone". */
export function PersonPicker({ kind, label, placeholder, value, onChange }: PersonPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const selectedName = usePersonName(kind, value);
  const options = usePersonOptions(kind, selectedName.data === search ? '' : debounced.trim());

  const data = useMemo<PersonOption[]>(() => {
    const found = options.data ?? [];
    if (!value || found.some((option) => option.value === value)) return found;
    const name = selectedName.data ?? (selectedName.isError ? `Unknown ${label.toLowerCase()}` : '…');
    return [{ value, label: name }, ...found];
  }, [options.data, value, selectedName.data, selectedName.isError, label]);

  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching…' : `No ${kind} match`}
      maxDropdownHeight={280}
      w={{ base: '100%', sm: 220 }}
    />
  );
}
