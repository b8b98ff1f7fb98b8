/**
 * Record counts for the agency home: `GET <list endpoint>?pageSize=1` read for its `total` (the total
 * for the filter). Active records only: the people lists leave archived people out by default, and
 * users are asked for `active=true`. The work queues count what waits for someone: open incidents,
 * unreviewed suspicious locations, notes needing review and this month's NOT_READY segments.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';

const pageTotal = z.object({ total: z.number().int() });

/** The calendar month around `today` as ISO dates (the browser's calendar). */
function thisMonth(today = new Date()): { from: string; to: string } {
  const iso = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return {
    from: iso(new Date(today.getFullYear(), today.getMonth(), 1)),
    to: iso(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  };
}

export const countableLists = {
  clients: { path: '/api/clients', query: () => ({}) },
  caregivers: { path: '/api/caregivers', query: () => ({}) },
  caseManagers: { path: '/api/case-managers', query: () => ({}) },
  users: { path: '/api/users', query: () => ({ active: 'true' }) },
  openIncidents: { path: '/api/incidents', query: () => ({ handled: 'open' }) },
  locationsToReview: { path: '/api/suspicious-locations', query: () => ({ reviewed: 'false' }) },
  notesToReview: { path: '/api/shift-notes/mismatched', query: () => ({}) },
  notReadySegments: { path: '/api/segments', query: () => ({ ...thisMonth(), status: 'NOT_READY' }) },
} as const;
export type CountableList = keyof typeof countableLists;

export async function countRecords(list: CountableList, signal?: AbortSignal): Promise<number> {
  const { path, query } = countableLists[list];
  const page = await apiRequest(pageTotal, path, { query: { ...query(), pageSize: 1 }, signal });
  return page.total;
}

export const recordCountQueryOptions = (list: CountableList) =>
  queryOptions({
    queryKey: ['record-count', list],
    queryFn: ({ signal }) => countRecords(list, signal),
    staleTime: 0,
  });

export const useRecordCount = (list: CountableList) => useQuery(recordCountQueryOptions(list));
