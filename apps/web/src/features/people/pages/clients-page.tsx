/**
 * `/admin/clients`: the agency's clients. Filters (search, case manager, needs review, include archived), paging
 * and sort live in the URL (`clientListQuery`); a row opens the edit drawer; "New client" opens an
 * empty one; the filtered set exports as CSV.
 */
import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { clientListQuery, clientSortFields } from '@tend/contracts';
import { useListPage } from '../../../components/ui/list-page.tsx';
import { useCaseManagerOptions } from '../api/case-managers.ts';
import { fetchAllClients, useClients } from '../api/clients.ts';
import { ClientForm } from '../components/client-form.tsx';
import { clientColumns, clientCsv } from '../components/people-columns.tsx';
import { NeedsReviewFilter, PeopleListPage } from '../components/people-list-page.tsx';

export function ClientsPage() {
  const list = useListPage({
    schema: clientListQuery,
    useList: useClients,
    sortFields: clientSortFields,
    fetchAll: fetchAllClients,
  });
  const { query, setQuery: setState } = list;
  const caseManagers = useCaseManagerOptions();
  const caseManagerData = useMemo(() => {
    const options = caseManagers.data ?? [];
    // A bookmarked filter on a case manager who has since been archived still shows a name.
    return query.caseManagerId && !options.some((option) => option.value === query.caseManagerId)
      ? [{ value: query.caseManagerId, label: 'Archived or unknown case manager' }, ...options]
      : options;
  }, [caseManagers.data, query.caseManagerId]);

  return (
    <PeopleListPage
      title="Clients"
      description="The people your agency cares for: Medicaid PID, service element, ISP month and case manager."
      noun={{ one: 'client', other: 'clients' }}
      searchPlaceholder="Name, alternate name, email or PID"
      filters={
        <>
          <Select
            label="Case manager"
            placeholder="Any case manager"
            data={caseManagerData}
            value={query.caseManagerId ?? null}
            onChange={(caseManagerId) => setState({ caseManagerId })}
            searchable
            clearable
            nothingFoundMessage="No case manager by that name"
            w={{ base: '100%', sm: 260 }}
          />
          <NeedsReviewFilter
            value={query.needsReview}
            onChange={(needsReview) => setState({ needsReview })}
          />
        </>
      }
      noMatchDescription="Try another search, or clear the filters to see every client."
      emptyDescription="Clients are the people your agency cares for. Add them one at a time, or load the demo agency to explore Tend with sample data."
      list={list}
      columns={clientColumns}
      exportColumns={clientCsv}
      renderForm={(client, onDone) => <ClientForm client={client} onDone={onDone} />}
    />
  );
}
