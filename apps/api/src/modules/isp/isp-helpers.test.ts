import { describe, expect, it } from 'vitest';
import { agencyNameOf } from './isp.plugin.ts';
import { changedFields, cleanFileName, looksLikePdf, riskKey } from './isp.service.ts';
import { pagesOfText } from './pasted-text.ts';
import type { ProtocolRow } from './isp-rows.ts';

describe('pasted text as pages', () => {
  it('makes one item per non-empty line, 50 lines a page, a form feed breaking the page', () => {
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i + 1}`);
    const pages = pagesOfText(`${lines.join('\n')}\fafter the break\r\n  indented`);
    expect(pages.map((page) => page.items.length)).toEqual([50, 50, 20, 2]);
    expect(pages[3]?.items[1]).toMatchObject({ text: '  indented', x: 84 });
    expect(pages.every((page, index) => page.page === index + 1 && page.hasText)).toBe(true);
    expect(pagesOfText('')).toEqual([{ page: 1, width: 612, height: 792, items: [], hasText: false }]);
  });
});

describe('upload helpers', () => {
  it('recognizes a PDF by its header within the first 1024 bytes', () => {
    expect(looksLikePdf(Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(Buffer.concat([Buffer.alloc(100, 32), Buffer.from('%PDF-1.4')]))).toBe(true);
    expect(looksLikePdf(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(looksLikePdf(new Uint8Array(0))).toBe(false);
  });

  it('keeps a file name without its path or control characters', () => {
    expect(cleanFileName('C:\\plans\\ISP 2026.pdf', 'isp.pdf')).toBe('ISP 2026.pdf');
    expect(cleanFileName('../../etc/\u0007x.pdf', 'isp.pdf')).toBe('x.pdf');
    expect(cleanFileName('   ', 'isp.pdf')).toBe('isp.pdf');
  });

  it('matches risk types across versions by words, not case or spacing', () => {
    expect(riskKey('  Seizure   Disorder ')).toBe(riskKey('seizure disorder'));
  });

  it('compares protocols field by field, thresholds without their confirmation', () => {
    const threshold = {
      metric: 'seizures',
      comparison: 'gt' as const,
      value: 2,
      unit: 'count',
      window: null,
      byTime: null,
      text: 'more than 2 seizures',
      confirmed: false,
    };
    const base = {
      description: 'a',
      prevention: 'b',
      response: 'c',
      emergency: 'd',
      mar: false,
      pbsp: false,
      serious: true,
      thresholds: [threshold],
      escalationSteps: ['call'],
      medicationReferences: [],
      author: null,
      authorLicensed: false,
      effectiveDate: null,
      reviewDueDate: null,
    } as unknown as ProtocolRow;
    const confirmed = { ...base, thresholds: [{ ...threshold, confirmed: true }] } as ProtocolRow;
    expect(changedFields(base, confirmed)).toEqual([]);
    const changed = { ...base, response: 'other', thresholds: [{ ...threshold, value: 3 }] } as ProtocolRow;
    expect(changedFields(base, changed)).toEqual(['response', 'thresholds']);
  });
});

describe('agency name on generated documents', () => {
  it('is the mail sender’s display name, else the public URL’s host', () => {
    expect(
      agencyNameOf({
        mail: { smtpUrl: undefined, from: '"Valley Supports" <care@example.org>' },
        publicUrl: 'https://tend.example.org',
      }),
    ).toBe('Valley Supports');
    expect(
      agencyNameOf({
        mail: { smtpUrl: undefined, from: 'Valley Supports <care@example.org>' },
        publicUrl: 'https://tend.example.org',
      }),
    ).toBe('Valley Supports');
    expect(
      agencyNameOf({
        mail: { smtpUrl: undefined, from: 'care@example.org' },
        publicUrl: 'https://tend.example.org',
      }),
    ).toBe('tend.example.org');
  });
});
