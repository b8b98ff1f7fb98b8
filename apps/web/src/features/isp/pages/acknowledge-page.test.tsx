import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AcknowledgementProtocol, MyAcknowledgements } from '@tend/contracts';
import { TestIntl } from '../../../test/intl.tsx';
import { AcknowledgePage } from './acknowledge-page.tsx';

const protocol = (over: Partial<AcknowledgementProtocol>): AcknowledgementProtocol => ({
  protocolId: '0b5d6a2e-8f7c-4d3b-9a1e-2c4f6e8a0b1c',
  version: 1,
  riskType: 'Choking',
  serious: false,
  mar: false,
  pbsp: false,
  sections: {
    description: 'Eats quickly.',
    prevention: null,
    response: 'Encourage coughing.',
    emergency: null,
  },
  thresholds: [],
  escalationSteps: [],
  medicationReferences: [],
  acknowledgedAt: null,
  ...over,
});
const seizuresId = '7d1f6c57-0a43-4b0e-9a7c-3f3d2f8a1b10';
const mine: MyAcknowledgements = {
  pending: 1,
  clients: [
    {
      clientId: '2c4f6e8a-0b1c-4d3b-9a1e-0b5d6a2e8f7c',
      clientName: 'Casey Client',
      ispId: '3f3d2f8a-1b10-4b0e-9a7c-7d1f6c570a43',
      pending: 1,
      protocols: [
        protocol({
          protocolId: seizuresId,
          riskType: 'Seizures',
          serious: true,
          thresholds: ['More than 2 seizures in 24 hours'],
        }),
        protocol({ acknowledgedAt: '2026-11-20T18:00:00.000Z' }),
      ],
    },
  ],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let requests: { method: string; url: string; body: unknown }[] = [];
let listResponse: () => Response;

beforeEach(() => {
  requests = [];
  listResponse = () => json(200, mine);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url: url.pathname + url.search, body });
      if (method === 'POST')
        return Promise.resolve(
          json(201, {
            protocolId: seizuresId,
            version: 1,
            caregiverId: seizuresId,
            acknowledgedAt: '2026-11-27T18:00:00.000Z',
          }),
        );
      return Promise.resolve(listResponse());
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <TestIntl>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[url]}>
            <AcknowledgePage />
          </MemoryRouter>
        </QueryClientProvider>
      </TestIntl>
    </MantineProvider>,
  );
}

describe('AcknowledgePage', () => {
  it('shows each protocol with its sections and thresholds, and acknowledges the pending one', async () => {
    renderAt('/acknowledge?request=abc_DEF-123');
    const seizures = await screen.findByRole('article', { name: 'Seizures' });
    expect(requests[0]?.url).toBe('/api/acknowledgements?locale=en&request=abc_DEF-123');
    expect(within(seizures).getByText('Serious risk')).toBeTruthy();
    expect(within(seizures).getByText('More than 2 seizures in 24 hours')).toBeTruthy();
    const choking = screen.getByRole('article', { name: 'Choking' });
    expect(within(choking).getByText(/^Acknowledged /)).toBeTruthy();
    expect(within(choking).queryByRole('button')).toBeNull();
    expect(within(choking).queryByText('Supports and prevention')).toBeNull();
    fireEvent.click(
      within(seizures).getByRole('button', { name: 'I have read and understand this protocol: Seizures' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')).toEqual({
        method: 'POST',
        url: '/api/acknowledgements',
        body: { protocolId: seizuresId },
      }),
    );
  });

  it('says a link that is not the caregiver’s does not open here, and offers the full list', async () => {
    listResponse = () =>
      json(404, { type: 'about:blank', title: 'Not found', status: 404, code: 'NOT_FOUND', detail: 'x' });
    renderAt('/acknowledge?request=someone-elses');
    expect(await screen.findByText('This link does not open here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all my protocols' }).getAttribute('href')).toBe(
      '/acknowledge',
    );
  });

  it('tells what to expect when nothing is waiting', async () => {
    listResponse = () => json(200, { clients: [], pending: 0 });
    renderAt('/acknowledge');
    expect(await screen.findByText('No protocols to acknowledge')).toBeTruthy();
  });
});
