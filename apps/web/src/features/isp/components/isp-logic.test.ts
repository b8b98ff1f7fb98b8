/** The pure rules of the ISP admin screens: moves, file checks, words for thresholds, flags, sizes and counts. */
import { describe, expect, it } from 'vitest';
import { ISP_MAX_FILE_BYTES, type Protocol } from '@tend/contracts';
import { ispFileProblem } from '../api/isps.ts';
import { movedOrder } from '../pages/protocols-page.tsx';
import { thresholdWords } from '../pages/extraction-test-page.tsx';
import { formatFileSize } from '../../../lib/format/index.ts';
import { includeFlagsOf, includeSummary } from './include-flags-modal.tsx';
import { ispErrorText, protocolCountText, verifyPath } from './isp-parts.tsx';

describe('movedOrder', () => {
  const ids = ['a', 'b', 'c'];
  it('swaps a protocol with its neighbour', () => {
    expect(movedOrder(ids, 'a', 'down')).toEqual(['b', 'a', 'c']);
    expect(movedOrder(ids, 'c', 'up')).toEqual(['a', 'c', 'b']);
  });
  it('answers null at either end and for an unknown id', () => {
    expect(movedOrder(ids, 'a', 'up')).toBeNull();
    expect(movedOrder(ids, 'c', 'down')).toBeNull();
    expect(movedOrder(ids, 'x', 'up')).toBeNull();
  });
  it('leaves the given order untouched', () => {
    movedOrder(ids, 'b', 'up');
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});

describe('ispFileProblem', () => {
  const file = (name: string, type: string, size: number) => {
    const made = new File(['x'], name, { type });
    Object.defineProperty(made, 'size', { value: size });
    return made;
  };
  it('accepts a PDF up to 50 MiB, by type or by extension', () => {
    expect(ispFileProblem(file('plan.pdf', 'application/pdf', 1000))).toBeNull();
    expect(ispFileProblem(file('PLAN.PDF', '', 1000))).toBeNull();
    expect(ispFileProblem(file('plan.pdf', 'application/pdf', ISP_MAX_FILE_BYTES))).toBeNull();
  });
  it('refuses another type, an empty file and one above 50 MiB', () => {
    expect(ispFileProblem(file('plan.docx', 'application/msword', 1000))).toBe('Choose a PDF file (.pdf).');
    expect(ispFileProblem(file('plan.pdf', 'application/pdf', 0))).toMatch(/empty/);
    expect(ispFileProblem(file('plan.pdf', 'application/pdf', ISP_MAX_FILE_BYTES + 1))).toMatch(/50 MiB/);
  });
});

describe('thresholdWords', () => {
  const base = {
    metric: 'seizure',
    value: 2,
    unit: 'count',
    window: null,
    byTime: null,
    text: '',
    confirmed: false,
  };
  it('says the comparison, value, unit, window and time', () => {
    expect(thresholdWords({ ...base, comparison: 'gt', window: { amount: 24, unit: 'hour' } })).toBe(
      'seizure: more than 2 in 24 hours',
    );
    expect(
      thresholdWords({ ...base, metric: 'fluids', comparison: 'lt', value: 64, unit: 'oz', byTime: '14:00' }),
    ).toBe('fluids: less than 64 oz by 14:00');
    expect(
      thresholdWords({
        ...base,
        metric: 'bowel movement',
        comparison: 'none',
        value: 0,
        window: { amount: 3, unit: 'day' },
      }),
    ).toBe('no bowel movement in 3 days');
  });
});

describe('include flags', () => {
  const protocol = {
    includeDescription: true,
    includeDescriptionEmail: false,
    includePrevention: true,
    includePreventionEmail: true,
    includeResponse: false,
    includeResponseEmail: false,
    includeEmergency: true,
    includeEmergencyEmail: true,
  } as Protocol;
  it('reads the eight flags and says where each section goes', () => {
    expect(Object.keys(includeFlagsOf(protocol))).toHaveLength(8);
    expect(includeSummary(protocol)).toBe(
      'PDF: description, prevention, emergency · Email: prevention, emergency',
    );
    expect(
      includeSummary({
        ...protocol,
        includeDescription: false,
        includePrevention: false,
        includeEmergency: false,
      }),
    ).toBe('PDF: nothing · Email: prevention, emergency');
  });
});

describe('words and links', () => {
  it('formats file sizes', () => {
    expect(formatFileSize(null)).toBe('—');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(83_000)).toBe('83 KB');
    expect(formatFileSize(1_250_000)).toBe('1.3 MB');
  });
  it('counts protocols done', () => {
    expect(protocolCountText({ protocolCount: 6, protocolsDone: 2, status: 'COMPLETED' })).toBe(
      '2 of 6 done',
    );
    expect(protocolCountText({ protocolCount: 0, protocolsDone: 0, status: 'PROCESSING' })).toBe('None yet');
    expect(protocolCountText({ protocolCount: 0, protocolsDone: 0, status: 'COMPLETED' })).toBe(
      'No risks found',
    );
  });
  it('says why an ISP is in ERROR in the contract’s words', () => {
    expect(ispErrorText({ problem: 'password-protected', errorMessage: 'x' })).toBe(
      'The file is password-protected. Upload a copy without a password.',
    );
    expect(ispErrorText({ problem: null, errorMessage: 'Stopped' })).toBe('Stopped');
  });
  it('links to the review page by id', () => {
    expect(verifyPath('a b')).toBe('/verify?id=a%20b');
  });
});
