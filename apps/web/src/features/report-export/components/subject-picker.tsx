/**
 * A searchable multi-picker of clients or caregivers (the subjects of one report): the search goes to the server
 * (`usePersonOptions`, 20 matches by name), the picked people stay listed with their names while the search changes.
 */
import { useMemo, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { REPORT_EXPORT_MAX_SUBJECTS, type ReportSubjectKind } from '@tend/contracts';
import { usePersonOptions } from '../../../components/ui/person-select.tsx';

/** A picked person: id and the name shown. */
export interface Subject {
  value: string;
  label: string;
}

export interface SubjectPickerProps {
  kind: ReportSubjectKind;
  value: Subject[];
  onChange: (subjects: Subject[]) => void;
  error?: string;
}

/** See the module comment. */
export function SubjectPicker({ kind, value, onChange, error }: SubjectPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = usePersonOptions(kind === 'client' ? 'clients' : 'caregivers', debounced.trim());
  const data = useMemo(() => {
    const picked = new Set(value.map((s) => s.value));
    return [...value, ...(options.data ?? []).filter((o) => !picked.has(o.value))];
  }, [options.data, value]);
  const noun = kind === 'client' ? 'clients' : 'caregivers';
  return (
    <MultiSelect
      label={kind === 'client' ? 'Clients' : 'Caregivers'}
      description={`One file per ${kind}; up to ${REPORT_EXPORT_MAX_SUBJECTS}.`}
      placeholder={value.length ? undefined : `Search ${noun}`}
      data={data}
      value={value.map((s) => s.value)}
      onChange={(ids) =>
        onChange(ids.map((id) => data.find((o) => o.value === id) ?? { value: id, label: id }))
      }
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={options.isFetching ? 'Searching…' : `No ${noun} match`}
      maxValues={REPORT_EXPORT_MAX_SUBJECTS}
      maxDropdownHeight={280}
      clearable
      error={error}
      required
    />
  );
}
