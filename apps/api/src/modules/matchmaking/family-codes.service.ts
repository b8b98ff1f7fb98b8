/**
 * Family verification codes (issue 21 "families [verify] with a verification code from their case manager that
 * expires after 14 days"; contracts `matchmaking-verification.ts`; decision 0057).
 *
 * - Issued for one care client by an admin or by a case manager whose caseload holds the client (module access's
 *   scope, caseloads only: a caregiver serving the client or a guardian grant is not enough); anyone else gets the
 *   same 404 as an unknown client. The code (`FAMILY_CODE_LENGTH` characters of `FAMILY_CODE_ALPHABET`, from
 *   `crypto.randomInt`) is returned once; only its SHA-256 is stored; it is never logged or audited.
 * - Valid `FAMILY_CODE_DAYS` days, spent once, revocable by an admin.
 * - A guardian enters it: a live code verifies the caller's guardian record (`case_manager_code`) and is spent in one
 *   transaction (the spend is a conditional update, so a code is never spent twice). A wrong, expired, used or
 *   revoked code is one refusal (400 on `code`), audited as denied without the code.
 */
import { createHash, randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  FAMILY_CODE_ALPHABET,
  FAMILY_CODE_DAYS,
  FAMILY_CODE_LENGTH,
  type FamilyCode,
  type FamilyCodeInput,
  type GuardianListingChoice,
  type IssuedFamilyCode,
  type ProfileVerification,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { accessScope, canSeeClient } from '../access/access-scope.service.ts';
import { markGuardianVerified } from '../people/guardians.service.ts';
import { findPeopleNames } from '../people/people.service.ts';
import { callerAccount, type MatchmakingDeps } from './matchmaking-support.ts';
import { familyVerificationCodes, tinderClients } from './matchmaking.table.ts';

/** A new random code: `FAMILY_CODE_LENGTH` characters of `FAMILY_CODE_ALPHABET`. */
export function newFamilyCode(): string {
  return Array.from(
    { length: FAMILY_CODE_LENGTH },
    () => FAMILY_CODE_ALPHABET[randomInt(FAMILY_CODE_ALPHABET.length)],
  ).join('');
}

/** The stored form of a code as typed: spaces and dashes dropped, upper case, SHA-256 hex. */
export function familyCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.replace(/[\s-]+/g, '').toUpperCase())
    .digest('hex');
}

type CodeRow = typeof familyVerificationCodes.$inferSelect;

function familyCodeOf(row: CodeRow, clientName: string | null, now: Date): FamilyCode {
  const status = row.revokedAt
    ? 'revoked'
    : row.usedAt
      ? 'used'
      : row.expiresAt <= now
        ? 'expired'
        : 'active';
  return {
    id: row.id,
    careClientId: row.careClientId,
    clientName,
    status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * `POST /api/matchmaking/family-codes`: issues a code for care client `careClientId` (see the file comment for who
 * may). Audited `family_code.issue` (code id, client id; never the code). Errors: NOT_FOUND (unknown client, or one
 * outside the caller's caseloads).
 */
export async function issueFamilyCode(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  careClientId: string,
): Promise<IssuedFamilyCode> {
  const account = await callerAccount(deps, ctx);
  const scope = await accessScope(deps.db, account.userAccountId);
  const caseloadsOnly = { ...scope, clientGrants: [], caregiverId: null };
  const names = await findPeopleNames(deps.db, { caregiverIds: [], clientIds: [careClientId] });
  if (!names.clients.has(careClientId) || !(await canSeeClient(deps.db, caseloadsOnly, careClientId)))
    throw notFound('Client');
  const code = newFamilyCode();
  const expiresAt = new Date(Date.now() + FAMILY_CODE_DAYS * 86_400_000);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(familyVerificationCodes)
      .values({
        codeHash: familyCodeHash(code),
        careClientId,
        issuedByUserId: account.userAccountId,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error('family_verification_code insert returned no row');
    await recordAudit(tx, ctx, {
      action: 'family_code.issue',
      entityType: 'family_verification_code',
      entityId: row.id,
      details: { careClientId },
    });
    return { id: row.id, careClientId, code, expiresAt: expiresAt.toISOString() };
  });
}

/** `GET /api/matchmaking/family-codes` (admin): the 200 newest codes with their client's name. Audited (count). */
export async function listFamilyCodes(deps: MatchmakingDeps, ctx: RequestContext): Promise<FamilyCode[]> {
  const rows = await deps.db
    .select()
    .from(familyVerificationCodes)
    .orderBy(desc(familyVerificationCodes.createdAt), desc(familyVerificationCodes.id))
    .limit(200);
  const names = await findPeopleNames(deps.db, {
    caregiverIds: [],
    clientIds: [...new Set(rows.map((row) => row.careClientId))],
  });
  await recordAudit(deps.db, ctx, {
    action: 'family_code.list',
    entityType: 'family_verification_code',
    details: { count: rows.length },
  });
  const now = new Date();
  return rows.map((row) => familyCodeOf(row, names.clients.get(row.careClientId) ?? null, now));
}

/**
 * `POST /api/matchmaking/family-codes/:id/revoke` (admin): a code not used or revoked yet can no longer be used.
 * Audited. Errors: NOT_FOUND, CONFLICT (used or revoked already).
 */
export async function revokeFamilyCode(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
): Promise<FamilyCode> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(familyVerificationCodes).where(eq(familyVerificationCodes.id, id));
    if (!row) throw notFound('Family code');
    if (row.usedAt || row.revokedAt)
      throw new AppError('CONFLICT', 'status the code was used or revoked already', [
        { path: 'status', message: 'the code was used or revoked already' },
      ]);
    const now = new Date();
    const [updated] = await tx
      .update(familyVerificationCodes)
      .set({ revokedAt: now, updatedAt: now })
      .where(eq(familyVerificationCodes.id, id))
      .returning();
    await recordAudit(tx, ctx, {
      action: 'family_code.revoke',
      entityType: 'family_verification_code',
      entityId: id,
      details: { careClientId: row.careClientId },
    });
    const names = await findPeopleNames(tx, { caregiverIds: [], clientIds: [row.careClientId] });
    return familyCodeOf(updated ?? row, names.clients.get(row.careClientId) ?? null, now);
  });
}

/** The guardian's client listings not archived, oldest first, for the family-code form's listing picker. */
export async function guardianListingChoices(
  executor: Executor,
  guardianId: string,
): Promise<GuardianListingChoice[]> {
  const rows = await executor
    .select({
      id: tinderClients.id,
      firstName: tinderClients.firstName,
      lastName: tinderClients.lastName,
      clientId: tinderClients.clientId,
    })
    .from(tinderClients)
    .where(and(eq(tinderClients.guardianId, guardianId), eq(tinderClients.archived, false)))
    .orderBy(asc(tinderClients.createdAt), asc(tinderClients.id));
  return rows.map(({ clientId, ...row }) => ({ ...row, linked: clientId !== null }));
}

/** The caller's own client listing `listingId` (not archived) with its care client, or 404 on `listingId`. */
async function ownClientListing(executor: Executor, guardianId: string, listingId: string) {
  const [row] = await executor
    .select({ id: tinderClients.id, clientId: tinderClients.clientId })
    .from(tinderClients)
    .where(
      and(
        eq(tinderClients.id, listingId),
        eq(tinderClients.guardianId, guardianId),
        eq(tinderClients.archived, false),
      ),
    );
  if (!row)
    throw new AppError('NOT_FOUND', 'Listing not found', [{ path: 'listingId', message: 'not found' }]);
  return row;
}

/**
 * Links listing `listingId` to care client `careClientId` (no change when already linked to it). Errors: CONFLICT on
 * `listingId` when linked to another care client (the caller's transaction then rolls back, the code stays unspent).
 */
async function linkListing(executor: Executor, listingId: string, careClientId: string, now: Date) {
  const [row] = await executor
    .select({ clientId: tinderClients.clientId })
    .from(tinderClients)
    .where(eq(tinderClients.id, listingId))
    .for('update');
  if (row?.clientId === careClientId) return false;
  if (row?.clientId)
    throw new AppError('CONFLICT', 'listingId is linked to another care client', [
      { path: 'listingId', message: 'is linked to another care client: ask your case manager' },
    ]);
  await executor
    .update(tinderClients)
    .set({ clientId: careClientId, updatedAt: now })
    .where(eq(tinderClients.id, listingId));
  return true;
}

/** The one refusal for a code that cannot be used, whatever the reason (no oracle for guessing). */
const refused = () =>
  AppError.field(
    'code',
    'is not valid: it may be mistyped, expired, used or revoked. Ask your case manager for a new code',
  );

/**
 * `POST /api/matchmaking/verification/family-code`: spends a live code and verifies the caller's guardian record
 * (see the file comment) and links listing `listingId` when given. Audited `family_code.redeem` (success: code id,
 * client id, listing id and whether it was linked now; refusal: denied, no code). Errors: NOT_FOUND when the caller
 * has no guardian record, or on `listingId` (not the caller's listing); 400 on `code` for any code that cannot be
 * used; CONFLICT on `listingId` (linked to another care client; nothing written but the denied audit).
 */
export async function redeemFamilyCode(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  { code, listingId }: FamilyCodeInput,
): Promise<ProfileVerification> {
  const account = await callerAccount(deps, ctx);
  const guardianId = account.guardianId;
  if (!guardianId) throw notFound('Guardian profile');
  if (listingId) await ownClientListing(deps.db, guardianId, listingId);
  const now = new Date();
  const spent = await spendCode(deps, ctx, { guardianId, code, listingId, now }).catch(
    async (error: unknown) => {
      if (error instanceof AppError && error.code === 'CONFLICT')
        await recordAudit(deps.db, ctx, {
          action: 'family_code.redeem',
          entityType: 'guardian',
          entityId: guardianId,
          outcome: 'denied',
          details: { listingId, reason: 'listing_linked' },
        });
      throw error;
    },
  );
  if (!spent) {
    await recordAudit(deps.db, ctx, {
      action: 'family_code.redeem',
      entityType: 'guardian',
      entityId: guardianId,
      outcome: 'denied',
    });
    throw refused();
  }
  return { verified: true, method: 'case_manager_code', verifiedAt: now.toISOString() };
}

/**
 * One transaction: spends a live code, links the listing when named, verifies the guardian, audits. Null when no
 * live code has that hash; throws CONFLICT from `linkListing` (all rolled back).
 */
async function spendCode(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  {
    guardianId,
    code,
    listingId,
    now,
  }: { guardianId: string; code: string; listingId: string | undefined; now: Date },
) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(familyVerificationCodes)
      .set({ usedAt: now, usedByGuardianId: guardianId, updatedAt: now })
      .where(
        and(
          eq(familyVerificationCodes.codeHash, familyCodeHash(code)),
          isNull(familyVerificationCodes.usedAt),
          isNull(familyVerificationCodes.revokedAt),
          gt(familyVerificationCodes.expiresAt, now),
        ),
      )
      .returning();
    if (!row) return null;
    const linked = listingId ? await linkListing(tx, listingId, row.careClientId, now) : false;
    // Who verified: the case manager (or admin) who issued the code.
    await markGuardianVerified(tx, guardianId, 'case_manager_code', row.issuedByUserId, now);
    await recordAudit(tx, ctx, {
      action: 'family_code.redeem',
      entityType: 'guardian',
      entityId: guardianId,
      details: {
        familyCodeId: row.id,
        careClientId: row.careClientId,
        ...(listingId ? { listingId, listingLinked: linked } : {}),
      },
    });
    return row;
  });
}
