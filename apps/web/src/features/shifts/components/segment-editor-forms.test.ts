import { describe, expect, it } from 'vitest';
import { suggestedSplit } from './segment-editor-forms.tsx';

describe('suggestedSplit', () => {
  it('suggests the middle of the segment rounded to 15 minutes', () => {
    expect(suggestedSplit({ evvStart: '2025-08-04T16:00:00.000Z', evvEnd: '2025-08-04T20:00:00.000Z' })).toBe(
      '2025-08-04T18:00:00.000Z',
    );
    expect(suggestedSplit({ evvStart: '2025-08-04T16:07:00.000Z', evvEnd: '2025-08-04T16:59:00.000Z' })).toBe(
      '2025-08-04T16:30:00.000Z',
    );
  });

  it('falls back to the first whole minute inside a short segment, or none', () => {
    expect(suggestedSplit({ evvStart: '2025-08-04T16:00:10.000Z', evvEnd: '2025-08-04T16:02:00.000Z' })).toBe(
      '2025-08-04T16:01:00.000Z',
    );
    expect(
      suggestedSplit({ evvStart: '2025-08-04T16:00:00.000Z', evvEnd: '2025-08-04T16:01:00.000Z' }),
    ).toBeNull();
    expect(suggestedSplit({ evvStart: null, evvEnd: '2025-08-04T16:01:00.000Z' })).toBeNull();
  });
});
