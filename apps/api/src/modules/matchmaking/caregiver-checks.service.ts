/**
 * Caregiver checks set by admins (issue 21: profile cards show "the dates of the last background check and when it
 * expires"; spec s.3 TinderCaregiver background-check, criminal and sex-offender statuses with checked-at dates;
 * contracts `matchmaking-verification.ts`; decision 0057). Statuses are `caregiverCheckStatuses`.
 */
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { CaregiverChecks, CaregiverChecksInput } from '@tend/contracts';
import { escapeLike, recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { callerAccount, managedCaregiverListing, type MatchmakingDeps } from './matchmaking-support.ts';
import { tinderCaregivers } from './matchmaking.table.ts';

type ListingRow = typeof tinderCaregivers.$inferSelect;

function checksOf(row: ListingRow): CaregiverChecks {
  return {
    listingId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    verified: row.verifiedAt !== null,
    backgroundCheckStatus: row.backgroundCheckStatus,
    backgroundCheckedAt: row.backgroundCheckedAt?.toISOString() ?? null,
    backgroundCheckExpiresAt: row.backgroundCheckExpiresAt,
    criminalStatus: row.criminalStatus,
    criminalCheckedAt: row.criminalCheckedAt?.toISOString() ?? null,
    sexOffenderStatus: row.sexOffenderStatus,
    sexOffenderCheckedAt: row.sexOffenderCheckedAt?.toISOString() ?? null,
  };
}

/**
 * `GET /api/matchmaking/caregiver-checks` (admin): caregiver listings (not archived) whose name contains `q` (case
 * ignored), by first then last name, at most 100. Audited with the count.
 */
export async function listCaregiverChecks(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  q: string | null,
): Promise<CaregiverChecks[]> {
  const name = sql`concat_ws(' ', ${tinderCaregivers.firstName}, ${tinderCaregivers.lastName})`;
  const rows = await deps.db
    .select()
    .from(tinderCaregivers)
    .where(and(eq(tinderCaregivers.archived, false), q ? or(ilike(name, `%${escapeLike(q)}%`)) : undefined))
    .orderBy(asc(tinderCaregivers.firstName), asc(tinderCaregivers.lastName), asc(tinderCaregivers.id))
    .limit(100);
  await recordAudit(deps.db, ctx, {
    action: 'caregiver_checks.list',
    entityType: 'tinder_caregiver',
    details: { count: rows.length },
  });
  return rows.map(checksOf);
}

/**
 * `PUT /api/matchmaking/caregivers/:id/checks` (admin): replaces the listing's check statuses and dates (null clears
 * one). One transaction, audited `caregiver_checks.update` with the statuses. Errors: NOT_FOUND.
 */
export async function updateCaregiverChecks(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  input: CaregiverChecksInput,
): Promise<CaregiverChecks> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const listing = await managedCaregiverListing(tx, account, id);
    const date = (value: string | null) => (value ? new Date(value) : null);
    const [updated] = await tx
      .update(tinderCaregivers)
      .set({
        backgroundCheckStatus: input.backgroundCheckStatus,
        backgroundCheckedAt: date(input.backgroundCheckedAt),
        backgroundCheckExpiresAt: input.backgroundCheckExpiresAt,
        criminalStatus: input.criminalStatus,
        criminalCheckedAt: date(input.criminalCheckedAt),
        sexOffenderStatus: input.sexOffenderStatus,
        sexOffenderCheckedAt: date(input.sexOffenderCheckedAt),
        updatedAt: new Date(),
      })
      .where(eq(tinderCaregivers.id, listing.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'caregiver_checks.update',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: {
        backgroundCheckStatus: input.backgroundCheckStatus,
        criminalStatus: input.criminalStatus,
        sexOffenderStatus: input.sexOffenderStatus,
      },
    });
    return checksOf(updated ?? listing);
  });
}
