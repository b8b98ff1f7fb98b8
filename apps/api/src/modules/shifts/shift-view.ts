/**
 * How a shift row becomes the API's `Shift` (contracts `shift`): instants as ISO strings and the
 * caregiver's and client's names looked up in one query each. Shared by the list, the detail and the
 * import preview.
 */
import type { Shift } from '@tend/contracts';
import type { Executor } from '../../platform/db/client.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { shifts } from './shifts.table.ts';

export type ShiftRow = typeof shifts.$inferSelect;
export type PeopleNames = { caregivers: Map<string, string>; clients: Map<string, string> };

/** An instant as ISO 8601 UTC, or null. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The columns {@link toShift} reads: what a list selects (not the source record or the change
 * history, which only the detail shows: kilobytes of JSON a row that a page of 50 would parse for
 * nothing).
 */
export const shiftViewColumns = {
  id: shifts.id,
  givShiftId: shifts.givShiftId,
  date: shifts.date,
  providerMedicaidId: shifts.providerMedicaidId,
  billingCode: shifts.billingCode,
  mod1: shifts.mod1,
  pid: shifts.pid,
  caregiverId: shifts.caregiverId,
  clientId: shifts.clientId,
  evvInTime: shifts.evvInTime,
  evvOutTime: shifts.evvOutTime,
  evvInLat: shifts.evvInLat,
  evvInLong: shifts.evvInLong,
  evvOutLat: shifts.evvOutLat,
  evvOutLong: shifts.evvOutLong,
  evvStatus: shifts.evvStatus,
  evvStatusReason: shifts.evvStatusReason,
  timeZone: shifts.timeZone,
  csvFileId: shifts.csvFileId,
  externalSequence: shifts.externalSequence,
  deletedAt: shifts.deletedAt,
  createdAt: shifts.createdAt,
  updatedAt: shifts.updatedAt,
};
/** A shift row as {@link toShift} needs it ({@link shiftViewColumns}). */
export type ShiftViewRow = Pick<ShiftRow, keyof typeof shiftViewColumns>;

/** The API shape of one shift row; unknown ids show as "Unknown caregiver/client". */
export function toShift(row: ShiftViewRow, names: PeopleNames): Shift {
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
