/**
 * `GET /api/audit-events` (admin only): one page of the audit log, newest first, for `AuditListQuery`
 * (action, entityType, entityId, actor email contains, outcome, from/to ISO times, page, pageSize)
 * → contracts `auditPage`. `fetchAllAuditEvents` reads every page for the CSV export.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEndpoints, type AuditEvent, type AuditListQuery } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { fetchAllPages } from '../../../components/ui/data-table.tsx';

export const auditKeys = {
  all: ['audit-events'] as const,
  list: (query: AuditListQuery) => ['audit-events', 'list', query] as const,
};

export const findAuditEvents = (query: AuditListQuery, signal?: AbortSignal) =>
  apiCall(auditEndpoints.findAuditEvents, { query, signal });

export const fetchAllAuditEvents = (query: AuditListQuery): Promise<AuditEvent[]> =>
  fetchAllPages<AuditEvent>((page, pageSize) => findAuditEvents({ ...query, page, pageSize }), 500);

export const auditEventsQueryOptions = (query: AuditListQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => findAuditEvents(query, signal),
    placeholderData: keepPreviousData,
  });

/** The page of audit events for the query (the previous page stays shown while the next loads). */
export const useAuditEvents = (query: AuditListQuery) => useQuery(auditEventsQueryOptions(query));
