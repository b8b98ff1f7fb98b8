/**
 * How a shift row becomes the API's `Shift` (contracts `shift`): instants as ISO strings and the
 * caregiver's and client's names looked up in one query each. Shared by the list, the detail and the
 * import preview.
 */
import type { Shift } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { findPeopleNames } from '../people/people.service.ts';
import type { shifts } from './shifts.table.ts';

export type ShiftRow = typeof shifts.$inferSelect;
export type PeopleNames = { caregivers: Map<string, string>; clients: Map<string, string> };

/** An instant as ISO 8601 UTC, or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape of one shift row; unknown ids show as "Unknown caregiver/client". */
export function toShift(row: ShiftRow, names: PeopleNames): Shift {
  return {
    id: row.id,
    givShiftId: row.givShiftId,
    date: row.date,
    providerMedicaidId: row.providerMedicaidId,
    billingCode: row.billingCode,
    mod1: row.mod1,
    pid: row.pid,
    caregiverId: row.caregiverId,
    caregiverName: names.caregivers.get(row.caregiverId) ?? 'Unknown caregiver',
    clientId: row.clientId,
    clientName: names.clients.get(row.clientId) ?? 'Unknown client',
    evvInTime: iso(row.evvInTime),
    evvOutTime: iso(row.evvOutTime),
    evvInLat: row.evvInLat,
    evvInLong: row.evvInLong,
    evvOutLat: row.evvOutLat,
    evvOutLong: row.evvOutLong,
    evvStatus: (row.evvStatus as Shift['evvStatus']) ?? null,
    evvStatusReason: row.evvStatusReason,
    timeZone: row.timeZone,
    csvFileId: row.csvFileId,
    externalSequence: row.externalSequence,
    deletedAt: iso(row.deletedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Names of the caregivers and clients of `rows` (one query each). */
export function namesFor(
  db: Executor,
  rows: Pick<ShiftRow, 'caregiverId' | 'clientId'>[],
): Promise<PeopleNames> {
  return findPeopleNames(db, {
    caregiverIds: [...new Set(rows.map((r) => r.caregiverId))],
    clientIds: [...new Set(rows.map((r) => r.clientId))],
  });
}
