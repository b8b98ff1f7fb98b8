/**
 * The browser side of the session monitor (spec s.4 "Session tiers") with fake timers: the warning 5 minutes
 * before the 45-minute inactivity expiry, Continue, activity and its grace period, the logout at expiry, the
 * other tab's broadcast, and the provider mounting the monitor only for a signed-in user.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { TestIntl } from '../../../test/intl.tsx';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionMonitorState } from '@tend/contracts/session-monitor';
import type { Me } from '@tend/contracts';
import { createQueryClient } from '../../../app/query-client.ts';
import { meQueryKey } from '../../../lib/me.ts';
import { SessionMonitor } from './session-monitor.tsx';
import { SessionMonitorProvider } from './session-monitor-provider.tsx';
import {
  useSessionMonitorActions,
  useSessionMonitorState,
  type SessionMonitorActions,
} from './session-context.ts';
import {
  LOGOUT_MARKER_KEY,
  LOGOUT_REASON_KEY,
  SESSION_CHANNEL,
  SESSION_KEYS_KEY,
  newLogoutBroadcast,
} from './session-storage.ts';

const MINUTE = 60_000;
const T0 = Date.parse('2026-03-02T09:00:00.000Z');

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fetchMock = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Advances the fake clock (and its timers) inside act. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function renderMonitor(path = '/admin/users', issuedAt = T0) {
  const queryClient: QueryClient = createQueryClient();
  queryClient.setQueryData(meQueryKey, { userAccountId: 'x' });
  let latest: SessionMonitorState | null = null;
  let actions: SessionMonitorActions | null = null;
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SessionMonitor
            issuedAt={issuedAt}
            onState={(state) => {
              latest = state;
            }}
            onActions={(value) => {
              actions = value;
            }}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider env="test">
      <TestIntl>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </TestIntl>
    </MantineProvider>,
  );
  return {
    router,
    queryClient,
    state: () => latest,
    actions: () => actions,
    url: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

const signOutCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/sign-out');

describe('SessionMonitor (fake timers)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
  });

  it('warns at 40:00 idle, Continue hides the warning and resets the inactivity timer', async () => {
    const monitor = renderMonitor();
    await advance(0);
    expect(monitor.state()).toMatchObject({ monitoring: true, tier: 'strict_phi', issuedAt: T0 });
    expect(monitor.state()?.absoluteExpiresAt).toBe(T0 + 12 * 60 * MINUTE);
    expect(JSON.parse(localStorage.getItem(SESSION_KEYS_KEY) ?? '{}')).toMatchObject({
      issuedAt: T0,
      tier: 'strict_phi',
    });

    await advance(40 * MINUTE - 1000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await advance(1000);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Your session will end in 5:00 because of inactivity');
    await advance(3000);
    expect(screen.getByTestId('session-countdown')).toHaveTextContent('4:57');
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toHaveFocus();

    fireEvent.click(continueButton);
    await advance(1000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(monitor.state()?.warning).toBeNull();
    expect(monitor.state()?.inactivityExpiresAt).toBe(T0 + 40 * MINUTE + 3000 + 45 * MINUTE);
    expect(monitor.url()).toBe('/admin/users');
  });

  it('activity during the warning starts the 6 s grace period, then the warning is gone', async () => {
    const monitor = renderMonitor();
    await advance(40 * MINUTE);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fireEvent.mouseMove(window);
    await advance(100);
    expect(monitor.state()?.warning).toMatchObject({ type: 'inactivity', status: 'activity' });
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Activity noticed');
    await advance(6000);
    expect(monitor.state()?.warning).toBeNull();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('at the inactivity expiry signs out and goes to /login with the reason and the full path', async () => {
    const monitor = renderMonitor('/admin/users?q=ada');
    await advance(45 * MINUTE);
    expect(monitor.url()).toBe('/login?reason=inactivity_timeout&redirect=%2Fadmin%2Fusers%3Fq%3Dada');
    expect(signOutCalls()).toHaveLength(1);
    expect(localStorage.getItem(LOGOUT_REASON_KEY)).toBe('inactivity_timeout');
    expect(localStorage.getItem(SESSION_KEYS_KEY)).toBeNull();
    expect(monitor.queryClient.getQueryData(meQueryKey)).toBeNull();
    expect(monitor.state()).toMatchObject({ monitoring: false, loggingOut: false });
    // The check stopped with the logout: no second sign-out.
    await advance(5 * MINUTE);
    expect(signOutCalls()).toHaveLength(1);
  });

  it('a route change counts as activity and a strict path makes a relaxed session strict for good', async () => {
    const monitor = renderMonitor('/matchmaking');
    await advance(0);
    expect(monitor.state()?.tier).toBe('relaxed');
    await act(() => monitor.router.navigate('/admin/clients'));
    expect(monitor.state()?.tier).toBe('strict_phi');
    await act(() => monitor.router.navigate('/admin/session-debug'));
    expect(monitor.state()).toMatchObject({ tier: 'strict_phi', path: '/admin/session-debug' });
  });

  it("another tab's logout marker logs this tab out locally (no second sign-out)", async () => {
    const monitor = renderMonitor();
    await advance(1000);
    const marker = JSON.stringify(newLogoutBroadcast('manual_logout', Date.now()));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_MARKER_KEY, newValue: marker }));
    });
    await advance(0);
    expect(monitor.url()).toBe('/login?reason=session_expired_other_tab&redirect=%2Fadmin%2Fusers');
    expect(signOutCalls()).toHaveLength(0);
  });

  it('activity another tab of the session stored keeps this idle tab signed in', async () => {
    const monitor = renderMonitor();
    await advance(30 * MINUTE);
    const keys = JSON.stringify({ issuedAt: T0, tier: 'strict_phi', lastActivityAt: Date.now() });
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS_KEY, newValue: keys }));
    });
    await advance(20 * MINUTE);
    // 50 minutes idle here, but the user was active elsewhere 20 minutes ago: no warning, no logout.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(monitor.url()).toBe('/admin/users');
    expect(monitor.state()?.inactivityExpiresAt).toBe(T0 + 75 * MINUTE);
  });

  it('a manual sign-out broadcasts to other tabs, signs out and resolves when done', async () => {
    const monitor = renderMonitor();
    await advance(0);
    const otherTab = new BroadcastChannel(SESSION_CHANNEL);
    const received = new Promise<unknown>((resolve) => {
      otherTab.onmessage = (event: MessageEvent) => resolve(event.data);
    });
    let done = false;
    await act(async () => {
      void monitor
        .actions()!
        .logout()
        .then(() => {
          done = true;
        });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(done).toBe(true);
    expect(monitor.url()).toBe('/login?reason=manual_logout&redirect=%2Fadmin%2Fusers');
    expect(signOutCalls()).toHaveLength(1);
    vi.useRealTimers();
    expect(await received).toMatchObject({ type: 'logout', reason: 'manual_logout' });
    otherTab.close();
    // The marker was written for tabs without BroadcastChannel, then cleared with the session keys.
    expect(localStorage.getItem(LOGOUT_MARKER_KEY)).toBeNull();
    expect(localStorage.getItem(LOGOUT_REASON_KEY)).toBe('manual_logout');
  });

  it('a session issued more than 12 hours ago ends at once with absolute_timeout', async () => {
    const monitor = renderMonitor('/admin/users', T0 - 12 * 60 * MINUTE);
    await advance(0);
    expect(monitor.url()).toBe('/login?reason=absolute_timeout&redirect=%2Fadmin%2Fusers');
  });
});

describe('SessionMonitorProvider', () => {
  function Probe() {
    const state = useSessionMonitorState();
    const actions = useSessionMonitorActions();
    return (
      <p data-testid="probe">
        {state ? `${state.tier} ${state.monitoring ? 'monitoring' : 'idle'}` : 'none'}
        {actions ? ' with actions' : ''}
      </p>
    );
  }

  function renderProvider(actor: Me | null) {
    const queryClient = createQueryClient();
    if (actor !== null) queryClient.setQueryData(meQueryKey, actor);
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <SessionMonitorProvider>
              <Probe />
            </SessionMonitorProvider>
          ),
        },
      ],
      { initialEntries: ['/admin/users'] },
    );
    render(
      <MantineProvider env="test">
        <TestIntl>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </TestIntl>
      </MantineProvider>,
    );
    return queryClient;
  }

  it('runs nothing and fetches nothing while nobody is signed in', async () => {
    renderProvider(null);
    await act(() => Promise.resolve());
    expect(screen.getByTestId('probe')).toHaveTextContent('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts the monitor for a signed-in user (issue time from /api/me in ms) and stops it at sign-out', async () => {
    const queryClient = renderProvider({
      userAccountId: '0b5d6a2e-8f7c-4d3b-9a1e-2c4f6e8a0b1c',
      authUserId: 'auth-1',
      email: 'ada@example.org',
      role: 'ADMIN',
      fullName: 'Ada Admin',
      session: { issuedAt: new Date(Date.now() - 60_000).toISOString() },
    });
    await waitFor(() =>
      expect(screen.getByTestId('probe')).toHaveTextContent('strict_phi monitoring with actions'),
    );
    await act(async () => {
      queryClient.setQueryData(meQueryKey, null);
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('none'));
  });
});
