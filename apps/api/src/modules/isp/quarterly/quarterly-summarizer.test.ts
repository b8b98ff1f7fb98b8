import { describe, expect, it } from 'vitest';
import {
  GENERAL_SECTION,
  SUMMARY_MAX_CHARS,
  SUMMARY_MAX_SENTENCE_CHARS,
  SUMMARY_MAX_SENTENCES,
  sectionNameOf,
  sentencesOf,
  summarizeQuarter,
  type QuarterNote,
} from './quarterly-summarizer.ts';

let counter = 0;
function note(partial: Partial<QuarterNote> & { documentation: string }): QuarterNote {
  counter += 1;
  return {
    id: `n-${String(counter).padStart(4, '0')}`,
    shiftId: `s-${counter}`,
    localDate: '2026-01-05',
    submittedAt: null,
    sectionType: null,
    ...partial,
  };
}

describe('sentencesOf', () => {
  it('splits lines and sentences and collapses spaces', () => {
    expect(sentencesOf('Ate lunch at noon.  Took a walk!\nSlept   well at night')).toEqual([
      'Ate lunch at noon.',
      'Took a walk!',
      'Slept well at night',
    ]);
  });
});

describe('sectionNameOf', () => {
  it('names notes without a section type General and tidies the others', () => {
    expect(sectionNameOf(null)).toBe(GENERAL_SECTION);
    expect(sectionNameOf('   ')).toBe(GENERAL_SECTION);
    expect(sectionNameOf('  Behavior   support ')).toBe('Behavior support');
  });
});

describe('summarizeQuarter', () => {
  it('gives no section for no notes', () => {
    expect(summarizeQuarter([])).toEqual([]);
  });

  it('makes one section per section type, General last, counting notes and shifts', () => {
    const notes = [
      note({ sectionType: 'Meals', documentation: 'Client ate a full breakfast with staff.', shiftId: 'a' }),
      note({ sectionType: 'meals', documentation: 'Client drank fluids at lunch today.', shiftId: 'a' }),
      note({ documentation: 'Went to the park with staff in the afternoon.', shiftId: 'b' }),
      note({ sectionType: 'Behavior', documentation: 'Calm all day and joined the group.', shiftId: 'c' }),
    ];
    const sections = summarizeQuarter(notes);
    expect(sections.map((s) => s.sectionName)).toEqual(['Behavior', 'Meals', GENERAL_SECTION]);
    const meals = sections[1]!;
    expect(meals.noteCount).toBe(2);
    expect(meals.shiftCount).toBe(1);
    expect(meals.sectionSummary.split('\n')[0]).toBe('2 notes from 1 shift, on 2026-01-05.');
  });

  it('keeps a sentence written every shift once, saying how many notes wrote it', () => {
    const notes = Array.from({ length: 10 }, (_, i) =>
      note({
        localDate: `2026-02-${String(i + 1).padStart(2, '0')}`,
        documentation:
          i % 2
            ? 'Client took all morning medications as prescribed.'
            : 'Client took all morning medications as prescribed!',
      }),
    );
    notes.push(note({ localDate: '2026-02-20', documentation: 'Client refused morning medications once.' }));
    const [section] = summarizeQuarter(notes);
    const lines = section!.sectionSummary.split('\n');
    expect(lines[0]).toBe('11 notes from 11 shifts, 2026-02-01 to 2026-02-20.');
    expect(lines.filter((l) => l.includes('as prescribed'))).toEqual([
      '2026-02-01 — Client took all morning medications as prescribed! (on 10 notes)',
    ]);
    expect(section!.sentenceCount).toBe(2);
  });

  it('prefers central sentences over one-off ones and prints the kept ones in date order', () => {
    const central = [
      'Seizure lasted two minutes and staff timed the seizure.',
      'Another seizure after dinner, staff followed the seizure protocol.',
      'Short seizure in the morning, rescue medication not needed.',
      'Seizure log updated and nurse told about the seizure.',
      'Staff stayed close during the seizure and timed it.',
      'Seizure free week, protocol reviewed with staff.',
    ];
    const oneOff = ['Bought a blue hat downtown yesterday.', 'Painted pictures quietly alone.'];
    const notes = [
      ...oneOff.map((d, i) => note({ localDate: `2026-03-0${i + 1}`, documentation: d })),
      ...central.map((d, i) => note({ localDate: `2026-03-1${i}`, documentation: d })),
    ];
    const [section] = summarizeQuarter(notes);
    const lines = section!.sectionSummary.split('\n').slice(1);
    expect(lines).toHaveLength(SUMMARY_MAX_SENTENCES);
    expect(lines.some((l) => l.includes('blue hat'))).toBe(false);
    expect(lines.every((l) => l.includes('eizure'))).toBe(true);
    const dates = lines.map((l) => l.slice(0, 10));
    expect([...dates].sort()).toEqual(dates);
  });

  it('is the same byte for byte whatever the order of the notes', () => {
    const notes = Array.from({ length: 30 }, (_, i) =>
      note({
        localDate: `2026-0${1 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}`,
        sectionType: i % 4 ? 'Health' : null,
        documentation: `Walked ${i % 5} blocks with staff. Mood was ${['good', 'calm', 'tired'][i % 3]} after the walk.`,
      }),
    );
    const once = summarizeQuarter(notes);
    const reversed = summarizeQuarter([...notes].reverse());
    expect(JSON.stringify(reversed)).toBe(JSON.stringify(once));
  });

  it('bounds the summary: sentences cut at a grapheme boundary, total characters capped', () => {
    const long = `${'Staff noted that the client '.repeat(20)}enjoyed the café 👩🏽‍🦱 visit.`;
    const notes = Array.from({ length: 8 }, (_, i) =>
      note({ localDate: `2026-01-1${i}`, documentation: `${long} Variant ${'abcdefgh'[i]} client staff.` }),
    );
    const [section] = summarizeQuarter(notes);
    const lines = section!.sectionSummary.split('\n').slice(1);
    for (const line of lines) {
      const sentence = line.slice('2026-01-10 — '.length).replace(/ \(on \d+ notes\)$/, '');
      expect(sentence.length).toBeLessThanOrEqual(SUMMARY_MAX_SENTENCE_CHARS);
      expect(sentence).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/);
    }
    const keptChars = lines.reduce((sum, l) => sum + l.length - '2026-01-10 — '.length, 0);
    expect(keptChars).toBeLessThanOrEqual(SUMMARY_MAX_CHARS + SUMMARY_MAX_SENTENCE_CHARS);
  });

  it('counts sentences differing only by their numbers as one, so routine measures do not crowd the summary', () => {
    const notes = Array.from({ length: 12 }, (_, i) =>
      note({
        localDate: `2026-01-${String(i + 1).padStart(2, '0')}`,
        documentation: `Ate ${i * 5}% of dinner. Joined the group walk in the morning.`,
      }),
    );
    notes.push(
      note({ localDate: '2026-01-20', documentation: 'Had a seizure at the group walk in the morning.' }),
    );
    const [section] = summarizeQuarter(notes);
    const lines = section!.sectionSummary.split('\n').slice(1);
    expect(lines.filter((l) => l.includes('of dinner'))).toEqual([
      '2026-01-01 — Ate 0% of dinner. (on 12 notes)',
    ]);
    expect(section!.sentenceCount).toBe(3);
  });

  it('keeps no two lines that say the same thing', () => {
    const notes = [
      'Staff timed the seizure and logged the seizure.',
      'Staff timed the seizure and logged the seizure again today.',
      'Seizure was timed by staff and the seizure logged.',
      'Took a walk with staff after the seizure.',
    ].map((documentation, i) => note({ localDate: `2026-02-0${i + 1}`, documentation }));
    const [section] = summarizeQuarter(notes);
    const lines = section!.sectionSummary.split('\n').slice(1);
    expect(lines.filter((l) => /timed/.test(l))).toHaveLength(1);
    expect(lines.some((l) => l.includes('Took a walk'))).toBe(true);
  });

  it('says when no sentence is long enough to summarize', () => {
    const [section] = summarizeQuarter([note({ documentation: 'N/A' }), note({ documentation: 'Yes.' })]);
    expect(section!.sectionSummary).toBe(
      '2 notes from 2 shifts, on 2026-01-05.\nNo sentence of three words or more to summarize.',
    );
  });
});
