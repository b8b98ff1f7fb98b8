/**
 * The segment editor's endpoints (docs/segment-editor.md; responses parsed with the contracts, STYLE.md
 * s.12):
 * - `GET /api/segments/:id` → `segmentDetail` (with history and the shift's times).
 * - `PATCH /api/segments/:id` (`segmentUpdate`) → `segmentDetail`. 400 with field errors (also when
 *   nothing would change), 409 CONFLICT when the segment changed since it was read.
 * - `POST /api/segments/:id/split` (`segmentSplit`) → `segmentSplitResult` (both parts). 400 naming `at`.
 * After a change (or a 409) the segment and every shift query refetch, so the detail page's table, its
 * history and the editor show the current values.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  segmentEditorEndpoints,
  type SegmentDetail,
  type SegmentSplit,
  type SegmentUpdate,
} from '@tend/contracts';
import { ApiError, apiCall } from '../../../lib/api-client.ts';
import { shiftKeys } from './shifts.ts';

export const segmentKeys = {
  all: ['shift-segment'] as const,
  detail: (id: string) => ['shift-segment', id] as const,
};

export const getSegment = (id: string, signal?: AbortSignal) =>
  apiCall(segmentEditorEndpoints.getSegment, { params: { id }, signal });

export const segmentQuery = (id: string) =>
  queryOptions({ queryKey: segmentKeys.detail(id), queryFn: ({ signal }) => getSegment(id, signal) });

/** One segment for the editor; disabled while `id` is null. */
export const useSegment = (id: string | null) =>
  useQuery({ ...segmentQuery(id ?? ''), enabled: Boolean(id) });

export const updateSegment = (id: string, input: SegmentUpdate) =>
  apiCall(segmentEditorEndpoints.updateSegment, { params: { id }, body: input });
export const splitSegment = (id: string, input: SegmentSplit) =>
  apiCall(segmentEditorEndpoints.splitSegment, { params: { id }, body: input });

function useSegmentMutation<TInput, TResult>(
  request: (id: string, input: TInput) => Promise<TResult>,
  updated: (result: TResult) => SegmentDetail[],
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: segmentKeys.all });
    void queryClient.invalidateQueries({ queryKey: shiftKeys.all });
  };
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TInput }) => request(id, input),
    onSuccess: (result) => {
      for (const segment of updated(result))
        queryClient.setQueryData(segmentKeys.detail(segment.id), segment);
      refresh();
    },
    onError: (error) => {
      // Someone else changed it: show the current version (the form keeps what was typed).
      if (error instanceof ApiError && error.status === 409) refresh();
    },
  });
}

/** Changes code, modifier, respite handling or notes. */
export const useUpdateSegment = () => useSegmentMutation(updateSegment, (segment) => [segment]);
/** Splits a segment into two at a minute inside it. */
export const useSplitSegment = () => useSegmentMutation(splitSegment, (result) => result.segments);
