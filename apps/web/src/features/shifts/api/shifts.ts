/**
 * Shift endpoints: `GET /api/shifts` (page with totals), `GET /api/shifts/export` (CSV download URL),
 * `GET /api/shifts/:id` (with change history), `POST /api/shift-imports` (multipart upload → job),
 * `GET /api/jobs/:id` (live progress), and the people look-ups the shift filters need
 * (`GET /api/caregivers|clients?q=` and `/:id`). Responses are parsed with the contract schemas
 * (STYLE.md s.12).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  caregiver,
  caregiverPage,
  client,
  clientPage,
  shiftPage,
  type ShiftListQuery,
} from '@tend/contracts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

export const shiftKeys = {
  all: ['shifts'] as const,
  list: (query: ShiftListQuery) => ['shifts', 'list', query] as const,
  detail: (id: string) => ['shifts', 'detail', id] as const,
  job: (id: string) => ['jobs', id] as const,
};

/** One page of shifts for the filter, with `totals` (shifts, hours) for the whole filter. */
export const findShifts = (query: ShiftListQuery, signal?: AbortSignal) =>
  apiRequest(shiftPage, '/api/shifts', { query, signal });

/** The page of shifts for the query; the previous page stays shown while the next one loads. */
export const useShifts = (query: ShiftListQuery) =>
  useQuery(
    queryOptions({
      queryKey: shiftKeys.list(query),
      queryFn: ({ signal }) => findShifts(query, signal),
      placeholderData: keepPreviousData,
    }),
  );

/**
 * The URL of the CSV export of every shift matching the query's filters (paging and sort are not
 * sent: the server writes the whole set, by date). A plain link: the browser streams the download.
 */
export function shiftExportUrl(query: ShiftListQuery): string {
  const { from, to, caregiverId, clientId, billingCode, evvStatus, csvFileId, state } = query;
  return withQuery('/api/shifts/export', {
    from,
    to,
    caregiverId,
    clientId,
    billingCode,
    evvStatus,
    csvFileId,
    state: state === 'active' ? undefined : state,
  });
}

// ---- People look-ups for the shift filters -------------------------------------------------------

/** Which people a shift filter picks: the caregiver who worked or the client who was served. */
export type PersonKind = 'caregivers' | 'clients';
/** A Select option: the person's id and name. */
export interface PersonOption {
  value: string;
  label: string;
}

const pageSchemas = { caregivers: caregiverPage, clients: clientPage } as const;
const recordSchemas = { caregivers: caregiver, clients: client } as const;

/**
 * Up to 20 people of `kind` whose name, alternate name or email (clients: also PID) matches
 * `search`, by name, archived ones included (old shifts belong to them too). `GET /api/<kind>?q=`.
 */
export const usePersonOptions = (kind: PersonKind, search: string) =>
  useQuery({
    queryKey: ['shift-filters', kind, 'options', search] as const,
    queryFn: async ({ signal }): Promise<PersonOption[]> => {
      const page = await apiRequest(pageSchemas[kind], `/api/${kind}`, {
        query: { q: search || undefined, archived: 'all', sort: 'name', order: 'asc', pageSize: 20 },
        signal,
      });
      return page.items.map((person) => ({
        value: person.id,
        label: person.archived ? `${person.name} (archived)` : person.name,
      }));
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The name of one person of `kind` (for a filter restored from the URL); NOT_FOUND (404) when unknown. */
export const usePersonName = (kind: PersonKind, id: string | undefined) =>
  useQuery({
    queryKey: ['shift-filters', kind, 'name', id ?? ''] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(recordSchemas[kind], `/api/${kind}/${encodeURIComponent(id ?? '')}`, { signal }))
        .name,
    enabled: Boolean(id),
    staleTime: 60_000,
    retry: false,
  });
