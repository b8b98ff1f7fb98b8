/**
 * Focus after client-side navigation (docs/accessibility.md): the new page's h1 takes the focus, also when it
 * appears after a loader; not on the first page; not when the page has put the focus elsewhere; not when only
 * the query string changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState, useEffect } from 'react';
import { createMemoryRouter, Link, RouterProvider, Outlet, useSearchParams } from 'react-router';
import { focusHeadingWhenShown, useFocusHeadingOnNavigation } from './focus-heading.ts';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

function Root() {
  useFocusHeadingOnNavigation();
  return (
    <main>
      <Outlet />
    </main>
  );
}

/** A page whose heading shows only after a moment, like a lazily loaded screen. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Slow page</h1> : <p>Loading…</p>;
}

function FirstPage() {
  const [, setSearch] = useSearchParams();
  return (
    <>
      <h1>First page</h1>
      <Link to="/second">To the second page</Link>
      <Link to="/slow">To the slow page</Link>
      <button type="button" onClick={() => setSearch({ q: 'x' })}>
        Filter
      </button>
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: '/', element: <FirstPage /> },
          { path: '/second', element: <h1>Second page</h1> },
          { path: '/slow', element: <SlowPage /> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('useFocusHeadingOnNavigation', () => {
  it('leaves the first page alone, then focuses the next page heading', async () => {
    const router = renderApp();
    expect(document.activeElement).toBe(document.body);
    const link = screen.getByRole('link', { name: 'To the second page' });
    link.focus();
    await act(() => router.navigate('/second'));
    const heading = await screen.findByRole('heading', { name: 'Second page' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('waits for a heading that appears after a loader', async () => {
    const router = renderApp();
    await act(() => router.navigate('/slow'));
    const heading = await screen.findByRole('heading', { name: 'Slow page' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(document.activeElement).toBe(heading);
  });

  it('does not move the focus when only the query string changes', async () => {
    renderApp();
    const filter = screen.getByRole('button', { name: 'Filter' });
    filter.focus();
    await act(async () => filter.click());
    expect(document.activeElement).toBe(filter);
  });
});

describe('focusHeadingWhenShown', () => {
  it('leaves the focus where the page put it', () => {
    document.body.innerHTML = '<main><h1>Title</h1><input aria-label="Name" /></main>';
    const input = document.querySelector('input') as HTMLInputElement;
    input.focus();
    focusHeadingWhenShown(null);
    expect(document.activeElement).toBe(input);
  });

  it('stops waiting when told to', async () => {
    const stop = focusHeadingWhenShown(null, 1000);
    stop();
    document.body.innerHTML = '<main><h1>Late</h1></main>';
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(document.body);
  });
});

describe('a page whose sections come before its title', () => {
  it('waits for the h1 and never settles on an h2', async () => {
    document.body.innerHTML = '<main><h2>Filters</h2></main>';
    const stop = focusHeadingWhenShown(null, 1000);
    expect(document.activeElement).toBe(document.body);
    const title = document.createElement('h1');
    title.textContent = 'Clients';
    document.querySelector('main')?.prepend(title);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(title);
    stop();
  });
});
