/**
 * The filters of the shift records (UX.md "Tables": filters above, their state in the URL), for the
 * list page's filter bar: service-date range, caregiver, client, billing code, EVV status, imported
 * file, and "Show deleted shifts". Every control reads and writes the `shiftListQuery` state it is given.
 */
import { Select, Switch } from '@mantine/core';
import { evvStatus, evvStatuses, evvStatusLabels, type ShiftListQuery } from '@tend/contracts';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import type { SetUrlState } from '../../../lib/url-state.ts';
import { useShiftImports } from '../api/shift-imports.ts';
import { CaregiverClientFilters } from '../../../components/ui/person-select.tsx';
import { DateRangeFilter } from '../../../components/ui/date-filters.tsx';
import { formatInstantDay } from '../../../lib/format/index.ts';

const statusOptions = evvStatuses.map((value) => ({ value, label: evvStatusLabels[value] }));

/** The imported-file select: the newest uploads by name and date; "No imports yet" when there are none. */
function ImportSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const imports = useShiftImports();
  const options = (imports.data?.items ?? []).map((file) => ({
    value: file.id,
    label: `${file.originalName} (${formatInstantDay(file.uploadDate)})`,
  }));
  // A link from the import summary names a file that may not be in the recent list.
  const data =
    value && !options.some((option) => option.value === value)
      ? [{ value, label: 'Selected import' }, ...options]
      : options;
  return (
    <Select
      label="Imported file"
      placeholder={imports.isPending ? 'Loading…' : data.length ? 'Any import' : 'No imports yet'}
      data={data}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      searchable
      clearable
      nothingFoundMessage="No imports yet"
      comboboxProps={{ width: 320, position: 'bottom-start' }}
      w={{ base: '100%', sm: 220 }}
    />
  );
}

export interface ShiftFiltersProps {
  query: ShiftListQuery;
  setState: SetUrlState<ShiftListQuery>;
}

/** See the module comment. */
export function ShiftFilters({ query, setState }: ShiftFiltersProps) {
  return (
    <>
      <DateRangeFilter from={query.from} to={query.to} onChange={setState} />
      <CaregiverClientFilters caregiverId={query.caregiverId} clientId={query.clientId} onChange={setState} />
      <DebouncedTextInput
        label="Billing code"
        placeholder="e.g. OR526"
        value={query.billingCode}
        onCommit={(billingCode) => setState({ billingCode: billingCode?.toUpperCase() }, { replace: true })}
        maxLength={20}
        w={{ base: '100%', sm: 130 }}
      />
      <Select
        label="EVV status"
        placeholder="Any status"
        data={statusOptions}
        value={query.evvStatus ?? null}
        onChange={(value) => setState({ evvStatus: evvStatus.safeParse(value).data })}
        clearable
        w={{ base: '100%', sm: 200 }}
      />
      <ImportSelect value={query.csvFileId} onChange={(csvFileId) => setState({ csvFileId })} />
      <Switch
        label="Show deleted shifts"
        checked={query.state === 'deleted'}
        onChange={(event) => setState({ state: event.currentTarget.checked ? 'deleted' : 'active' })}
        mb={8}
      />
    </>
  );
}
