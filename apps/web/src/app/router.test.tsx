import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { TestIntl } from '../test/intl.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ComponentType } from 'react';
import type { Me } from '@tend/contracts';
import { buildRoutes } from './router.tsx';
import { createQueryClient } from './query-client.ts';
import { ADMIN_REDIRECT_KEY } from './admin-redirect.ts';
import { HomePage } from './pages/home-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const admin: Me = {
  userAccountId: '0b5d6a2e-8f7c-4d3b-9a1e-2c4f6e8a0b1c',
  authUserId: 'auth-1',
  email: 'ada@example.org',
  role: 'ADMIN',
  fullName: 'Ada Admin',
  // Issued now: the session monitor (spec s.4) runs for a signed-in actor and would end an old session.
  session: { issuedAt: new Date().toISOString() },
};
const guardian: Me = { ...admin, role: 'GUARDIAN', fullName: 'Gus Guardian', email: 'gus@example.org' };

/** Answers GET /api/me with the actor (or 401) and anything else with an empty page. */
function stubApi(actor: Me | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const json = (status: number, body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
        );
      if (input.startsWith('/api/me')) {
        return actor
          ? json(200, actor)
          : json(401, { type: 'about:blank', title: 'Unauthorized', status: 401, code: 'UNAUTHENTICATED' });
      }
      return json(200, { items: [], total: 0, page: 1, pageSize: 1 });
    }),
  );
}

const AdminScreen = () => <h1>Users screen</h1>;
const screens: Record<string, ComponentType> = { '/': HomePage, '/admin/users': AdminScreen };

/** Layouts and screens load lazily: on a busy machine the first render can take a few seconds. */
const slow = { timeout: 8_000 };
vi.setConfig({ testTimeout: 20_000 });

function renderAt(path: string) {
  const router = createMemoryRouter(buildRoutes(screens), { initialEntries: [path] });
  render(
    <MantineProvider>
      <TestIntl>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </TestIntl>
    </MantineProvider>,
  );
  return router;
}

describe('router built from the route table', () => {
  it('renders a built screen for an actor who passes its guard', async () => {
    stubApi(admin);
    renderAt('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Users screen' }, slow)).toBeInTheDocument();
  });

  it('gives the 404 page for a route-table path without a screen (no placeholders)', async () => {
    stubApi(admin);
    renderAt('/admin/incidents');
    expect(
      await screen.findByRole('heading', { name: 'Page Not Found: /admin/incidents' }, slow),
    ).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    // The frame's main is the page's only one (a second main would confuse landmark navigation).
    expect(screen.getAllByRole('main')).toHaveLength(1);
    // Inside the signed-in frame (issue 16 item 11): the admin navigation and Sign out stay.
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
    // Two buttons: the worded one, and the icon-only one under 576 px (CSS shows one; jsdom has both).
    expect(screen.getAllByRole('button', { name: /sign out/i })[0]).toBeInTheDocument();
  });

  it('frames the 404 page and session debug for a signed-in non-admin without admin navigation', async () => {
    stubApi(guardian);
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Page Not Found: /no/such/page' }, slow),
    ).toBeInTheDocument();
    // Two buttons: the worded one, and the icon-only one under 576 px (CSS shows one; jsdom has both).
    expect(screen.getAllByRole('button', { name: /sign out/i })[0]).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();
    cleanup();
    const DebugScreen = () => <h1>Session debug screen</h1>;
    const router = createMemoryRouter(buildRoutes({ ...screens, '/admin/session-debug': DebugScreen }), {
      initialEntries: ['/admin/session-debug'],
    });
    render(
      <MantineProvider>
        <TestIntl>
          <QueryClientProvider client={createQueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </TestIntl>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Session debug screen' }, slow)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).toBeNull();
    // Two buttons: the worded one, and the icon-only one under 576 px (CSS shows one; jsdom has both).
    expect(screen.getAllByRole('button', { name: /sign out/i })[0]).toBeInTheDocument();
  });

  it('gives the 404 page for an unknown path', async () => {
    stubApi(null);
    renderAt('/no/such/page');
    expect(
      await screen.findByRole('heading', { name: 'Page Not Found: /no/such/page' }, slow),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows a failing screen’s error inside the frame with one main landmark', async () => {
    stubApi(admin);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Failing = () => {
      throw new Error('screen failed');
    };
    const router = createMemoryRouter(buildRoutes({ ...screens, '/admin/users': Failing }), {
      initialEntries: ['/admin/users'],
    });
    render(
      <MantineProvider>
        <TestIntl>
          <QueryClientProvider client={createQueryClient()}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </TestIntl>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Internal Server Error' }, slow)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    quiet.mockRestore();
  });

  it('sends a signed-out visitor to /login with the full path to come back to', async () => {
    stubApi(null);
    const router = renderAt('/admin/users?role=ADMIN');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), slow);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/admin/users?role=ADMIN');
  });

  it('sends a signed-in user without the role home, where the stored message shows in a red alert', async () => {
    stubApi(guardian);
    const router = renderAt('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
    const alert = await screen.findByTestId('admin-redirect-alert', {}, slow);
    expect(alert).toHaveTextContent('“Users” needs an administrator account');
    expect(sessionStorage.getItem(ADMIN_REDIRECT_KEY)).toBeNull();
  });
});
