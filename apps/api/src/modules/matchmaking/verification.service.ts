/**
 * Verification of matchmaking profiles (issue 21 "Verification and privacy", learned from Carina; contracts
 * `matchmaking-verification.ts`; decision 0057): the caller's own state, and caregivers' Oregon provider numbers.
 *
 * Provider number rule: the number is looked up among the agency's active caregiver records (`caregiver.external_id`,
 * the EVV employee identifier, which in Oregon is the provider number). Verified (`provider_number`, now, the listing
 * linked to the record) only when exactly one record has the number, its name contains the listing's first AND last
 * name (case and accents ignored), and no other listing is linked to it. Anything else (another name, no record,
 * two records) is kept as waiting for an admin (`findProviderChecks`): never linked on a guess.
 */
import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type {
  MyVerification,
  ProfileVerification,
  ProviderCheck,
  ProviderCheckDecision,
  ProviderNumberResult,
  VerificationMethod,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findGuardianVerification } from '../people/guardians.service.ts';
import { findCaregiversByExternalId, findPeopleNames } from '../people/people.service.ts';
import { callerAccount, ownCaregiverListing, type MatchmakingDeps } from './matchmaking-support.ts';
import { identityDocuments, tinderCaregivers } from './matchmaking.table.ts';
import { identityDocumentOf } from './identity-documents.service.ts';
import { guardianListingChoices } from './family-codes.service.ts';

/** Lower case, accents removed, runs of anything but letters and digits as one space. */
export function foldName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether record name `recordName` contains both `firstName` and `lastName` (folded, `foldName`); false when either is empty. */
export function nameMatches(recordName: string, firstName: string, lastName: string | null): boolean {
  const record = ` ${foldName(recordName)} `;
  const first = foldName(firstName);
  const last = foldName(lastName ?? '');
  return Boolean(first && last) && record.includes(` ${first} `) && record.includes(` ${last} `);
}

const verificationOf = (row: {
  verifiedAt: Date | null;
  verificationMethod: string | null;
}): ProfileVerification => ({
  verified: row.verifiedAt !== null,
  method: (row.verificationMethod as VerificationMethod | null) ?? null,
  verifiedAt: row.verifiedAt?.toISOString() ?? null,
});

/** `GET /api/matchmaking/verification`: the caller's guardian record, caregiver listing and documents. Not audited (own). */
export async function getMyVerification(deps: MatchmakingDeps, ctx: RequestContext): Promise<MyVerification> {
  const account = await callerAccount(deps, ctx);
  const guardian = account.guardianId ? await findGuardianVerification(deps.db, account.guardianId) : null;
  const listing = account.tinderCaregiverId
    ? await ownCaregiverListing(deps.db, account).catch(() => null)
    : null;
  const documents = await deps.db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.userAccountId, account.userAccountId))
    .orderBy(desc(identityDocuments.createdAt), asc(identityDocuments.id));
  return {
    guardian: guardian
      ? {
          id: guardian.id,
          ...verificationOf(guardian),
          listings: await guardianListingChoices(deps.db, guardian.id),
        }
      : null,
    caregiver: listing
      ? {
          id: listing.id,
          uniqueKey: listing.uniqueKey,
          ...verificationOf(listing),
          providerNumberPending: listing.providerNumber !== null && listing.verifiedAt === null,
        }
      : null,
    documents: documents.map(identityDocumentOf),
  };
}

/** Whether agency caregiver record `caregiverId` is linked to a listing other than `listingId`. */
async function linkedElsewhere(executor: Executor, caregiverId: string, listingId: string): Promise<boolean> {
  const rows = await executor
    .select({ id: tinderCaregivers.id })
    .from(tinderCaregivers)
    .where(and(eq(tinderCaregivers.caregiverId, caregiverId), ne(tinderCaregivers.id, listingId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * `POST /api/matchmaking/verification/provider-number`: records the caller's provider number on their caregiver
 * listing and verifies it when the rule of the file comment holds; else it waits for an admin. One transaction,
 * audited `matchmaking_provider_number.submit` with the outcome and the number of records found (never the number).
 * Errors: NOT_FOUND when the caller has no caregiver listing.
 */
export async function submitProviderNumber(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  providerNumber: string,
): Promise<ProviderNumberResult> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const listing = await ownCaregiverListing(tx, account);
    const records = await findCaregiversByExternalId(tx, providerNumber);
    const named = records.filter((record) => nameMatches(record.name, listing.firstName, listing.lastName));
    const match = records.length === 1 && named.length === 1 ? named[0] : undefined;
    const verified = match !== undefined && !(await linkedElsewhere(tx, match.id, listing.id));
    const now = new Date();
    await tx
      .update(tinderCaregivers)
      .set({
        providerNumber,
        updatedAt: now,
        ...(verified && match
          ? {
              caregiverId: match.id,
              ...(listing.verifiedAt
                ? {}
                : { verifiedAt: now, verificationMethod: 'provider_number', verifiedByUserId: null }),
            }
          : {}),
      })
      .where(eq(tinderCaregivers.id, listing.id));
    const outcome = verified ? 'verified' : 'pending';
    await recordAudit(tx, ctx, {
      action: 'matchmaking_provider_number.submit',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: { outcome, recordsFound: records.length, caregiverId: verified ? (match?.id ?? null) : null },
    });
    return { outcome };
  });
}

/**
 * `GET /api/matchmaking/provider-checks` (admin): caregiver listings with a provider number and no verification,
 * oldest first (at most 200), each with the agency records that have the number. Audited with the count.
 */
export async function listProviderChecks(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<ProviderCheck[]> {
  const rows = await deps.db
    .select()
    .from(tinderCaregivers)
    .where(
      and(
        isNotNull(tinderCaregivers.providerNumber),
        isNull(tinderCaregivers.verifiedAt),
        eq(tinderCaregivers.archived, false),
      ),
    )
    .orderBy(asc(tinderCaregivers.updatedAt), asc(tinderCaregivers.id))
    .limit(200);
  const items = await Promise.all(
    rows.map(async (row) => ({
      listingId: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      providerNumber: row.providerNumber ?? '',
      submittedAt: row.updatedAt.toISOString(),
      candidates: (await findCaregiversByExternalId(deps.db, row.providerNumber ?? '')).map((record) => ({
        caregiverId: record.id,
        name: record.name,
      })),
    })),
  );
  await recordAudit(deps.db, ctx, {
    action: 'matchmaking_provider_check.list',
    entityType: 'tinder_caregiver',
    details: { count: items.length },
  });
  return items;
}

/**
 * `POST /api/matchmaking/provider-checks/:id` (admin): `confirm` verifies the listing (`provider_number`, by the
 * admin) and links it to agency caregiver `caregiverId`; `refuse` clears the provider number (the person may try
 * again or upload an ID document). One transaction, audited. Errors: NOT_FOUND (listing not waiting, unknown
 * caregiver record: `caregiverId`), CONFLICT when the record is linked to another listing.
 */
export async function decideProviderCheck(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  listingId: string,
  decision: ProviderCheckDecision,
): Promise<ProfileVerification> {
  const account = await callerAccount(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const [listing] = await tx
      .select()
      .from(tinderCaregivers)
      .where(
        and(
          eq(tinderCaregivers.id, listingId),
          isNotNull(tinderCaregivers.providerNumber),
          isNull(tinderCaregivers.verifiedAt),
          eq(tinderCaregivers.archived, false),
        ),
      );
    if (!listing) throw notFound('Provider number check');
    const now = new Date();
    let values: Partial<typeof tinderCaregivers.$inferInsert> = { providerNumber: null, updatedAt: now };
    if (decision.decision === 'confirm') {
      const names = await findPeopleNames(tx, { caregiverIds: [decision.caregiverId], clientIds: [] });
      if (!names.caregivers.has(decision.caregiverId))
        throw new AppError('NOT_FOUND', 'caregiverId was not found', [
          { path: 'caregiverId', message: 'was not found' },
        ]);
      if (await linkedElsewhere(tx, decision.caregiverId, listing.id))
        throw new AppError('CONFLICT', 'caregiverId is linked to another listing', [
          { path: 'caregiverId', message: 'is linked to another listing' },
        ]);
      values = {
        caregiverId: decision.caregiverId,
        verifiedAt: now,
        verificationMethod: 'provider_number',
        verifiedByUserId: account.userAccountId,
        updatedAt: now,
      };
    }
    const [updated] = await tx
      .update(tinderCaregivers)
      .set(values)
      .where(eq(tinderCaregivers.id, listing.id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'matchmaking_provider_check.decide',
      entityType: 'tinder_caregiver',
      entityId: listing.id,
      details: {
        decision: decision.decision,
        caregiverId: decision.decision === 'confirm' ? decision.caregiverId : null,
      },
    });
    return verificationOf(updated ?? listing);
  });
}
