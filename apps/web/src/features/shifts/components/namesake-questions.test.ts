/** The namesake questions' answers as the start's body (decision 0035). */
import { describe, expect, it } from 'vitest';
import type { ShiftImportPreview } from '@tend/contracts';
import { namesakeQuestionsUi } from './namesake-questions.tsx';

const personId = '7f0c9a52-3f43-4b5f-9e0b-2a8f7d1c5e11';
const preview: ShiftImportPreview = {
  rows: [],
  problems: [],
  people: {
    caregiversByNameOnly: true,
    clientsByNameOnly: false,
    more: 0,
    namesakes: [
      {
        role: 'caregiver',
        name: 'Maria Lopez',
        rows: 2,
        inFile: [],
        inTend: [{ id: personId, name: 'Maria Lopez', externalId: 'E-1', altName: false }],
      },
      { role: 'client', name: 'Ann Lee', rows: 1, inFile: ['P-7', 'P-8'], inTend: [] },
      { role: 'caregiver', name: 'Kim Park', rows: 1, inFile: ['E-9'], inTend: [] },
    ],
  },
};

describe('namesakeQuestionsUi', () => {
  it('counts unanswered questions and sends each answer as its linkTo', () => {
    const answers = { 'caregiver:Maria Lopez': `person:${personId}`, 'client:Ann Lee': 'fileId:P-8' };
    expect(namesakeQuestionsUi.unanswered(preview, {})).toBe(3);
    expect(namesakeQuestionsUi.unanswered(preview, answers)).toBe(1);
    expect(namesakeQuestionsUi.body(preview, { ...answers, 'caregiver:Kim Park': 'new' })).toEqual({
      namesakes: [
        { role: 'caregiver', name: 'Maria Lopez', linkTo: { to: 'person', personId } },
        { role: 'client', name: 'Ann Lee', linkTo: { to: 'fileId', externalId: 'P-8' } },
        { role: 'caregiver', name: 'Kim Park', linkTo: { to: 'new' } },
      ],
    });
  });

  it('asks nothing of a preview without a people review (a JSON upload, another kind)', () => {
    expect(namesakeQuestionsUi.unanswered({ rows: [], problems: [] }, {})).toBe(0);
    expect(namesakeQuestionsUi.body({ rows: [], problems: [] }, {})).toEqual({ namesakes: [] });
  });
});
