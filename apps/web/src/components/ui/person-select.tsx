/**
 * A searchable picker of one caregiver or client (the one used by every filter bar and form).
 * The search goes to the server (`GET /api/<kind>?q=`, debounced, 20 matches by name, archived people
 * included), so it works with thousands of people; a person restored from the URL shows their name.
 * People who share a name in the list are told apart by their identifier (a client's prime number, a
 * caregiver's employee id), so picking one is never a guess.
 */
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { peopleEndpoints } from '@tend/contracts';
import { apiCall } from '../../lib/api-client.ts';

export type PersonSelectKind = 'caregivers' | 'clients';
interface Option {
  value: string;
  label: string;
}

/** The people list query of the picker: up to 20 matches by name, archived people included. */
const pickerQuery = (search: string) =>
  ({ q: search || undefined, archived: 'all', sort: 'name', order: 'asc', pageSize: 20 }) as const;

/** A person as the picker lists them: a client (prime number `pid`) or a caregiver (`externalId`). */
export type PersonListed = { id: string; name: string; archived: boolean } & (
  { pid: string | null } | { externalId: string | null }
);

/**
 * The picker's options for `people`, in their order: the name (with "(archived)"), and where two or
 * more listed people share a name, their identifier too (`Micah Sato · DM100000`).
 */
export function personOptions(people: readonly PersonListed[]): Option[] {
  const named = new Map<string, number>();
  for (const person of people) named.set(person.name, (named.get(person.name) ?? 0) + 1);
  return people.map((person) => {
    const id = 'pid' in person ? person.pid : person.externalId;
    const name = (named.get(person.name) ?? 0) > 1 && id ? `${person.name} · ${id}` : person.name;
    return { value: person.id, label: person.archived ? `${name} (archived)` : name };
  });
}

/** Up to 20 people of `kind` matching `search` (all when empty) as picker options; shared by the multi-pickers. */
export function usePersonOptions(kind: PersonSelectKind, search: string) {
  return useQuery({
    queryKey: ['person-select', kind, 'options', search] as const,
    queryFn: async ({ signal }): Promise<Option[]> => {
      const query = pickerQuery(search);
      const page =
        kind === 'clients'
          ? await apiCall(peopleEndpoints.findClients, { query, signal })
          : await apiCall(peopleEndpoints.findCaregivers, { query, signal });
      return personOptions(page.items);
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

function usePersonName(kind: PersonSelectKind, id: string | undefined) {
  return useQuery({
    queryKey: ['person-select', kind, 'name', id ?? ''] as const,
    queryFn: async ({ signal }) => {
      const params = { id: id ?? '' };
      const person =
        kind === 'clients'
          ? await apiCall(peopleEndpoints.getClient, { params, signal })
          : await apiCall(peopleEndpoints.getCaregiver, { params, signal });
      return person.name;
    },
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: false,
  });
}

export interface PersonSelectProps {
  kind: PersonSelectKind;
  /** Visible label, e.g. "Caregiver". */
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  error?: string;
  required?: boolean;
  w?: string | number | Record<string, string | number>;
}

/** See the module comment. Clearing the field selects nobody (`undefined`). */
export function PersonSelect({
  kind,
  label,
  placeholder,
  value,
  onChange,
  error,
  required,
  w,
}: PersonSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const selectedName = usePersonName(kind, value);
  const options = usePersonOptions(kind, selectedName.data === search ? '' : debounced.trim());
  const data = useMemo<Option[]>(() => {
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
      error={error}
      required={required}
      w={w ?? { base: '100%', sm: 220 }}
    />
  );
}

/** The caregiver and client of a filter bar (URL state `caregiverId`, `clientId`). */
interface CaregiverClientFiltersProps {
  caregiverId: string | undefined;
  clientId: string | undefined;
  onChange: (patch: { caregiverId: string | undefined } | { clientId: string | undefined }) => void;
  /** What an empty picker says (default "Any caregiver" / "Any client"). */
  placeholders?: { caregiver: string; client: string };
  w?: PersonSelectProps['w'];
}

/**
 * The caregiver picker and the client picker every list page filters by, side by side in its filter bar:
 * one way to write the pair (labels "Caregiver" and "Client").
 */
export function CaregiverClientFilters({
  caregiverId,
  clientId,
  onChange,
  placeholders = { caregiver: 'Any caregiver', client: 'Any client' },
  w,
}: CaregiverClientFiltersProps) {
  return (
    <>
      <PersonSelect
        kind="caregivers"
        label="Caregiver"
        placeholder={placeholders.caregiver}
        value={caregiverId}
        onChange={(id) => onChange({ caregiverId: id })}
        w={w}
      />
      <PersonSelect
        kind="clients"
        label="Client"
        placeholder={placeholders.client}
        value={clientId}
        onChange={(id) => onChange({ clientId: id })}
        w={w}
      />
    </>
  );
}
