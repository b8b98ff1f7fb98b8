/**
 * `stageShiftRows` (issue 23, for module ocr): rows staged exactly as an import stages them — an exact
 * name links (AUTO_MAPPED, a NAME_MATCH mapping written), a misspelling is PENDING_APPROVAL with ranked
 * candidates, an unknown person NOT_FOUND; a rule rewrites a value and is counted; staging the same
 * document again updates its rows (seen count) instead of adding; audited with ids and counts only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { systemContext } from '../../platform/http/context.ts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { caregiverInput, clientInput } from '@tend/contracts';
import { createCaregiver, createClient } from '../people/people.service.ts';
import { stageShiftRows, type StagedShiftInput } from './staged-rows.service.ts';
import {
  givIdMappings,
  stagingResolutionRules,
  stagingShifts,
  stagingShiftSegments,
} from './staging.table.ts';

let handle: DatabaseHandle;
const ctx = systemContext('staging-test');

beforeAll(async () => {
  handle = await createTestDatabase();
  await createCaregiver(
    handle.db,
    ctx,
    caregiverInput.parse({ name: 'Gus Giver', altNames: ['Gustavo Giver'], type: 'DSP_CARE' }),
  );
  // The external id (employee #) comes from EVV imports, not the form: set as an import would.
  const withId = { ...caregiverInput.parse({ name: 'Maria Lopez', type: 'DSP_CARE' }), externalId: 'E-77' };
  await createCaregiver(handle.db, ctx, withId);
  for (const name of ['Pat Client', 'Patricia Clientson'])
    await createClient(handle.db, ctx, clientInput.parse({ name }));
}, 60_000);
afterAll(() => handle.close());

const row = (over: Partial<StagedShiftInput>): StagedShiftInput => ({
  givShiftId: null,
  caregiverName: 'Gus Giver',
  caregiverGivId: null,
  clientName: 'Pat Client',
  clientGivId: null,
  date: '2025-03-03',
  start: '09:00',
  end: '17:00',
  billingCode: 'OR526',
  ...over,
});

describe('stageShiftRows', () => {
  it('stages rows with mapping, candidates, status and audit; ids in order', async () => {
    const { stagingShiftIds } = await stageShiftRows(
      { db: handle.db, agencyTimeZone: 'America/Los_Angeles' },
      ctx,
      {
        rows: [
          row({}),
          row({ caregiverName: 'Gus Givr' }),
          row({ caregiverName: 'Nobody Atall', caregiverGivId: null }),
          row({ caregiverName: 'M. Lopez', caregiverGivId: 'E-77', end: '08:00', billingCode: null }),
        ],
        source: { kind: 'ocr', documentId: 'doc-1' },
      },
    );
    expect(stagingShiftIds).toHaveLength(4);
    const rows = await handle.db.select().from(stagingShifts);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const [exact, fuzzy, unknown, byGivId] = stagingShiftIds.map((id) => byId.get(id)!);
    expect(exact).toMatchObject({
      givShiftId: 'ocr:doc-1:1',
      status: 'READY',
      caregiverConnectionStatus: 'AUTO_MAPPED',
      clientConnectionStatus: 'AUTO_MAPPED',
      source: 'ocr',
    });
    expect(fuzzy?.status).toBe('NOT_READY');
    expect(fuzzy?.caregiverConnectionStatus).toBe('PENDING_APPROVAL');
    expect(fuzzy?.caregiverMatchCandidates[0]).toMatchObject({ name: 'Gus Giver', method: 'NAME_MATCH' });
    expect(fuzzy?.caregiverMatchCandidates[0]?.confidence).toBeGreaterThan(0.8);
    expect(fuzzy?.caregiverMatchCandidates[0]?.confidence).toBeLessThan(1);
    expect(unknown?.caregiverConnectionStatus).toBe('NOT_FOUND');
    expect(unknown?.errorDetails).toContain('caregiver not found');
    // Exact id wins over a different spelling; an end before the start is the next morning.
    expect(byGivId?.caregiverConnectionStatus).toBe('AUTO_MAPPED');
    expect(byGivId?.errorDetails).toBe('no billing code');
    const [segment] = await handle.db
      .select()
      .from(stagingShiftSegments)
      .where(eq(stagingShiftSegments.stagingShiftId, byGivId!.id));
    expect(segment?.evvStart?.toISOString()).toBe('2025-03-03T17:00:00.000Z');
    expect(segment?.evvEnd?.toISOString()).toBe('2025-03-04T16:00:00.000Z');
    const mappings = await handle.db.select().from(givIdMappings);
    expect(mappings.map((m) => [m.givId, m.matchMethod]).sort()).toEqual(
      [
        ['E-77', 'EXACT_ID'],
        ['name:gus giver', 'NAME_MATCH'],
        ['name:pat client', 'NAME_MATCH'],
      ].sort(),
    );
    const audits = await handle.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staging_shift.stage'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]?.details)).not.toMatch(/Gus|Pat|Lopez/);
  });

  it('applies an active rule (counted) and updates rows staged again', async () => {
    const [rule] = await handle.db
      .insert(stagingResolutionRules)
      .values({ ruleType: 'CAREGIVER_NAME', sourceValue: 'Gus Givr', targetValue: 'Gus Giver' })
      .returning();
    const { stagingShiftIds } = await stageShiftRows({ db: handle.db }, ctx, {
      rows: [row({}), row({ caregiverName: 'GUS  givr' })],
      source: { kind: 'ocr', documentId: 'doc-1' },
    });
    const rows = await handle.db.select().from(stagingShifts);
    expect(rows).toHaveLength(4);
    const second = rows.find((r) => r.id === stagingShiftIds[1]);
    expect(second).toMatchObject({ status: 'READY', seenCount: 2, originalCaregiverName: 'GUS  givr' });
    const [after] = await handle.db
      .select()
      .from(stagingResolutionRules)
      .where(eq(stagingResolutionRules.id, rule!.id));
    expect(after?.appliedCount).toBe(1);
  });

  it('refuses more than 5000 rows naming the field', async () => {
    await expect(
      stageShiftRows({ db: handle.db }, ctx, {
        rows: Array.from({ length: 5001 }, () => row({})),
        source: { kind: 'ocr', documentId: 'doc-2' },
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'rows' }] });
  });
});
