import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../test/fixtures.ts';
import { ClaimFileError, claimLineRawData, type ClaimLine } from './claim-line.ts';
import { build835 } from './claim-test-support.ts';
import { claimStatusFromClp02, looksLikeX12, parse835 } from './x12-835.ts';

const fixture = readFileSync(fixturePath('claims', 'remittance.835'));

describe('parse835', () => {
  it('gives one line per SVC with the documented mapping, money in exact cents', () => {
    expect(looksLikeX12(fixture)).toBe(true);
    const parsed = parse835(fixture);
    expect(parsed.format).toBe('X12_835');
    expect(parsed.rejected).toEqual([]);
    expect(parsed.lines).toHaveLength(2);
    expect(parsed.lines[0]).toMatchObject({
      lineNumber: 1,
      claimId: 'CLM001',
      payerClaimNumber: 'PAYER123',
      billingId: '11111111-2222-3333-4444-555555555555',
      clientPid: 'AB12345C',
      providerId: '1234567890',
      serviceDate: '2026-03-02',
      procedureCode: 'OR526',
      modifier: 'U3',
      units: 8,
      billedAmount: 20000,
      paidAmount: 15000,
      paymentDate: '2026-04-15',
      claimStatus: 'paid',
      denialReason: null,
      exceptionCode: 'CO-45',
    });
    expect(parsed.lines[1]).toMatchObject({
      claimId: 'CLM002',
      claimStatus: 'denied',
      serviceDate: '2026-03-03',
      modifier: null,
      exceptionCode: 'CO-16',
      denialReason: 'CO-16: Claim/service lacks information or has submission/billing error(s)',
      billingId: null,
    });
    expect(
      (claimLineRawData(parsed.lines[0] as ClaimLine, parsed.rawHeaders).serviceLine as string[][])[0],
    ).toEqual(['SVC', 'HC:OR526:U3', '200.00', '150.00', '', '8']);
  });

  it('maps CLP02 codes and treats an unpaid line of a processed claim as denied', () => {
    expect(['1', '2', '3', '19', '4', '22', '23', '25', '99'].map(claimStatusFromClp02)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
      'denied',
      'reversed',
      'denied',
      'pended',
      null,
    ]);
    const parsed = parse835(
      Buffer.from(
        build835([
          {
            claimId: 'R1',
            status: '22',
            billed: '-58.00',
            paid: '-58.00',
            payerClaimNumber: 'P1',
            clientPid: 'x1',
            claimDate: '20260302',
            serviceLines: [{ svc: 'HC:OR526*-58.00*-58.00**8', ref6r: 'abc' }],
          },
          {
            claimId: 'R2',
            status: '1',
            billed: '10.29',
            paid: '0',
            payerClaimNumber: 'P2',
            clientPid: 'x1',
            claimDate: '20260302',
            serviceLines: [
              { svc: 'HC:OR526*10.29*0****2', date: '20260304', cas: 'CO*96*10.29' },
              { svc: 'HC:OR526*1.1.1*0' },
            ],
          },
          {
            claimId: 'R3',
            status: '77',
            billed: '1',
            paid: '1',
            payerClaimNumber: 'P3',
            clientPid: 'x1',
            claimDate: '20260302',
            serviceLines: [],
          },
        ]),
      ),
    );
    expect(
      parsed.lines.map((l) => [l.lineNumber, l.claimStatus, l.paidAmount, l.units, l.serviceDate]),
    ).toEqual([
      [1, 'reversed', -5800, 8, '2026-03-02'],
      [2, 'denied', 0, 2, '2026-03-04'],
    ]);
    expect(parsed.rejected).toEqual([
      { line: 3, field: 'SVC02', reason: '"1.1.1" is not an amount', externalId: null },
      { line: 4, field: 'CLP02', reason: 'claim status code "77" is not one Tend knows', externalId: null },
    ]);
  });

  it('refuses broken X12 and interchanges without an 835', () => {
    const broken = fixture.toString('latin1').replace('SE*20', 'SE*3');
    expect(() => parse835(Buffer.from(broken, 'latin1'))).toThrow(ClaimFileError);
    const other = fixture.toString('latin1').replace('ST*835', 'ST*837');
    expect(() => parse835(Buffer.from(other, 'latin1'))).toThrow(/no 835/);
    expect(() => parse835(Buffer.from('ISA*garbage~'))).toThrow(ClaimFileError);
  });
});
