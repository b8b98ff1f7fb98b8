/**
 * Text with matched phrases highlighted: the `⟦…⟧` markers of analyzed notes (contracts
 * `splitHighlights`) become `<mark>` elements. Rendered as React text nodes only (never HTML), so
 * whatever a note contains is shown as text.
 */
import { Text } from '@mantine/core';
import { splitHighlights } from '@tend/contracts';

export function HighlightedText({ text, label }: { text: string; label?: string }) {
  return (
    <Text
      component="div"
      size="sm"
      aria-label={label}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 }}
    >
      {splitHighlights(text).map((part, index) =>
        part.highlighted ? (
          <mark
            key={index}
            style={{
              background: 'var(--mantine-color-yellow-2)',
              color: 'var(--mantine-color-black)',
              fontWeight: 600,
              padding: '0 2px',
              borderRadius: 2,
            }}
          >
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
