import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { CaseManager, Client } from '@tend/contracts';
import { ClientsPage } from './clients-page.tsx';

const now = '2026-01-05T10:00:00.000Z';
const caseManager: CaseManager = {
  id: '7d1f6c57-0a43-4b0e-9a7c-3f3d2f8a1b10',
  name: 'Casey Morgan',
  county: 'Marion',
  email: 'casey@example.org',
  archived: false,
  clientCount: 1,
  createdAt: now,
  updatedAt: now,
};
const ann: Client = {
  id: '0b5d6a2e-8f7c-4d3b-9a1e-2c4f6e8a0b1c',
  name: 'Ann Arbor',
  email: 'ann@example.org',
  emails: [],
  altNames: [],
  archived: false,
  pid: 'AB1234',
  budgetClientId: null,
  clientPrime: null,
  ispMonth: 3,
  serviceElement: 'SE 49',
  caseManagerId: caseManager.id,
  needsReview: false,
  caseManagerName: caseManager.name,
  createdAt: now,
  updatedAt: now,
};

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });

let requests: { method: string; url: string; body: unknown }[] = [];
let onCreate: (body: unknown) => Response;

beforeEach(() => {
  requests = [];
  onCreate = () => json(201, ann);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url: url.pathname + url.search, body });
      if (url.pathname === '/api/case-managers')
        return Promise.resolve(
          json(200, { items: [caseManager], total: 1, totalExact: true, page: 1, pageSize: 500 }),
        );
      if (url.pathname === '/api/clients' && method === 'GET')
        return Promise.resolve(
          json(200, { items: [ann], total: 1, totalExact: true, page: 1, pageSize: 50 }),
        );
      if (url.pathname === '/api/clients' && method === 'POST') return Promise.resolve(onCreate(body));
      return Promise.resolve(
        json(404, { type: 'about:blank', title: 'Not found', status: 404, code: 'NOT_FOUND' }),
      );
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(url = '/admin/clients') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <ClientsPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ClientsPage', () => {
  it('lists clients with the filters from the URL', async () => {
    renderPage('/admin/clients?q=ann&sort=pid&order=desc');
    expect(screen.getByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Ann Arbor/ });
    expect(row).toHaveTextContent('AB1234');
    expect(row).toHaveTextContent('March');
    expect(row).toHaveTextContent('Casey Morgan');
    expect(screen.getByText('1 client')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('ann');
    expect(requests.find((r) => r.url.startsWith('/api/clients?'))?.url).toBe(
      '/api/clients?page=1&pageSize=50&q=ann&archived=false&sort=pid&order=desc',
    );
  });

  it('validates the new-client form with the contract and keeps the values when the server rejects a field', async () => {
    onCreate = () =>
      json(
        400,
        {
          type: 'about:blank',
          title: 'Validation failed',
          status: 400,
          code: 'VALIDATION_FAILED',
          requestId: 'req-9',
          errors: [{ path: 'pid', message: 'is already used by another client' }],
        },
        'application/problem+json',
      );
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'New client' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Bo Brown' } });
    fireEvent.change(within(dialog).getByLabelText(/^PID/), { target: { value: 'AB1234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('PID is already used by another client')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      name: 'Bo Brown',
      pid: 'AB1234',
      email: null,
    });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Bo Brown');
    expect(within(dialog).getByLabelText(/^PID/)).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText(/^PID/)).toHaveFocus();
  });

  it('opens the edit drawer from a row with Archive behind a confirm step', async () => {
    renderPage();
    fireEvent.keyDown(await screen.findByRole('row', { name: /Ann Arbor/ }), { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Ann Arbor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    expect(within(dialog).getByText('Archive Ann Arbor?')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Archive' })).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(dialog).queryByText('Archive Ann Arbor?')).not.toBeInTheDocument());
  });
});
