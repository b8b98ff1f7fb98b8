/**
 * Module matchmaking's writes for admin match review and detection (issue 22; decision 0061): an admin ends a match
 * (REJECTED) or hides a listing from everyone else (the same `hidden` flag the reports' "hide" sets, decision 0057).
 * Both run in the caller's transaction (`executor`), which records the audit event.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/errors.ts';
import { matches, tinderCaregivers, tinderClients } from './matchmaking.table.ts';

/**
 * Sets match `id` to REJECTED (no side: `rejected_by` stays null, an admin ended it). Returns the previous status.
 * Errors: NOT_FOUND.
 */
export async function endMatchAsAdmin(executor: Executor, id: string): Promise<{ previousStatus: string }> {
  const [row] = await executor
    .select({ status: matches.status })
    .from(matches)
    .where(eq(matches.id, id))
    .for('update');
  if (!row) throw notFound('Match');
  await executor
    .update(matches)
    .set({ status: 'REJECTED', rejectedBy: null, updatedAt: new Date() })
    .where(eq(matches.id, id));
  return { previousStatus: row.status };
}

/** Hides listing `id` of `kind` from everyone but its owner and admins. Errors: NOT_FOUND. */
export async function hideListingAsAdmin(
  executor: Executor,
  { kind, id }: { kind: 'client' | 'caregiver'; id: string },
): Promise<void> {
  const table = kind === 'client' ? tinderClients : tinderCaregivers;
  const rows = await executor
    .update(table)
    .set({ hidden: true, updatedAt: new Date() })
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (!rows.length) throw notFound('Listing');
}
