/** The email export's pure rules (decision 0065): sorting people, CSV formula safety, vCard escaping and folding. */
import { describe, expect, it } from 'vitest';
import {
  buildEmailExport,
  emailExportCsv,
  emailExportVcard,
  escapeVcardText,
  foldVcardLine,
  type ExportPerson,
} from './email-export-format.ts';

const person = (name: string, addresses: (string | null)[], kind: ExportPerson['kind'] = 'client') => ({
  kind,
  personId: `00000000-0000-4000-8000-${String(name.length).padStart(12, '0')}`,
  name,
  addresses,
  county: null,
  archived: false,
});

describe('buildEmailExport', () => {
  it('uses the first deliverable address, keeps the other deliverable ones, excludes when all are suppressed', () => {
    const suppressed = new Map([
      ['a@x.org', new Set(['BOUNCED'] as const)],
      ['b@x.org', new Set(['BOUNCED', 'OPTED_OUT'] as const)],
    ]);
    const built = buildEmailExport(
      [
        person('Ann', [' A@x.org', 'c@x.org', 'C@X.org', 'd@x.org']),
        person('Bo', ['b@x.org', 'a@x.org'], 'guardian'),
        person('Cy', [null, ' ']),
        person('Di', ['c@x.org'], 'caregiver'),
      ],
      suppressed,
    );
    expect(built.rows.map((r) => [r.name, r.email, r.otherEmails, r.shared])).toEqual([
      ['Ann', 'c@x.org', ['d@x.org'], true],
      ['Di', 'c@x.org', [], true],
    ]);
    expect(built.excluded).toMatchObject([{ name: 'Bo', email: 'b@x.org', reason: 'OPTED_OUT' }]);
    expect(built.counts).toEqual([
      { kind: 'caregiver', included: 1, optedOut: 0, bounced: 0, withoutEmail: 0 },
      { kind: 'client', included: 1, optedOut: 0, bounced: 0, withoutEmail: 1 },
      { kind: 'guardian', included: 0, optedOut: 1, bounced: 0, withoutEmail: 0 },
      { kind: 'case_manager', included: 0, optedOut: 0, bounced: 0, withoutEmail: 0 },
    ]);
  });
});

describe('emailExportCsv', () => {
  it('neutralises formulas in every text cell and quotes per RFC 4180', () => {
    const { rows } = buildEmailExport([person('=HYPERLINK("x")', ['+1@x.org', '-2@x.org'])], new Map());
    expect(emailExportCsv(rows).split('\r\n')[1]).toBe(
      `Client,"'=HYPERLINK(""x"")",'+1@x.org,'-2@x.org,,active,no`,
    );
  });
});

describe('vCard', () => {
  it('escapes backslash, comma, semicolon and line breaks (RFC 6350 §3.4)', () => {
    expect(escapeVcardText('a\\b,c;d\r\ne\nf')).toBe('a\\\\b\\,c\\;d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character (RFC 6350 §3.2)', () => {
    const line = `FN:${'é'.repeat(60)}`;
    const folded = foldVcardLine(line).split('\r\n');
    expect(folded.map((part) => Buffer.byteLength(part, 'utf8')).every((n) => n <= 75)).toBe(true);
    expect(folded.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.map((part, i) => (i ? part.slice(1) : part)).join('')).toBe(line);
    expect(foldVcardLine('FN:short')).toBe('FN:short');
  });

  it('writes one card per person with the kind in CATEGORIES', () => {
    const { rows } = buildEmailExport([person('Jo; Lee', ['jo@x.org'], 'case_manager')], new Map());
    expect(emailExportVcard(rows)).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'KIND:individual',
        'FN:Jo\\; Lee',
        'EMAIL;PREF=1:jo@x.org',
        'CATEGORIES:Case manager',
        `UID:urn:uuid:${rows[0]?.personId}`,
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
    expect(emailExportVcard([])).toBe('');
  });
});
