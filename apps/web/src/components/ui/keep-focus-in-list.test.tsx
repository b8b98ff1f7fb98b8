/** Focus when a row leaves a list (keep-focus-in-list.ts; docs/accessibility.md "Keyboard and focus"). */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { useKeepFocusInList } from './keep-focus-in-list.ts';

afterEach(cleanup);

/** A list of focusable rows (as DataTable renders them), its empty state, a field elsewhere and a dialog. */
function List({ rows, dialog = false }: { rows: string[]; dialog?: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  useKeepFocusInList(container);
  return (
    <>
      <input aria-label="Filter" />
      <div ref={container}>
        {rows.length > 0 ? (
          <table>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row} data-index={index} tabIndex={0} aria-label={row}>
                  <td>{row}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div data-list-empty tabIndex={-1}>
            Nothing to review
          </div>
        )}
      </div>
      {dialog ? (
        <div role="dialog" aria-label="Review">
          <button type="button">Mark reviewed</button>
        </div>
      ) : null}
    </>
  );
}

const row = (name: string) => screen.getByRole('row', { name });

describe('a row that leaves the list', () => {
  it('hands the focus to the row now in its place', async () => {
    const view = render(<List rows={['A', 'B', 'C']} />);
    act(() => row('B').focus());
    view.rerender(<List rows={['A', 'C']} />);
    await waitFor(() => expect(document.activeElement).toBe(row('C')));
  });

  it('hands it to the row before when it was the last', async () => {
    const view = render(<List rows={['A', 'B']} />);
    act(() => row('B').focus());
    view.rerender(<List rows={['A']} />);
    await waitFor(() => expect(document.activeElement).toBe(row('A')));
  });

  it('hands it to the empty state when no row is left', async () => {
    const view = render(<List rows={['A']} />);
    act(() => row('A').focus());
    view.rerender(<List rows={[]} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Nothing to review')));
  });

  it('waits while the dialog the row opened is open, then focuses the next row', async () => {
    const view = render(<List rows={['A', 'B', 'C']} />);
    act(() => row('A').focus());
    view.rerender(<List rows={['A', 'B', 'C']} dialog />);
    const button = screen.getByRole('button', { name: 'Mark reviewed' });
    act(() => button.focus());
    view.rerender(<List rows={['B', 'C']} dialog />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(button);
    view.rerender(<List rows={['B', 'C']} />);
    await waitFor(() => expect(document.activeElement).toBe(row('B')));
  });

  it('leaves the focus alone once the person moved elsewhere', async () => {
    const view = render(<List rows={['A', 'B']} />);
    act(() => row('A').focus());
    const filter = screen.getByRole('textbox', { name: 'Filter' });
    act(() => filter.focus());
    view.rerender(<List rows={['B']} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(filter);
  });
});
