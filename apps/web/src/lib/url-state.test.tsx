import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { caregiverListQuery, clientListQuery } from '@tend/contracts';
import { parseSearchState, useSearchParam, useUrlState, writeSearchState } from './url-state.ts';

const uuid = '4b0f6d3e-2a51-4c7e-9d8f-0a1b2c3d4e5f';

describe('parseSearchState', () => {
  it('gives the schema defaults for an empty query string', () => {
    expect(parseSearchState(clientListQuery, new URLSearchParams())).toEqual({
      page: 1,
      pageSize: 50,
      archived: 'false',
      sort: 'name',
      order: 'asc',
    });
  });

  it('parses and coerces the values present', () => {
    const state = parseSearchState(
      clientListQuery,
      new URLSearchParams(
        `q=smith&page=3&pageSize=100&archived=all&caseManagerId=${uuid}&sort=pid&order=desc`,
      ),
    );
    expect(state).toEqual({
      q: 'smith',
      page: 3,
      pageSize: 100,
      archived: 'all',
      caseManagerId: uuid,
      sort: 'pid',
      order: 'desc',
    });
  });

  it('drops only the invalid values (hand-edited or stale links) and keeps the rest', () => {
    const state = parseSearchState(
      clientListQuery,
      new URLSearchParams('q=smith&page=-2&pageSize=9999&sort=shoeSize&order=sideways&caseManagerId=nope'),
    );
    expect(state).toEqual({
      q: 'smith',
      page: 1,
      pageSize: 50,
      archived: 'false',
      sort: 'name',
      order: 'asc',
    });
  });

  it('ignores parameters that are not in the schema, and empty values', () => {
    const state = parseSearchState(caregiverListQuery, new URLSearchParams('tab=x&q=&type=DSP_CARE'));
    expect(state).toEqual({
      page: 1,
      pageSize: 50,
      archived: 'false',
      sort: 'name',
      order: 'asc',
      type: 'DSP_CARE',
    });
  });

  it('reads prefixed parameters only when a prefix is given', () => {
    const params = new URLSearchParams('clients.q=ann&clients.page=2&q=bob');
    expect(parseSearchState(clientListQuery, params, 'clients')).toMatchObject({ q: 'ann', page: 2 });
    expect(parseSearchState(clientListQuery, params)).toMatchObject({ q: 'bob', page: 1 });
  });

  it('handles unicode and reserved characters in values', () => {
    const params = new URLSearchParams();
    params.set('q', 'José & 李 = 100%');
    expect(parseSearchState(clientListQuery, new URLSearchParams(params.toString())).q).toBe(
      'José & 李 = 100%',
    );
  });
});

describe('writeSearchState', () => {
  it('writes changed values, removes defaults and empties, keeps other parameters', () => {
    const next = writeSearchState(
      clientListQuery,
      { q: 'smith', page: 1, sort: 'pid', archived: 'false', caseManagerId: undefined },
      new URLSearchParams(`tab=x&page=4&caseManagerId=${uuid}`),
    );
    expect(Object.fromEntries(next)).toEqual({ tab: 'x', q: 'smith', sort: 'pid' });
  });

  it('round-trips through parseSearchState', () => {
    const state = {
      q: 'a,b "c"',
      page: 2,
      pageSize: 25,
      archived: 'all' as const,
      sort: 'ispMonth' as const,
      order: 'desc' as const,
    };
    const written = writeSearchState(clientListQuery, state, new URLSearchParams());
    expect(parseSearchState(clientListQuery, new URLSearchParams(written.toString()))).toEqual(state);
  });
});

function routerAt(initial: string) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <MemoryRouter initialEntries={[initial]}>{children}</MemoryRouter>;
  };
}

describe('useUrlState', () => {
  const useStateAndLocation = (prefix?: string) => ({
    url: useUrlState(clientListQuery, { prefix }),
    location: useLocation(),
  });

  it('reads the URL and keeps the same state object while the URL is unchanged', () => {
    const { result, rerender } = renderHook(() => useStateAndLocation(), {
      wrapper: routerAt('/admin/clients?q=ann&page=2'),
    });
    const first = result.current.url.state;
    expect(first).toMatchObject({ q: 'ann', page: 2 });
    rerender();
    expect(result.current.url.state).toBe(first);
  });

  it('a filter change goes back to page 1; a page change keeps the filters', () => {
    const { result } = renderHook(() => useStateAndLocation(), {
      wrapper: routerAt('/admin/clients?q=ann&page=3'),
    });
    act(() => result.current.url.setState({ archived: 'all' }));
    expect(result.current.location.search).toBe('?q=ann&archived=all');
    act(() => result.current.url.setState({ page: 2 }));
    expect(result.current.url.state).toMatchObject({ q: 'ann', archived: 'all', page: 2 });
    act(() => result.current.url.setState((current) => ({ pageSize: current.pageSize * 2 })));
    expect(result.current.url.state).toMatchObject({ page: 1, pageSize: 100 });
  });

  it('two changes before a re-render both land, even through a setter kept from an older render', () => {
    const { result } = renderHook(() => useStateAndLocation(), {
      wrapper: routerAt('/admin/clients'),
    });
    const staleSetState = result.current.url.setState;
    act(() => {
      result.current.url.setState({ q: 'ann' });
      result.current.url.setState({ archived: 'all' });
    });
    expect(result.current.url.state).toMatchObject({ q: 'ann', archived: 'all' });
    act(() => staleSetState({ sort: 'pid' }));
    expect(result.current.location.search).toBe('?q=ann&archived=all&sort=pid');
  });

  it("resetState clears only this schema's parameters", () => {
    const { result } = renderHook(() => useStateAndLocation('clients'), {
      wrapper: routerAt('/admin/inactive?tab=clients&clients.q=ann&clients.sort=pid'),
    });
    act(() => result.current.url.resetState());
    expect(result.current.location.search).toBe('?tab=clients');
    expect(result.current.url.state).toEqual({
      page: 1,
      pageSize: 50,
      archived: 'false',
      sort: 'name',
      order: 'asc',
    });
  });
});

describe('useSearchParam', () => {
  it('reads one parameter, writes and removes it, and keeps the others', () => {
    const { result } = renderHook(() => ({ job: useSearchParam('job'), location: useLocation() }), {
      wrapper: routerAt('/admin/billing/drift?from=2026-01-01'),
    });
    expect(result.current.job[0]).toBeUndefined();
    act(() => result.current.job[1]('42'));
    expect(result.current.job[0]).toBe('42');
    expect(result.current.location.search).toBe('?from=2026-01-01&job=42');
    act(() => result.current.job[1](undefined));
    expect(result.current.location.search).toBe('?from=2026-01-01');
  });
});
