import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { HighlightedText } from './highlighted-text.tsx';

afterEach(cleanup);

describe('HighlightedText', () => {
  it('marks ⟦…⟧ phrases and renders everything else as text, never as HTML', () => {
    const { container } = render(
      <MantineProvider>
        <HighlightedText
          label="excerpt"
          text={'<img src=x onerror=alert(1)> [REDACTED] ⟦fell⟧ near <b>the</b> ⟦ER⟧'}
        />
      </MantineProvider>,
    );
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['fell', 'ER']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[aria-label="excerpt"]')?.textContent).toBe(
      '<img src=x onerror=alert(1)> [REDACTED] fell near <b>the</b> ER',
    );
  });
});
