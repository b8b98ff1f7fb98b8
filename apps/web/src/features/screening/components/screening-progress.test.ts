import { describe, expect, it } from 'vitest';
import type { ProcessingJob } from '@tend/contracts';
import { openIncidentsText, screeningSummary } from './screening-progress.tsx';

const job = (result: Record<string, number>) =>
  ({ status: 'COMPLETED', result, error: null }) as unknown as ProcessingJob;

describe('screening summary (issue 16: agrees with the incident list)', () => {
  it('says what the run did and, beside it, the open incidents the list counts', () => {
    const open = { total: 1, openBySeverity: { HIGH: 1 } };
    // A run with nothing new: never "0 with incidents" while a HIGH incident is open.
    const idle = screeningSummary(job({ screened: 0, incidents: 0, changed: 0 }), open);
    expect(idle).toBe(
      'Nothing new to screen: every shift with notes was already screened. 1 open incident (1 high).',
    );
    const ran = screeningSummary(job({ screened: 4, incidents: 0, changed: 1 }), open);
    expect(ran).toMatch(
      /^This run screened 4 shifts with new or changed notes: 0 with incidents, 1 changed\./,
    );
    expect(ran).toContain('1 open incident (1 high).');
  });

  it('lists open incidents most severe first', () => {
    expect(openIncidentsText({ total: 0, openBySeverity: {} })).toBe('No open incidents.');
    expect(openIncidentsText({ total: 4, openBySeverity: { LOW: 3, CRITICAL: 1 } })).toBe(
      '4 open incidents (1 critical, 3 low).',
    );
  });
});
