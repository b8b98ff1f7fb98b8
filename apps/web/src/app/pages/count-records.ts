/**
 * Record counts for the agency home: `GET <list endpoint>?pageSize=1` read for its `total` (the total
 * for the filter). Active records only: the people lists leave archived people out by default, and
 * users are asked for `active=true`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

const pageTotal = z.object({ total: z.number().int() });

export const countableLists = {
  clients: { path: '/api/clients', query: {} },
  caregivers: { path: '/api/caregivers', query: {} },
  caseManagers: { path: '/api/case-managers', query: {} },
  users: { path: '/api/users', query: { active: 'true' } },
} as const;
export type CountableList = keyof typeof countableLists;

export async function countRecords(list: CountableList, signal?: AbortSignal): Promise<number> {
  const { path, query } = countableLists[list];
  const page = await apiRequest(pageTotal, path, { query: { ...query, pageSize: 1 }, signal });
  return page.total;
}

export const recordCountQueryOptions = (list: CountableList) =>
  queryOptions({
    queryKey: ['record-count', list],
    queryFn: ({ signal }) => countRecords(list, signal),
    staleTime: 0,
  });

export const useRecordCount = (list: CountableList) => useQuery(recordCountQueryOptions(list));
