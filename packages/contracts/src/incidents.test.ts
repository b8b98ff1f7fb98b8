import { describe, expect, it } from 'vitest';
import {
  incidentCategories,
  incidentListQuery,
  maxSeverity,
  severityRank,
  splitHighlights,
  termInput,
} from './incidents.ts';

describe('incident catalogue', () => {
  it('covers the categories of the issue, with unique ids and a deadline each', () => {
    const ids = incidentCategories.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      'fall',
      'injury',
      'medication_error',
      'seizure',
      'behaviour_restraint',
      'hospital_er',
      'police',
      'abuse_neglect',
      'missing_person',
      'property_damage',
      'death',
    ])
      expect(ids).toContain(id);
    expect(incidentCategories.find((c) => c.id === 'abuse_neglect')?.deadline).toEqual({
      kind: 'immediately',
    });
  });

  it('orders severities', () => {
    expect(severityRank('CRITICAL')).toBeLessThan(severityRank('LOW'));
    expect(severityRank('nope')).toBe(4);
    expect(maxSeverity('LOW', 'HIGH')).toBe('HIGH');
    expect(maxSeverity(null, 'MEDIUM')).toBe('MEDIUM');
  });
});

describe('splitHighlights', () => {
  it('splits marked text and tolerates an unclosed marker', () => {
    expect(splitHighlights('a ⟦b⟧ c')).toEqual([
      { text: 'a ', highlighted: false },
      { text: 'b', highlighted: true },
      { text: ' c', highlighted: false },
    ]);
    expect(splitHighlights('⟦open')).toEqual([{ text: 'open', highlighted: true }]);
    expect(splitHighlights('')).toEqual([]);
  });
});

describe('schemas', () => {
  it('needs a category or redaction on a term', () => {
    expect(termInput.safeParse({ term: 'x' }).success).toBe(false);
    expect(termInput.parse({ term: ' x ', shouldRedact: true })).toEqual({
      term: 'x',
      label: null,
      shouldRedact: true,
    });
    expect(termInput.safeParse({ term: 'x', label: 'fall' }).success).toBe(true);
  });
  it('defaults the queue to open incidents by severity', () => {
    expect(incidentListQuery.parse({})).toMatchObject({
      handled: 'open',
      sort: 'severity',
      order: 'asc',
      page: 1,
    });
  });
});
