/**
 * Lines put into visual order by the Unicode Bidirectional Algorithm (UAX #9, via bidi-js): English unchanged,
 * Hebrew reversed, numbers kept left to right inside right-to-left text, brackets mirrored, each wrapped line
 * reordered within its paragraph's direction, and the strings handed to the font.
 */
import { describe, expect, it } from 'vitest';
import { drawingText, paragraphLevels, visualLine, visualRuns } from './bidi-text.ts';

/** Hebrew "Sarah Cohen" and "hospital"; Arabic "Fatima". */
const sarah = 'שרה כהן';
const reversedSarah = 'ןהכ הרש';

describe('visualLine', () => {
  it('leaves a left-to-right line unchanged, as one run', () => {
    const text = 'Call 911 if the seizure lasts over 5 minutes (timed).';
    expect(visualLine(text)).toBe(text);
    expect(visualRuns(text)).toEqual([{ logical: text, visual: text, rtl: false }]);
  });

  it('reverses a Hebrew-only line', () => {
    expect(visualLine(sarah)).toBe(reversedSarah);
    expect(visualRuns(sarah)).toEqual([{ logical: sarah, visual: reversedSarah, rtl: true }]);
  });

  it('places a Hebrew name inside an English sentence where it reads', () => {
    expect(visualLine(`Written by ${sarah}, RN`)).toBe(`Written by ${reversedSarah}, RN`);
    expect(visualRuns(`Written by ${sarah}, RN`).map((run) => run.rtl)).toEqual([false, true, false]);
  });

  it('keeps numbers left to right inside right-to-left text, and puts English runs to the left of a Hebrew paragraph', () => {
    // "Call at 10:30 to number 911" in Hebrew: a right-to-left paragraph with numbers.
    expect(visualLine('להתקשר ב-10:30 למספר 911')).toBe('911 רפסמל 10:30-ב רשקתהל');
    // A Hebrew paragraph with an English phrase: the phrase reads left to right, the Hebrew around it right to left.
    expect(visualLine(`${sarah} takes Diastat 10 mg`)).toBe(`takes Diastat 10 mg ${reversedSarah}`);
    // Arabic-Indic digits stay in their order too.
    expect(visualLine('غرفة ١٢٣')).toBe('١٢٣ ةفرغ');
  });

  it('mirrors brackets inside right-to-left runs, never in left-to-right ones', () => {
    expect(visualLine('(שלום)')).toBe('(םולש)');
    expect(visualLine('א (ב) ג')).toBe('ג (ב) א');
    expect(visualLine('Seizures (SERIOUS RISK) [MAR]')).toBe('Seizures (SERIOUS RISK) [MAR]');
    const runs = visualRuns('(שלום)');
    expect(runs).toHaveLength(1);
    // Logical text with mirrored brackets: the font reverses it into "(םולש)".
    expect(runs[0]?.logical).toBe(')שלום(');
  });

  it('reorders each wrapped line within the paragraph direction (wrap logically, then reorder each line)', () => {
    const paragraph = `${sarah} takes Diastat 10 mg ${sarah}`;
    const levels = paragraphLevels(paragraph);
    const first = paragraph.indexOf(' takes');
    const line1 = visualRuns(paragraph, 0, first, levels);
    const line2 = visualRuns(paragraph, first + 1, paragraph.length, levels);
    expect(line1.map((run) => run.visual).join('')).toBe(reversedSarah);
    // The second line starts with English, but its paragraph is right to left: the Hebrew name stays on the right.
    expect(line2.map((run) => run.visual).join('')).toBe(`${reversedSarah} takes Diastat 10 mg`);
    // Alone, the same words would read as a left-to-right line.
    expect(visualLine(`takes Diastat 10 mg ${sarah}`)).toBe(`takes Diastat 10 mg ${reversedSarah}`);
  });

  it('keeps combining marks on their letters when reversing', () => {
    // Hebrew with niqqud: each letter's points go with it.
    const pointed = 'שָׁלוֹם';
    const visual = visualLine(pointed);
    expect(visual).toBe('ם' + 'וֹ' + 'ל' + 'שָׁ');
    expect([...visual].length).toBe([...pointed].length);
  });

  it('returns no run for an empty range', () => {
    expect(visualRuns('')).toEqual([]);
    expect(visualRuns('abc', 2, 2)).toEqual([]);
  });
});

describe('drawingText', () => {
  it('gives the font right-to-left runs in logical order (it reverses and joins them) and others as they stand', () => {
    const [english, hebrew, comma] = visualRuns(`Written by ${sarah}, RN`);
    expect(english && drawingText(english)).toBe('Written by ');
    expect(hebrew && drawingText(hebrew)).toBe(sarah);
    expect(comma && drawingText(comma)).toBe(', RN');
  });

  it('gives a right-to-left run of neutrals only in visual order (the font would not reverse it)', () => {
    const runs = visualRuns('א - ב');
    expect(runs.map(drawingText)).toEqual(['א - ב']);
    const neutral = { logical: ')-(', visual: '(-)', rtl: true };
    expect(drawingText(neutral)).toBe('(-)');
  });

  it('gives a left-to-right run that the font would read as Arabic reversed (Arabic-Indic digits)', () => {
    const digits = visualRuns('غرفة ١٢٣').find((run) => !run.rtl);
    expect(digits?.visual).toBe('١٢٣');
    expect(digits && drawingText(digits)).toBe('٣٢١');
  });
});
