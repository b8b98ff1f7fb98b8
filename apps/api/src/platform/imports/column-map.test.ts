/** Column-map suggestions shared by every import kind. Pure. */
import { describe, expect, it } from 'vitest';
import { applySavedColumnMap, headerSignature, suggestFromSynonyms } from './column-map.ts';

const synonyms = { documentation: ['documentation', 'note'], prompt: ['prompt', 'note'] } as const;

describe('suggestFromSynonyms', () => {
  it('maps headers by normalised name, drops a trailing note, gives a spelling to the first field and a field to the first header', () => {
    expect(suggestFromSynonyms(['Note (text)', 'PROMPT', 'Documentation', 'Other'], synonyms)).toEqual({
      'Note (text)': 'documentation',
      PROMPT: 'prompt',
    });
  });
});

describe('headerSignature / applySavedColumnMap', () => {
  it('recognises the same header in another spelling and re-keys the saved map', () => {
    expect(headerSignature(['Shift ID', 'Note'])).toBe(headerSignature(['shift_id', 'NOTE']));
    expect(headerSignature(['Note', 'Shift ID'])).not.toBe(headerSignature(['Shift ID', 'Note']));
    expect(applySavedColumnMap({ 'Shift ID': 'givShiftId', Gone: 'x' }, ['shift_id', 'Note'])).toEqual({
      shift_id: 'givShiftId',
    });
  });
});
