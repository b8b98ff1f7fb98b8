/**
 * `/admin/caregivers`: the agency's caregivers (DSPs). Filters (search, type, needs review, include archived),
 * paging and sort live in the URL (`caregiverListQuery`); a row opens the edit drawer; "New
 * caregiver" opens an empty one; the filtered set exports as CSV.
 */
import { Select } from '@mantine/core';
import { caregiverListQuery, caregiverSortFields, caregiverType } from '@tend/contracts';
import { useListPage } from '../../../components/ui/list-page.tsx';
import { fetchAllCaregivers, useCaregivers } from '../api/caregivers.ts';
import { CaregiverForm } from '../components/caregiver-form.tsx';
import { caregiverTypeOptions } from '../components/caregiver-type.ts';
import { caregiverColumns, caregiverCsv } from '../components/people-columns.tsx';
import { NeedsReviewFilter, PeopleListPage } from '../components/people-list-page.tsx';

export function CaregiversPage() {
  const list = useListPage({
    schema: caregiverListQuery,
    useList: useCaregivers,
    sortFields: caregiverSortFields,
    fetchAll: fetchAllCaregivers,
  });
  const { query, setQuery: setState } = list;

  return (
    <PeopleListPage
      title="Caregivers"
      description="Direct support professionals who work shifts for your clients, and the programme each works under."
      noun={{ one: 'caregiver', other: 'caregivers' }}
      searchPlaceholder="Name, alternate name or email"
      filters={
        <>
          <Select
            label="Type"
            placeholder="Any type"
            data={caregiverTypeOptions}
            value={query.type ?? null}
            onChange={(value) => setState({ type: caregiverType.safeParse(value).data })}
            clearable
            w={{ base: '100%', sm: 220 }}
          />
          <NeedsReviewFilter
            value={query.needsReview}
            onChange={(needsReview) => setState({ needsReview })}
          />
        </>
      }
      noMatchDescription="Try another search or type, or clear the filters to see every caregiver."
      emptyDescription="Caregivers clock in and out of shifts with your clients. Add them one at a time, or load the demo agency to explore Tend with sample data."
      list={list}
      columns={caregiverColumns}
      exportColumns={caregiverCsv}
      renderForm={(caregiver, onDone) => <CaregiverForm caregiver={caregiver} onDone={onDone} />}
    />
  );
}
