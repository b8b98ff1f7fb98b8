/**
 * Record counts for the agency home: `GET <list endpoint>?pageSize=1` read for its `total` (the total
 * for the filter). Active records only: the people lists leave archived people out by default, and
 * users are asked for `active=true`. The work queues count what waits for someone: open incidents,
 * unreviewed suspicious locations, notes needing review and this month's NOT_READY segments.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  incidentEndpoints,
  locationScreeningEndpoints,
  peopleEndpoints,
  shiftNoteEndpoints,
  usersEndpoints,
  validationEndpoints,
} from '@tend/contracts';
import { apiCall } from '../../lib/api-client.ts';

/** The calendar month around `today` as ISO dates (the browser's calendar). */
function thisMonth(today = new Date()): { from: string; to: string } {
  const iso = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return {
    from: iso(new Date(today.getFullYear(), today.getMonth(), 1)),
    to: iso(new Date(today.getFullYear(), today.getMonth() + 1, 0)),
  };
}

/** Each counted list's first page of one row: its `total` is the count. */
export const countableLists = {
  clients: (signal?: AbortSignal) => apiCall(peopleEndpoints.findClients, { query: { pageSize: 1 }, signal }),
  caregivers: (signal?: AbortSignal) =>
    apiCall(peopleEndpoints.findCaregivers, { query: { pageSize: 1 }, signal }),
  caseManagers: (signal?: AbortSignal) =>
    apiCall(peopleEndpoints.findCaseManagers, { query: { pageSize: 1 }, signal }),
  users: (signal?: AbortSignal) =>
    apiCall(usersEndpoints.findUsers, { query: { active: 'true', pageSize: 1 }, signal }),
  openIncidents: (signal?: AbortSignal) =>
    apiCall(incidentEndpoints.findIncidents, { query: { handled: 'open', pageSize: 1 }, signal }),
  locationsToReview: (signal?: AbortSignal) =>
    apiCall(locationScreeningEndpoints.findSuspiciousLocations, {
      query: { reviewed: 'false', pageSize: 1 },
      signal,
    }),
  notesToReview: (signal?: AbortSignal) =>
    apiCall(shiftNoteEndpoints.listMismatchedShiftNotes, { query: { pageSize: 1 }, signal }),
  notReadySegments: (signal?: AbortSignal) =>
    apiCall(validationEndpoints.findSegments, {
      query: { ...thisMonth(), status: 'NOT_READY', pageSize: 1 },
      signal,
    }),
} as const;
export type CountableList = keyof typeof countableLists;

/**
 * A list's count and, for the open incidents, whether any shift has notes at all (`hasNotes` of the
 * incident list), so the card's empty words agree with the incident list's (issue 16 item 11).
 */
export interface RecordCount {
  total: number;
  hasNotes?: boolean;
}

export async function countRecords(list: CountableList, signal?: AbortSignal): Promise<RecordCount> {
  const page = await countableLists[list](signal);
  return 'hasNotes' in page ? { total: page.total, hasNotes: page.hasNotes } : { total: page.total };
}

export const recordCountQueryOptions = (list: CountableList) =>
  queryOptions({
    queryKey: ['record-count', list],
    queryFn: ({ signal }) => countRecords(list, signal),
    staleTime: 0,
  });

export const useRecordCount = (list: CountableList) => useQuery(recordCountQueryOptions(list));
