/**
 * `/api/case-managers` (admin only): `findCaseManagers` (GET, paged list for
 * `CaseManagerListQuery`; records carry `clientCount`), `getCaseManager`, `createCaseManager`,
 * `updateCaseManager`, `setCaseManagerArchived`, `fetchAllCaseManagers`, their query options and
 * hooks, plus `useCaseManagerOptions` (every active case manager, by name, for selects).
 * A case-manager change also refreshes client lists (they show the case manager's name).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  caseManagerListQuery,
  peopleEndpoints,
  type CaseManagerInput,
  type CaseManagerListQuery,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { createPeopleResource } from './people-resource.ts';

const caseManagers = createPeopleResource({
  key: 'case-managers',
  related: ['clients'],
  find: (query: CaseManagerListQuery, signal?: AbortSignal) =>
    apiCall(peopleEndpoints.findCaseManagers, { query, signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiCall(peopleEndpoints.getCaseManager, { params: { id }, signal }),
  create: (body: CaseManagerInput) => apiCall(peopleEndpoints.createCaseManager, { body }),
  update: (id: string, body: CaseManagerInput) =>
    apiCall(peopleEndpoints.updateCaseManager, { params: { id }, body }),
  setArchived: (id: string, archived: boolean) =>
    apiCall(peopleEndpoints.setCaseManagerArchived, { params: { id }, body: { archived } }),
});

export const caseManagerKeys = caseManagers.keys;
export const findCaseManagers = caseManagers.find;
export const getCaseManager = caseManagers.get;
export const createCaseManager = caseManagers.create;
export const updateCaseManager = caseManagers.update;
export const setCaseManagerArchived = caseManagers.setArchived;
export const fetchAllCaseManagers = caseManagers.fetchAll;
export const caseManagersQueryOptions = caseManagers.listOptions;
export const caseManagerQueryOptions = caseManagers.detailOptions;

export const useCaseManagers = caseManagers.useList;
export const useCaseManager = caseManagers.useOne;
export const useCreateCaseManager = caseManagers.useCreate;
export const useUpdateCaseManager = caseManagers.useUpdate;
export const useSetCaseManagerArchived = caseManagers.useSetArchived;

/** Every active case manager sorted by name (all pages), for the case-manager selects. */
export const caseManagerOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...caseManagerKeys.lists(), 'options'] as const,
    queryFn: () =>
      fetchAllCaseManagers(caseManagerListQuery.parse({ archived: 'false', sort: 'name', order: 'asc' })),
    staleTime: 60_000,
  });

/** `{ value: id, label: name }` of every active case manager, for a Mantine Select. */
export const useCaseManagerOptions = () =>
  useQuery({
    ...caseManagerOptionsQueryOptions(),
    select: (rows) =>
      rows.map((row) => ({ value: row.id, label: row.county ? `${row.name} (${row.county})` : row.name })),
  });
