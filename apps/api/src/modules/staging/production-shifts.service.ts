/**
 * Production shifts (spec s.2 `/production/shifts`): the shifts promoted from staging, i.e. those a
 * staging shift was uploaded as (`staging_shift.shift_id` set with `uploaded_at`). Listed through the
 * shifts module's list (filters, paging, totals, audit `shift.list`) narrowed to those ids; the ids come
 * from this module's own table. Until the staging import exists nothing is promoted and the list is empty.
 */
import { and, isNotNull } from 'drizzle-orm';
import type { ShiftListQuery, ShiftPage } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { findShifts } from '../shifts/shift-records.service.ts';
import { stagingShifts } from './staging.table.ts';

/** A page of the promoted shifts for the filter. Errors: VALIDATION_FAILED when `from` > `to`. */
export function findProductionShifts(
  db: Database,
  ctx: RequestContext,
  query: ShiftListQuery,
): Promise<ShiftPage> {
  const promoted = db
    .select({ id: stagingShifts.shiftId })
    .from(stagingShifts)
    .where(and(isNotNull(stagingShifts.shiftId), isNotNull(stagingShifts.uploadedAt)));
  return findShifts(db, ctx, query, { idsIn: promoted });
}
