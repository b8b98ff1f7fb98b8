/**
 * One shift and an admin's changes to it (STYLE.md s.12; responses parsed with contracts `shiftDetail`):
 * - `GET /api/shifts/:id` → the shift with history, segments, import and raw record (deleted ones too).
 * - `PATCH /api/shifts/:id` (`shiftCorrection`) → corrected shift. 400 VALIDATION_FAILED with field
 *   errors (also when nothing would change), 409 CONFLICT when the shift is deleted.
 * - `DELETE /api/shifts/:id` (`shiftDeletion`) → soft-deleted shift. 409 when already deleted.
 * - `POST /api/shifts/:id/restore` (`{ reason }`) → restored shift. 409 when not deleted.
 * Every mutation puts the answer in the detail cache and refreshes all shift queries (lists included).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shiftsEndpoints, type ShiftCorrection, type ShiftDetail, type ShiftDeletion } from '@tend/contracts';
import { apiCall } from '../../../lib/api-client.ts';
import { shiftKeys } from './shifts.ts';

/** Fetches one shift; `ApiError` 404 NOT_FOUND when it does not exist. */
export const getShift = (id: string, signal?: AbortSignal) =>
  apiCall(shiftsEndpoints.getShift, { params: { id }, signal });

export const shiftDetailQuery = (id: string) =>
  queryOptions({ queryKey: shiftKeys.detail(id), queryFn: ({ signal }) => getShift(id, signal) });

/** One shift with its change history, segments and import; disabled while `id` is null. */
export const useShift = (id: string | null) =>
  useQuery({ ...shiftDetailQuery(id ?? ''), enabled: Boolean(id) });

export const correctShift = (id: string, input: ShiftCorrection) =>
  apiCall(shiftsEndpoints.updateShift, { params: { id }, body: input });
export const deleteShift = (id: string, input: ShiftDeletion) =>
  apiCall(shiftsEndpoints.deleteShift, { params: { id }, body: input });
export const restoreShift = (id: string, input: ShiftDeletion) =>
  apiCall(shiftsEndpoints.restoreShift, { params: { id }, body: input });

/** After a change: the answer becomes the cached detail, and every shift query (lists) refetches. */
function useShiftMutation<TInput>(request: (id: string, input: TInput) => Promise<ShiftDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TInput }) => request(id, input),
    onSuccess: (shift) => {
      queryClient.setQueryData(shiftKeys.detail(shift.id), shift);
      void queryClient.invalidateQueries({ queryKey: shiftKeys.all });
    },
  });
}

/** Corrects times, coordinates or the procedure code (with a reason). */
export const useCorrectShift = () => useShiftMutation<ShiftCorrection>(correctShift);
/** Soft-deletes a shift (with a reason). */
export const useDeleteShift = () => useShiftMutation<ShiftDeletion>(deleteShift);
/** Restores a soft-deleted shift (with a reason). */
export const useRestoreShift = () => useShiftMutation<ShiftDeletion>(restoreShift);
