import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { AltTextModal } from './alt-text-modal.tsx';

// The autosizing description listens for font loads, which jsdom has no `document.fonts` for.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});
afterEach(cleanup);

function open(initial = { altText: '', decorative: false }) {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <MantineProvider>
      <AltTextModal opened initial={initial} onSave={onSave} onCancel={onCancel} />
    </MantineProvider>,
  );
  return { onSave, onCancel };
}

describe('AltTextModal', () => {
  it('refuses to save without a description, then saves one', () => {
    const { onSave } = open();
    fireEvent.click(screen.getByRole('button', { name: 'Save alt text' }));
    expect(screen.getByText('Describe the image, or mark it as decorative.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'Seal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save alt text' }));
    expect(onSave).toHaveBeenCalledWith({ altText: 'Seal', decorative: false });
  });

  it('saves a decorative image without a description', () => {
    const { onSave } = open();
    fireEvent.click(screen.getByRole('checkbox', { name: /Decorative image/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save alt text' }));
    expect(onSave).toHaveBeenCalledWith({ altText: '', decorative: true });
  });

  it('starts from the stamp’s alt text and cancels', () => {
    const { onCancel } = open({ altText: 'Red stamp', decorative: false });
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }).value).toBe('Red stamp');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
