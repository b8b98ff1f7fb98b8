/**
 * The route guard's server-driven redirects (docs/decisions/0009-mfa.md): an admin whose session still needs
 * two-step verification goes to /account/mfa from a PHI page, and a session the server ended goes to /login
 * with the server's reason.
 */
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
import { recordSessionEnd, SESSION_END_REASON_KEY } from '../lib/session-end.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const admin = (mfaRequired: boolean): Me => ({
  userAccountId: '0b5d6a2e-8f7c-4d3b-9a1e-2c4f6e8a0b1c',
  authUserId: 'auth-1',
  email: 'ada@example.org',
  role: 'ADMIN',
  fullName: 'Ada Admin',
  session: { issuedAt: new Date().toISOString(), tier: 'strict_phi', aal: mfaRequired ? 'aal1' : 'aal2' },
  mfa: { enabled: !mfaRequired, required: mfaRequired },
});

function stubMe(actor: Me | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const json = (status: number, body: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
        );
      if (input.startsWith('/api/me'))
        return actor
          ? json(200, actor)
          : json(401, {
              type: 'about:blank',
              title: 'Sign-in required',
              status: 401,
              code: 'UNAUTHENTICATED',
            });
      return json(200, { items: [], total: 0, page: 1, pageSize: 1 });
    }),
  );
}

const screens: Record<string, ComponentType> = {
  '/admin/users': () => <h1>Users screen</h1>,
  '/admin/session-debug': () => <h1>Debug screen</h1>,
  '/account/mfa': () => <h1>MFA screen</h1>,
  '/login': () => <h1>Login screen</h1>,
};

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

describe('route guard: MFA and server-ended sessions', () => {
  it('sends an admin who still needs two-step verification from a PHI page to /account/mfa', async () => {
    stubMe(admin(true));
    const router = renderAt('/admin/users?q=a');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/mfa'), { timeout: 8000 });
    expect(await screen.findByRole('heading', { name: 'MFA screen' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/admin/users?q=a')}`);
  });

  it('lets that admin open relaxed pages (session debug) and a verified admin open PHI pages', async () => {
    stubMe(admin(true));
    renderAt('/admin/session-debug');
    expect(
      await screen.findByRole('heading', { name: 'Debug screen' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    cleanup();
    stubMe(admin(false));
    renderAt('/admin/users');
    expect(
      await screen.findByRole('heading', { name: 'Users screen' }, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('adds the reason the server gave for ending the session to the sign-in redirect', async () => {
    recordSessionEnd({ code: 'SESSION_EXPIRED', reason: 'inactivity_timeout' });
    stubMe(null);
    const router = renderAt('/admin/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 8000 });
    expect(router.state.location.search).toBe('?reason=inactivity_timeout&redirect=%2Fadmin%2Fusers');
  });

  it('records only known logout reasons', () => {
    recordSessionEnd({ reason: 'nonsense' });
    recordSessionEnd(null);
    recordSessionEnd('inactivity_timeout');
    expect(sessionStorage.getItem(SESSION_END_REASON_KEY)).toBeNull();
    recordSessionEnd({ reason: 'absolute_timeout' });
    expect(sessionStorage.getItem(SESSION_END_REASON_KEY)).toBe('absolute_timeout');
  });
});
