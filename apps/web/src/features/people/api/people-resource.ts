/**
 * The shared shape of the three people endpoint groups (`/api/clients`, `/api/caregivers`,
 * `/api/case-managers`): list (paged, filtered, sorted), read, create, update (PUT) and archive.
 * `clients.ts`, `caregivers.ts` and `case-managers.ts` build one each and export its members under
 * verb-first names (STYLE.md s.5, s.12). Every response is parsed with its contract schema by
 * `apiCall` (the endpoints are `peopleEndpoints`); errors are `ApiError` and the component decides how to show them.
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@tend/contracts';
import { fetchAllPages } from '../../../components/ui/data-table.tsx';

export interface PeopleResourceConfig<TQuery, TRecord, TPage extends Page<TRecord>, TInput> {
  /** First element of every query key of this resource, e.g. `clients`. */
  key: string;
  /** Keys of other resources whose lists show data of this one (invalidated after a change). */
  related?: readonly string[];
  /** `GET path`: one page of the list for the query (filters, page, pageSize, sort, order). */
  find: (query: TQuery, signal?: AbortSignal) => Promise<TPage>;
  /** `GET path/:id`; NOT_FOUND (404) when there is no such record. */
  get: (id: string, signal?: AbortSignal) => Promise<TRecord>;
  /** `POST path` → 201 with the new record; VALIDATION_FAILED (400) with field errors. */
  create: (input: TInput) => Promise<TRecord>;
  /** `PUT path/:id` (the whole input) → the updated record. */
  update: (id: string, input: TInput) => Promise<TRecord>;
  /** `POST path/:id/archive` with `{ archived }` → the record. */
  setArchived: (id: string, archived: boolean) => Promise<TRecord>;
}

/** Query keys: `[key]` ⊃ `[key, 'list']` ⊃ `[key, 'list', query]`; `[key, 'detail', id]`. */
export function peopleKeys<TQuery>(key: string) {
  return {
    all: [key] as const,
    lists: () => [key, 'list'] as const,
    list: (query: TQuery) => [key, 'list', query] as const,
    detail: (id: string) => [key, 'detail', id] as const,
  };
}

export function createPeopleResource<
  TQuery,
  TRecord extends { id: string },
  TPage extends Page<TRecord>,
  TInput,
>(config: PeopleResourceConfig<TQuery, TRecord, TPage, TInput>) {
  const { find, get, create, update, setArchived } = config;
  const keys = peopleKeys<TQuery>(config.key);

  /** Every record matching the query's filters (all pages, 500 at a time), for the CSV export. */
  const fetchAll = (query: TQuery): Promise<TRecord[]> =>
    fetchAllPages<TRecord>((page, pageSize) => find({ ...query, page, pageSize }), 500);

  /** The list query; the previous page stays shown while the next one loads. */
  const listOptions = (query: TQuery) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => find(query, signal),
      placeholderData: keepPreviousData,
    });
  const detailOptions = (id: string) =>
    queryOptions({ queryKey: keys.detail(id), queryFn: ({ signal }) => get(id, signal) });

  const useInvalidate = () => {
    const queryClient = useQueryClient();
    return (record: TRecord) => {
      queryClient.setQueryData(keys.detail(record.id), record);
      void queryClient.invalidateQueries({ queryKey: keys.lists() });
      for (const related of config.related ?? []) void queryClient.invalidateQueries({ queryKey: [related] });
    };
  };

  return {
    keys,
    find,
    get,
    create,
    update,
    setArchived,
    fetchAll,
    listOptions,
    detailOptions,
    useList: (query: TQuery) => useQuery(listOptions(query)),
    useOne: (id: string | undefined) => useQuery({ ...detailOptions(id ?? ''), enabled: Boolean(id) }),
    useCreate: () => {
      const invalidate = useInvalidate();
      return useMutation({ mutationFn: (input: TInput) => create(input), onSuccess: invalidate });
    },
    useUpdate: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: ({ id, input }: { id: string; input: TInput }) => update(id, input),
        onSuccess: invalidate,
      });
    },
    useSetArchived: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: ({ id, archived }: { id: string; archived: boolean }) => setArchived(id, archived),
        onSuccess: invalidate,
      });
    },
  };
}
