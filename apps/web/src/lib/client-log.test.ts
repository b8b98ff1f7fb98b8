/**
 * The browser's error reports (issue 24 "Logged-only errors"; decision 0068): a report carries the route PATTERN and
 * a scrubbed message, repeats are dropped, a burst leaves as one batch and at most 10 a minute, and a failing send
 * never throws.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTable } from '@tend/contracts/routes';
import { isClientErrorRoute } from '@tend/contracts/client-error-text';
import {
  CLIENT_LOG_FLUSH_MS,
  CLIENT_LOG_MAX_PER_MINUTE,
  createClientLog,
  routePatternOf,
  type ClientErrorReportBody,
} from './client-log.ts';

describe('routePatternOf', () => {
  it('gives the route-table pattern of an address, never its ids or query', () => {
    expect(routePatternOf('/admin/audit')).toBe('/admin/audit');
    expect(routePatternOf('/no/such/screen/123')).toBe('*');
    const withParam = routeTable.find((route) => route.path.includes(':'));
    expect(withParam).toBeDefined();
    const address = (withParam?.path ?? '').replace(/:[A-Za-z]+/g, '0b7c6a1e-2f4d-4c8e-9a1b-3d5e7f9a1c2e');
    expect(routePatternOf(address)).toBe(withParam?.path);
  });

  it('every route-table path passes the endpoint’s route check', () => {
    for (const route of routeTable) expect(isClientErrorRoute(route.path), route.path).toBe(true);
  });
});

describe('createClientLog', () => {
  let sent: ClientErrorReportBody[];
  let now: number;
  beforeEach(() => {
    // Fake timers only to release the batch; the batching window itself is not asserted as a duration.
    vi.useFakeTimers();
    sent = [];
    now = Date.parse('2026-11-28T15:00:00Z');
  });
  afterEach(() => vi.useRealTimers());

  const log = () =>
    createClientLog(
      async (body) => sent.push(body),
      () => now,
    );

  it('sends a scrubbed report with the route pattern, once per distinct report, in one batch', () => {
    const { report } = log();
    report(
      'unhandled_error',
      'TypeError at /admin/audit?actor=ada@example.org (503) 555-0142',
      '/admin/audit',
    );
    report(
      'unhandled_error',
      'TypeError at /admin/audit?actor=ada@example.org (503) 555-0142',
      '/admin/audit',
    );
    report('maps_load_failed', 'Map tiles failed', '/admin/audit');
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(CLIENT_LOG_FLUSH_MS);
    expect(sent).toEqual([
      {
        kind: 'unhandled_error',
        message: 'TypeError at /admin/audit[query] [number]',
        route: '/admin/audit',
        buildVersion: 'development',
        at: '2026-11-28T15:00:00.000Z',
      },
      expect.objectContaining({ kind: 'maps_load_failed', message: 'Map tiles failed' }),
    ]);
  });

  it(`sends at most ${CLIENT_LOG_MAX_PER_MINUTE} a minute`, () => {
    const { report } = log();
    for (let i = 0; i < CLIENT_LOG_MAX_PER_MINUTE + 5; i += 1)
      report('unhandled_error', `error ${'x'.repeat(i)}`, '/');
    vi.advanceTimersByTime(CLIENT_LOG_FLUSH_MS);
    expect(sent).toHaveLength(CLIENT_LOG_MAX_PER_MINUTE);
    now += 60_001;
    report('unhandled_error', 'a later one', '/');
    vi.advanceTimersByTime(CLIENT_LOG_FLUSH_MS);
    expect(sent).toHaveLength(CLIENT_LOG_MAX_PER_MINUTE + 1);
  });

  it('never throws when sending fails', () => {
    const { report, flush } = createClientLog(() => {
      throw new Error('no fetch');
    });
    expect(() => {
      report('fetch_retry', 'Retrying fetch attempt 1 /api/me', '/');
      flush();
    }).not.toThrow();
    const rejecting = createClientLog(() => Promise.reject(new Error('offline')));
    expect(() => {
      rejecting.report('fetch_retry', 'Retrying', '/');
      rejecting.flush();
    }).not.toThrow();
  });
});
