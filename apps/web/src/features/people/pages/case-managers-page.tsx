/**
 * `/admin/case-managers`: county (CDDP) and brokerage case managers and how many clients each has.
 * Filters (search, county, include archived), paging and sort live in the URL
 * (`caseManagerListQuery`); a row opens the edit drawer; the filtered set exports as CSV.
 */
import { caseManagerListQuery, caseManagerSortFields } from '@tend/contracts';
import { DebouncedTextInput } from '../../../components/ui/debounced-text-input.tsx';
import { useListPage } from '../../../components/ui/list-page.tsx';
import { fetchAllCaseManagers, useCaseManagers } from '../api/case-managers.ts';
import { CaseManagerForm } from '../components/case-manager-form.tsx';
import { caseManagerColumns, caseManagerCsv } from '../components/people-columns.tsx';
import { PeopleListPage } from '../components/people-list-page.tsx';

export function CaseManagersPage() {
  const list = useListPage({
    schema: caseManagerListQuery,
    useList: useCaseManagers,
    sortFields: caseManagerSortFields,
    fetchAll: fetchAllCaseManagers,
  });
  const { query, setQuery: setState } = list;

  return (
    <PeopleListPage
      title="Case managers"
      description="County (CDDP) and brokerage staff who oversee your clients' plans, with how many clients each has."
      noun={{ one: 'case manager', other: 'case managers' }}
      searchPlaceholder="Name, county or email"
      filters={
        <DebouncedTextInput
          label="County"
          placeholder="Any county"
          value={query.county}
          onCommit={(county) => setState({ county }, { replace: true })}
          w={{ base: '100%', sm: 200 }}
        />
      }
      noMatchDescription="Try another search or county, or clear the filters to see every case manager."
      emptyDescription="Case managers oversee clients' plans and get dashboard access by email. Add them one at a time, or load the demo agency to explore Tend with sample data."
      list={list}
      columns={caseManagerColumns}
      exportColumns={caseManagerCsv}
      renderForm={(caseManager, onDone) => <CaseManagerForm caseManager={caseManager} onDone={onDone} />}
    />
  );
}
