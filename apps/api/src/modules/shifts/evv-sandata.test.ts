import { describe, expect, it } from 'vitest';
import { sandataExampleText } from '../../../test/fixtures.ts';
import {
  extractSandataVisits,
  localDate,
  parseSandataVisit,
  normalizeSandataVisit,
  resolveTimeZone,
  sandataVisit,
} from './evv-sandata.ts';

const example = JSON.parse(sandataExampleText) as unknown;

describe('Sandata OpenEVV parsing', () => {
  it('reads both public example visits', () => {
    const visits = extractSandataVisits(example);
    expect(visits).toHaveLength(2);
    const [first, second] = (visits ?? []).map((v, i) =>
      normalizeSandataVisit(
        sandataVisit.parse(v),
        'America/Los_Angeles',
        i + 1,
        v as Record<string, unknown>,
      ),
    );
    expect(first).toMatchObject({
      line: 1,
      externalId: 'VISIT001',
      sequence: 1,
      caregiver: {
        externalId: 'EmployeeSSN:000012345',
        name: null,
        placeholderName: 'New caregiver (employee …2345)',
      },
      client: { pid: '987654321', name: null },
      billingCode: 'T1004',
      timeZone: 'America/New_York',
      serviceDate: '2024-01-15',
      evvInLat: 41.7658,
      evvInLong: -72.6734,
      adjustments: [],
    });
    expect(first?.raw).toBe(visits?.[0]);
    expect(first?.evvInTime?.toISOString()).toBe('2024-01-15T09:00:00.000Z');
    expect(second?.evvInTime?.toISOString()).toBe('2024-01-15T09:00:00.000Z');
    expect(second?.adjustments).toEqual([
      {
        by: 'supervisor@example.com',
        at: '2024-01-15T14:00:00.000Z',
        reason: 'reason code 12: Employee checked in late',
        changes: {
          evvInTime: { from: '2024-01-15T09:10:00.000Z', to: '2024-01-15T09:00:00.000Z' },
          evvOutTime: { from: '2024-01-15T12:50:00.000Z', to: '2024-01-15T13:00:00.000Z' },
        },
      },
    ]);
  });

  it('accepts BillVisit and SequenceID as strings, as real senders send them', () => {
    const visit = { ...(extractSandataVisits(example)?.[0] as object), BillVisit: 'false', SequenceID: '3' };
    const parsed = sandataVisit.parse(visit);
    expect(parsed.BillVisit).toBe(false);
    expect(parsed.SequenceID).toBe(3);
  });

  it('names the field and the problem for a bad visit', () => {
    const result = sandataVisit.safeParse({
      VisitOtherID: '',
      SequenceID: 'x',
      ClientID: '1',
      ProcedureCode: 'T1004',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['VisitOtherID', 'SequenceID']));
    const noEmployee = sandataVisit.safeParse({
      VisitOtherID: 'V1',
      SequenceID: 1,
      ClientID: '1',
      ProcedureCode: 'T1004',
    });
    expect(noEmployee.error?.issues.map((i) => i.path.join('.'))).toEqual(['EmployeeIdentifier']);
  });

  it('rejects a visit with no times at all', () => {
    const visit = sandataVisit.parse({
      VisitOtherID: 'V',
      SequenceID: 1,
      EmployeeIdentifier: '1',
      ClientID: '1',
      ProcedureCode: 'T1004',
      Calls: [],
    });
    expect(() => normalizeSandataVisit(visit, 'America/Los_Angeles', 1, {})).toThrow(/no clock-in/);
  });

  it('resolves zone aliases and computes the local service date', () => {
    expect(resolveTimeZone('US/Pacific', 'UTC')).toBe('America/Los_Angeles');
    expect(resolveTimeZone('Not/AZone', 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(localDate(new Date('2024-01-16T05:30:00Z'), 'America/Los_Angeles')).toBe('2024-01-15');
  });

  it('does not mistake other JSON for visits', () => {
    expect(extractSandataVisits({ hello: 'world' })).toBeNull();
    expect(extractSandataVisits([{ id: 1 }])).toBeNull();
    expect(extractSandataVisits({ Visits: [{ VisitOtherID: 'A' }] })).toHaveLength(1);
  });
});

describe('Sandata null tokens and years (decision 0036)', () => {
  const first = () => ({ ...(extractSandataVisits(example)?.[0] as Record<string, unknown>) });

  it('reads Modifier1 "NULL" and JSON null as no modifier', () => {
    for (const Modifier1 of ['NULL', 'null', 'N/A', null, '']) {
      const parsed = parseSandataVisit({ ...first(), Modifier1 }, 1, 'America/Los_Angeles');
      expect(parsed, String(Modifier1)).toMatchObject({ ok: true, record: { mod1: null } });
    }
  });

  it('rejects a required field sent as NULL with "is required"', () => {
    expect(parseSandataVisit({ ...first(), ClientID: 'NULL' }, 1, 'UTC')).toMatchObject({
      ok: false,
      problems: [{ field: 'ClientID', reason: 'is required' }],
    });
  });

  it('rejects a date-time outside the years 0001–9999, as an instant or as the visit’s local date', () => {
    expect(parseSandataVisit({ ...first(), AdjInDateTime: '0000-06-01T09:00:00Z' }, 1, 'UTC')).toMatchObject({
      ok: false,
      problems: [{ field: 'AdjInDateTime', reason: expect.stringMatching(/year 0, outside/) }],
    });
    const lateNight = {
      ...first(),
      VisitTimeZone: 'Pacific/Kiritimati',
      AdjOutDateTime: '9999-12-31T20:00:00Z',
    };
    expect(parseSandataVisit(lateNight, 1, 'UTC')).toMatchObject({
      ok: false,
      problems: [{ field: 'AdjOutDateTime', reason: expect.stringMatching(/year 10000, outside/) }],
    });
  });
});
