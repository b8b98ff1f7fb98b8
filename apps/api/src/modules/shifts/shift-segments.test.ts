/** Segments follow their shift: the mirroring segment is updated, never doubled (shift-segments.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { syncImportSegments } from './shift-segments.ts';
import { shiftSegments, shifts } from './shifts.table.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function shiftWithSegment(creationSource: string) {
  const caregiver = await database.query<{ id: string }>(
    `insert into caregiver (name) values ('Sync Caregiver') returning id`,
  );
  const client = await database.query<{ id: string }>(
    `insert into client (name) values ('Sync Client') returning id`,
  );
  const [shift] = await database.db
    .insert(shifts)
    .values({
      date: '2026-01-05',
      caregiverId: caregiver.rows[0]?.id as string,
      clientId: client.rows[0]?.id as string,
      evvInTime: new Date('2026-01-05T16:00:00Z'),
      evvOutTime: new Date('2026-01-05T20:00:00Z'),
      billingCode: 'OR526',
    })
    .returning();
  if (!shift) throw new Error('no shift');
  await database.db.insert(shiftSegments).values({
    shiftId: shift.id,
    evvStart: shift.evvInTime,
    evvEnd: shift.evvOutTime,
    billingCode: 'OR526',
    creationSource,
  });
  return shift;
}

describe('syncImportSegments', () => {
  it.each(['import', 'demo'])(
    'updates the %s segment of a corrected shift instead of adding one',
    async (source) => {
      const shift = await shiftWithSegment(source);
      const corrected = { ...shift, evvOutTime: new Date('2026-01-05T21:00:00Z') };
      await database.db.transaction((tx) =>
        syncImportSegments(tx, [corrected], () => ({
          at: new Date().toISOString(),
          by: null,
          action: 'correction',
          reason: 'test',
          changes: { evvOutTime: { from: shift.evvOutTime?.toISOString(), to: '2026-01-05T21:00:00.000Z' } },
        })),
      );
      const segments = await database.db
        .select()
        .from(shiftSegments)
        .where(eq(shiftSegments.shiftId, shift.id));
      expect(segments).toHaveLength(1);
      expect(segments[0]).toMatchObject({ creationSource: source, evvEnd: new Date('2026-01-05T21:00:00Z') });
      expect(segments[0]?.changeHistory).toHaveLength(1);
    },
  );
});
