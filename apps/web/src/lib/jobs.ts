/**
 * Long work as jobs (UX.md "Long work"; API `GET /api/jobs/:id`, ProcessingJob of spec s.3): one query
 * key and one polling hook for every page that starts a job (imports, screenings, validation).
 */
import { useQuery } from '@tanstack/react-query';
import { jobsEndpoints, type JobStatus } from '@tend/contracts';
import { apiCall } from './api-client.ts';

/** The TanStack Query key of one job; pages seed it with the job a start request returned. */
export const jobKey = (id: string) => ['jobs', id] as const;

/** Statuses after which a job never changes again. */
export const finishedJobStatuses: readonly JobStatus[] = ['COMPLETED', 'FAILED', 'CANCELLED'];

/**
 * A job's live state, polled every second until it finishes; disabled without an id. Errors:
 * NOT_FOUND (404) for an unknown id (not retried).
 */
export const useJob = (id: string | null | undefined) =>
  useQuery({
    queryKey: jobKey(id ?? ''),
    queryFn: ({ signal }) => apiCall(jobsEndpoints.getJob, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (query) =>
      query.state.data && finishedJobStatuses.includes(query.state.data.status) ? false : 1000,
  });
