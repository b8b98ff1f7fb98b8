/** Focus when a row leaves a list (keep-focus-in-list.ts; docs/accessibility.md "Keyboard and focus"). */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useKeepFocusInList } from './keep-focus-in-list.ts';

afterEach(cleanup);

let setRows: (rows: string[]) => void = () => undefined;
let setDialog: (open: boolean) => void = () => undefined;

/** A list of focusable rows (as DataTable renders them), its empty state, a field elsewhere and a dialog. */
function List({ initial }: { initial: string[] }) {
  const [rows, setRowsState] = useState(initial);
  const [dialog, setDialogState] = useState(false);
  setRows = setRowsState;
  setDialog = setDialogState;
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
    render(<List initial={['A', 'B', 'C']} />);
    act(() => row('B').focus());
    act(() => setRows(['A', 'C']));
    await waitFor(() => expect(document.activeElement).toBe(row('C')));
  });

  it('hands it to the row before when it was the last', async () => {
    render(<List initial={['A', 'B']} />);
    act(() => row('B').focus());
    act(() => setRows(['A']));
    await waitFor(() => expect(document.activeElement).toBe(row('A')));
  });

  it('hands it to the empty state when no row is left', async () => {
    render(<List initial={['A']} />);
    act(() => row('A').focus());
    act(() => setRows([]));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByText('Nothing to review')));
  });

  it('waits while the dialog the row opened is open, then focuses the next row', async () => {
    render(<List initial={['A', 'B', 'C']} />);
    act(() => row('A').focus());
    act(() => setDialog(true));
    const button = screen.getByRole('button', { name: 'Mark reviewed' });
    act(() => button.focus());
    act(() => setRows(['B', 'C']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(button);
    act(() => setDialog(false));
    await waitFor(() => expect(document.activeElement).toBe(row('B')));
  });

  it('leaves the focus alone once the person moved elsewhere', async () => {
    render(<List initial={['A', 'B']} />);
    act(() => row('A').focus());
    const filter = screen.getByRole('textbox', { name: 'Filter' });
    act(() => filter.focus());
    act(() => setRows(['B']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(filter);
  });
});
