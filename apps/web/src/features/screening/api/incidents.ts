/**
 * Incident screening calls (STYLE.md s.12), one hook each over contracts' `incidentEndpoints` (decision
 * 0032; responses parsed with their schemas):
 * - the queue page, one incident (by shift id) and handling it with a note;
 * - starting the screening job, and its progress from the active jobs (`jobsEndpoints.findJobs`);
 * - the incident catalogue and the phrase tester;
 * - Terms and client-specific terms: list, create or update, delete.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  incidentEndpoints,
  jobsEndpoints,
  type ClientSpecificTermInput,
  type IncidentListQuery,
  type IncidentScreeningRun,
  type PhraseTestInput,
  type TermInput,
} from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';

/** The job type the screening runs as (API `INCIDENT_SCREENING_JOB`). */
export const INCIDENT_SCREENING_JOB = 'incident-screening';

export const incidentKeys = {
  all: ['incidents'] as const,
  list: (query: IncidentListQuery) => ['incidents', 'list', query] as const,
  detail: (id: string) => ['incidents', 'detail', id] as const,
  categories: ['incident-categories'] as const,
  terms: ['terms'] as const,
  clientTerms: ['client-specific-terms'] as const,
  activeJob: ['incidents', 'active-screening'] as const,
};

/** The queue page for the filter; the previous page stays shown while the next loads. */
export const useIncidents = (query: IncidentListQuery) =>
  useQuery({
    queryKey: incidentKeys.list(query),
    queryFn: ({ signal }) => apiCall(incidentEndpoints.findIncidents, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One incident (by shift id) with its analyzed notes; disabled while `id` is null. 404 NOT_FOUND. */
export const useIncident = (id: string | null) =>
  useQuery({
    queryKey: incidentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiCall(incidentEndpoints.getIncident, { params: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
  });

/** Marks an incident handled with a note; refreshes the queue. 400 with a field error on `note`. */
export function useHandleIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      apiCall(incidentEndpoints.handleIncident, { params: { id }, body: { note } }),
    onSuccess: (incident) => {
      queryClient.setQueryData(incidentKeys.detail(incident.shiftId), incident);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.all });
    },
  });
}

/**
 * The screening job now running, if any (from the active jobs, so the progress bar survives
 * navigation and reload), polled every second while one runs.
 */
export const useActiveScreening = () =>
  useQuery({
    queryKey: incidentKeys.activeJob,
    queryFn: async ({ signal }) => {
      const { items } = await apiCall(jobsEndpoints.findJobs, {
        query: { active: 'true', limit: 50 },
        signal,
      });
      return items.find((job) => job.jobType === INCIDENT_SCREENING_JOB) ?? null;
    },
    refetchInterval: (query) => (query.state.data ? 1000 : false),
  });

/** Starts a screening run (`changed` or `all`). */
export function useRunScreening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IncidentScreeningRun) =>
      apiCall(incidentEndpoints.startIncidentScreening, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentKeys.activeJob }),
  });
}

/** The built-in incident catalogue. */
export const useIncidentCategories = () =>
  useQuery({
    queryKey: incidentKeys.categories,
    queryFn: ({ signal }) => apiCall(incidentEndpoints.listIncidentCategories, { signal }),
    staleTime: Infinity,
  });

/** Runs the phrase mapper on pasted text (nothing stored). */
export const usePhraseTest = () =>
  useMutation({
    mutationFn: (input: PhraseTestInput) => apiCall(incidentEndpoints.testPhrases, { body: input }),
  });

// ---- Terms -------------------------------------------------------------------------------------------

export const useTerms = () =>
  useQuery({
    queryKey: incidentKeys.terms,
    queryFn: ({ signal }) => apiCall(incidentEndpoints.findTerms, { signal }),
  });

/** Creates (no id) or updates a Term. 409 CONFLICT with a field error on `term` for a duplicate. */
export function useSaveTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TermInput }) =>
      id
        ? apiCall(incidentEndpoints.updateTerm, { params: { id }, body: input })
        : apiCall(incidentEndpoints.createTerm, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentKeys.terms }),
  });
}

export function useDeleteTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(incidentEndpoints.deleteTerm, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentKeys.terms }),
  });
}

export const useClientSpecificTerms = () =>
  useQuery({
    queryKey: incidentKeys.clientTerms,
    queryFn: ({ signal }) => apiCall(incidentEndpoints.findClientSpecificTerms, { signal }),
  });

/** Creates a client-specific term. 409 CONFLICT (field `term`) when the client already has it. */
export function useSaveClientSpecificTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClientSpecificTermInput) =>
      apiCall(incidentEndpoints.createClientSpecificTerm, { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentKeys.clientTerms }),
  });
}

export function useDeleteClientSpecificTerm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(incidentEndpoints.deleteClientSpecificTerm, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: incidentKeys.clientTerms }),
  });
}
