/**
 * Table state (filters, page, pageSize, sort, order) kept in the URL query string, so a filtered
 * view can be bookmarked and shared (UX.md "Tables"). The shape is a contract list-query schema
 * (STYLE.md s.2), e.g. `clientListQuery`: the URL is parsed with it, invalid or stale values fall
 * back to their defaults, and values equal to their default are left out of the URL.
 *
 * The schema must be a `z.object` whose every field is optional or has a default (all contract
 * list queries are), so that `schema.parse({})` gives the defaults. Values are written as strings:
 * scalar fields only.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/** A state patch: each listed key is set; `undefined`, `null` or `''` returns it to its default. */
export type UrlStatePatch<T> = { [K in keyof T]?: T[K] | null | undefined };

export interface SetUrlStateOptions {
  /**
   * Go back to page 1 unless the patch sets `page` (default true): a new filter, sort or page size
   * makes the current page number meaningless.
   */
  resetPage?: boolean;
  /** Replace the current history entry instead of pushing one (default false). */
  replace?: boolean;
}

export type SetUrlState<T> = (
  patch: UrlStatePatch<T> | ((current: T) => UrlStatePatch<T>),
  options?: SetUrlStateOptions,
) => void;

export interface UrlStateOptions {
  /**
   * Prefix of this table's parameters (`clients` → `clients.page`), for pages holding several
   * tables (tabs). Without it the parameters are the schema's keys.
   */
  prefix?: string;
}

export interface UrlState<T> {
  /** The parsed state: every key present, defaults applied. Same object while the URL is unchanged. */
  state: T;
  setState: SetUrlState<T>;
  /** Clears every parameter of this schema (filters, paging, sort) back to the defaults. */
  resetState: (options?: Pick<SetUrlStateOptions, 'replace'>) => void;
}

const keyPrefix = (prefix: string | undefined) => (prefix ? `${prefix}.` : '');

/** A scalar as it is written in the query string; anything else as JSON. */
function toParam(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * Reads the schema's keys from `params` (with `prefix.` before each, when given) and parses them.
 * A value the schema rejects (a hand-edited or outdated link) is dropped and takes its default; the
 * other values are kept. Throws only when the schema has a required field without default.
 */
export function parseSearchState<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
  prefix?: string,
): z.output<S> {
  const keys = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(keyPrefix(prefix) + key);
    if (value !== null && value !== '') raw[key] = value;
  }
  for (let attempt = 0; attempt <= keys.length; attempt += 1) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && key in raw) delete raw[key];
      else for (const k of Object.keys(raw)) delete raw[k];
    }
  }
  return schema.parse({});
}

/**
 * Returns a copy of `params` with the patched keys written: a value equal to the schema's default
 * (or empty) is removed so URLs stay short; parameters of other schemas or prefixes are kept.
 */
export function writeSearchState<S extends z.ZodObject>(
  schema: S,
  patch: UrlStatePatch<z.output<S>>,
  params: URLSearchParams,
  prefix?: string,
): URLSearchParams {
  const defaults = schema.parse({}) as Record<string, unknown>;
  const next = new URLSearchParams(params);
  for (const key of Object.keys(schema.shape)) {
    if (!Object.hasOwn(patch, key)) continue;
    const value: unknown = (patch as Record<string, unknown>)[key];
    const name = keyPrefix(prefix) + key;
    const isDefault =
      value === undefined ||
      value === null ||
      value === '' ||
      (defaults[key] !== undefined && toParam(defaults[key]) === toParam(value));
    if (isDefault) next.delete(name);
    else next.set(name, toParam(value));
  }
  return next;
}

/**
 * Keeps a table's state in the URL. `schema` should be a stable reference (a contract schema, not
 * one built during render).
 *
 * ```ts
 * const { state, setState } = useUrlState(clientListQuery);
 * setState({ q: 'smith' });          // page goes back to 1
 * setState({ page: 3 });
 * ```
 */
export function useUrlState<S extends z.ZodObject>(
  schema: S,
  options: UrlStateOptions = {},
): UrlState<z.output<S>> {
  const { prefix } = options;
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseSearchState(schema, params, prefix), [schema, params, prefix]);
  // The newest query string: what the router rendered, or what a call below wrote since. Two calls
  // before a re-render (two filters set at once, or a debounced input's late call) build on each
  // other instead of the second one writing over the first from the rendered URL.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);

  const setState = useCallback<SetUrlState<z.output<S>>>(
    (patch, { resetPage = true, replace = false } = {}) => {
      const current = latest.current;
      const resolved = typeof patch === 'function' ? patch(parseSearchState(schema, current, prefix)) : patch;
      const withPage =
        resetPage && 'page' in schema.shape && !Object.hasOwn(resolved, 'page')
          ? { ...resolved, page: undefined }
          : resolved;
      const next = writeSearchState(schema, withPage, current, prefix);
      latest.current = next;
      setParams(next, { replace });
    },
    [schema, setParams, prefix],
  );

  const resetState = useCallback(
    ({ replace = false }: Pick<SetUrlStateOptions, 'replace'> = {}) => {
      const cleared = Object.fromEntries(
        Object.keys(schema.shape).map((key) => [key, undefined]),
      ) as UrlStatePatch<z.output<S>>;
      setState(cleared, { replace });
    },
    [schema, setState],
  );

  return { state, setState, resetState };
}

/**
 * One query-string parameter outside a list schema (an open drawer's id, a running job's id): its
 * value, and a setter that writes it (or removes it, given `undefined`, `null` or `''`) and keeps every
 * other parameter. Each call pushes a history entry, so Back closes the drawer.
 *
 * ```ts
 * const [jobId, setJobId] = useSearchParam('job');
 * ```
 */
export function useSearchParam(
  name: string,
): [string | undefined, (value: string | null | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      }),
    [name, setParams],
  );
  return [params.get(name) ?? undefined, set];
}
