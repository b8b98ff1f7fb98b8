/**
 * One shift in full, and an admin's corrections to it (issue "shift records with EVV").
 * Every read and write is audited.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ShiftDetail } from '@tend/contracts';
import type { Database } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import { csvFiles, shiftSegments, shifts } from './shifts.table.ts';
import { iso, namesFor, toShift } from './shift-view.ts';

/** One shift (deleted ones too) with history, segments and its import. Errors: NOT_FOUND. Audited as `shift.read`. */
export async function getShift(db: Database, ctx: RequestContext, id: string): Promise<ShiftDetail> {
  const [row] = await db.select().from(shifts).where(eq(shifts.id, id));
  if (!row) throw notFound('Shift');
  const [names, segments, files] = await Promise.all([
    namesFor(db, [row]),
    db
      .select()
      .from(shiftSegments)
      .where(and(eq(shiftSegments.shiftId, id), isNull(shiftSegments.deletedAt)))
      .orderBy(shiftSegments.evvStart),
    row.csvFileId
      ? db
          .select({ id: csvFiles.id, originalName: csvFiles.originalName, uploadDate: csvFiles.uploadDate })
          .from(csvFiles)
          .where(eq(csvFiles.id, row.csvFileId))
      : [],
  ]);
  await recordAudit(db, ctx, { action: 'shift.read', entityType: 'shift', entityId: id });
  const file = files[0];
  return {
    ...toShift(row, names),
    changeHistory: row.changeHistory,
    segments: segments.map((segment) => ({
      id: segment.id,
      evvStart: iso(segment.evvStart),
      evvEnd: iso(segment.evvEnd),
      billingCode: segment.billingCode,
      modifier: segment.modifier,
      segmentGroupId: segment.segmentGroupId,
      creationSource: segment.creationSource,
      validationStatus: segment.validationStatus,
      notes: segment.notes,
      changeHistory: segment.changeHistory,
    })),
    csvFile: file ? { ...file, uploadDate: file.uploadDate.toISOString() } : null,
    deletedBy: row.deletedBy,
    rawData: row.rawData ?? null,
  };
}
