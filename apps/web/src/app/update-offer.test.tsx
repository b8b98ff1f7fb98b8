/**
 * The reload offer on screen (issue 24 "App updates"; decision 0068): one offer for a new version, in words that say
 * what to do, with Reload and Not now; Not now hides it until another version; a screen whose code failed to load
 * right after a reload shows the offer as its content, and the floating one hides meanwhile (one offer at a time).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { TestIntl } from '../test/intl.tsx';
import { checkForUpdate, getUpdateState, RELOAD_GUARD_KEY, resetUpdateState } from '../lib/app-updates.ts';
import { ChunkFailedOffer, UpdateOffer } from './update-offer.tsx';

const renderOffer = (extra?: React.ReactNode) =>
  render(
    <MantineProvider>
      <TestIntl>
        {extra}
        <UpdateOffer watch={false} />
      </TestIntl>
    </MantineProvider>,
  );

afterEach(() => {
  resetUpdateState();
  sessionStorage.clear();
});

describe('UpdateOffer', () => {
  it('shows one offer for a new version and hides it on Not now until another version', async () => {
    renderOffer();
    expect(screen.queryByText('A new version of Tend is ready')).toBeNull();
    await act(() => checkForUpdate(async () => 'v2'));
    await act(() => checkForUpdate(async () => 'v2'));
    expect(screen.getAllByText('A new version of Tend is ready')).toHaveLength(1);
    expect(screen.getByText(/Reload to use it/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText('A new version of Tend is ready')).toBeNull();
    await act(() => checkForUpdate(async () => 'v2'));
    expect(screen.queryByText('A new version of Tend is ready')).toBeNull();
    await act(() => checkForUpdate(async () => 'v3'));
    expect(screen.getAllByText('A new version of Tend is ready')).toHaveLength(1);
  });

  it('a chunk failure just after a reload shows the offer in the page, and only there', async () => {
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    await act(() => checkForUpdate(async () => 'v2'));
    renderOffer(
      <ChunkFailedOffer error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')} />,
    );
    expect(await screen.findByRole('heading', { name: 'A new version of Tend is ready' })).toBeVisible();
    expect(screen.getByText('This screen changed in the new version. Reload to open it.')).toBeVisible();
    expect(screen.getAllByText('A new version of Tend is ready')).toHaveLength(1);
    expect(getUpdateState().inlineOffers).toBe(1);
  });
});
