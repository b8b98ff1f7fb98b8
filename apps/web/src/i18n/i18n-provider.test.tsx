/**
 * The page's language (decision 0042): the switch loads the Spanish catalogue, `<html lang>` follows, the choice is
 * remembered in this browser, and when someone is signed in it is saved on the account (`PUT /api/account/locale`).
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from './i18n-provider.tsx';
import { LOCALE_STORAGE_KEY } from './locale-store.ts';
import { LocaleSwitcher } from './locale-switcher.tsx';

const me = {
  userAccountId: '0b5d6a2e-8f7c-4d3b-9a1e-2c4f6e8a0b1c',
  authUserId: 'auth-1',
  email: 'lucia@example.org',
  role: 'CAREGIVER',
  fullName: 'Lucía',
  session: { issuedAt: new Date().toISOString() },
};

/** The API's schemas load lazily (a moment on a busy machine). */
const slow = { timeout: 10_000 };

/** Answers GET /api/me with `actor` (or 401) and PUT /api/account/locale with its body; records the calls. */
function stubApi(actor: (typeof me & { locale?: string | null }) | null) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ url: input, method: init?.method ?? 'GET', body });
      const json = (status: number, value: unknown) =>
        Promise.resolve(
          new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } }),
        );
      if (input.startsWith('/api/me')) return actor ? json(200, actor) : json(401, { status: 401 });
      if (input.startsWith('/api/account/locale')) return json(200, body);
      return json(404, { status: 404 });
    }),
  );
  return calls;
}

function renderApp() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider>
          <LocaleSwitcher />
          <h1>
            <FormattedMessage id="auth.caregiverLogin.title" />
          </h1>
        </I18nProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('I18nProvider and the language switch', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('switches to Spanish: words, <html lang> and the choice remembered in this browser', async () => {
    stubApi(null);
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'], language: 'en-US' });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Caregiver sign in' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await userEvent.click(screen.getByRole('button', { name: 'Español' }));
    expect(
      await screen.findByRole('heading', { name: 'Entrada para proveedores de apoyo' }),
    ).toBeInTheDocument();
    // <html lang> follows in the provider's effect, after the words render.
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  });

  it('saves the page language on a signed-in account that has none, and a switch too', async () => {
    const calls = stubApi({ ...me, locale: null });
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    renderApp();
    expect(
      await screen.findByRole('heading', { name: 'Entrada para proveedores de apoyo' }),
    ).toBeInTheDocument();
    await waitFor(
      () =>
        expect(calls).toContainEqual({ url: '/api/account/locale', method: 'PUT', body: { locale: 'es' } }),
      slow,
    );
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(
      () =>
        expect(calls).toContainEqual({ url: '/api/account/locale', method: 'PUT', body: { locale: 'en' } }),
      slow,
    );
  });

  it("follows the account's language once signed in, over this browser's", async () => {
    stubApi({ ...me, locale: 'es' });
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    renderApp();
    expect(
      await screen.findByRole('heading', { name: 'Entrada para proveedores de apoyo' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
  });
});
