/**
 * Text bios of caregiver listings (issue 21; spec s.3 TextBio: versioned, one current; onboarding step
 * `bioCreation`; decision 0054). A new bio is the next version and becomes current; earlier versions are kept and
 * listed, newest first. Only the listing's own account writes or lists them (`ownCaregiverListing`: NOT_FOUND
 * otherwise). Audited with the listing id and version numbers, never the text.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { CaregiverBioInput, CaregiverTextBio, CaregiverTextBioList } from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { callerAccount, ownCaregiverListing, type MatchmakingDeps } from './matchmaking-support.ts';
import { textBios, tinderCaregivers } from './matchmaking.table.ts';
import { recordCaregiverStep } from './onboarding.ts';

const toBio = (row: typeof textBios.$inferSelect): CaregiverTextBio => ({
  id: row.id,
  bio: row.bio,
  version: row.version,
  isCurrent: row.isCurrent,
  createdAt: row.createdAt.toISOString(),
});

/** The current bio text of caregiver listing `listingId`, or null when it has none. */
export async function currentBioOf(executor: Executor, listingId: string): Promise<string | null> {
  const [row] = await executor
    .select({ bio: textBios.bio })
    .from(textBios)
    .where(and(eq(textBios.caregiverId, listingId), eq(textBios.isCurrent, true)));
  return row?.bio ?? null;
}

/**
 * Every bio version of the caller's listing, newest first. Audited `caregiver_bio.list` with the count.
 * Errors: NOT_FOUND when the caller has no listing.
 */
export async function findCaregiverBios(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<CaregiverTextBioList> {
  const listing = await ownCaregiverListing(deps.db, await callerAccount(deps, ctx));
  const rows = await deps.db
    .select()
    .from(textBios)
    .where(eq(textBios.caregiverId, listing.id))
    .orderBy(desc(textBios.version));
  await recordAudit(deps.db, ctx, {
    action: 'caregiver_bio.list',
    entityType: 'tinder_caregiver',
    entityId: listing.id,
    details: { count: rows.length },
  });
  return { items: rows.map(toBio) };
}

/**
 * Saves `input.bio` as the next version of the caller's bio and makes it current (the previous current one is kept,
 * no longer current), and records step `bioCreation` — one transaction; the listing row is locked so two saves at
 * once get versions n+1 and n+2. Audited `caregiver_bio.create` with the version. Errors: NOT_FOUND without a listing.
 */
export async function createCaregiverBio(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: CaregiverBioInput,
): Promise<CaregiverTextBio> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const listing = await ownCaregiverListing(tx, account);
    await tx
      .select({ id: tinderCaregivers.id })
      .from(tinderCaregivers)
      .where(eq(tinderCaregivers.id, listing.id))
      .for('update');
    const [latest] = await tx
      .select({ version: textBios.version })
      .from(textBios)
      .where(eq(textBios.caregiverId, listing.id))
      .orderBy(desc(textBios.version))
      .limit(1);
    const version = (latest?.version ?? 0) + 1;
    await tx
      .update(textBios)
      .set({ isCurrent: false, updatedAt: new Date() })
      .where(and(eq(textBios.caregiverId, listing.id), eq(textBios.isCurrent, true)));
    const [row] = await tx
      .insert(textBios)
      .values({ caregiverId: listing.id, bio: input.bio, version, isCurrent: true })
      .returning();
    if (!row) throw new Error('the bio was not stored');
    await recordCaregiverStep(tx, listing.id, 'bioCreation');
    await recordAudit(tx, ctx, {
      action: 'caregiver_bio.create',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: { bioId: row.id, version },
    });
    return toBio(row);
  });
}
