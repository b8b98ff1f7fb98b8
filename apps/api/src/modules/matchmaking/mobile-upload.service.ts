/**
 * Mobile upload links (issue 21 "continue a photo or video upload from a phone via a short-lived link/QR code"; spec
 * s.2 `/matchmaking/mobile-upload`; decision 0055). The owner of a listing asks for a link for one purpose
 * (`client-avatar`, `caregiver-photo` = the profile photo, `caregiver-video`, `additional-photo`); the link carries a
 * random 32-byte token (base64url), stored only as its SHA-256 and never logged or audited. For
 * `MOBILE_UPLOAD_MINUTES` the token alone allows ONE upload of that purpose for that listing, as the account that made
 * the link (its access is checked again at upload time). The link is spent in the transaction that saves the upload,
 * so a refused file leaves it usable and two uploads at once cannot both use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { MultipartFile } from '@fastify/multipart';
import {
  MOBILE_UPLOAD_MINUTES,
  type CreateMobileUploadLinkInput,
  type MobileUploadLink,
  type MobileUploadLinkStatus,
  type MobileUploadPurpose,
  type MobileUploadTokenInfo,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { findMatchmakingAccount } from '../users/matchmaking-accounts.service.ts';
import { openVideoPart, readPhotoPart } from './media.service.ts';
import {
  managedCaregiverListing,
  managedClientListing,
  type MatchmakingAccount,
  type MatchmakingDeps,
} from './matchmaking-support.ts';
import { mobileUploadLinks } from './matchmaking.table.ts';
import { addCaregiverPhoto, setCaregiverProfilePhoto, setClientAvatar } from './photos.service.ts';
import { addVideo } from './videos.service.ts';

type LinkRow = typeof mobileUploadLinks.$inferSelect;

/** SHA-256 (hex) of a token: what the table keeps. */
const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const purposeOf = (row: LinkRow) => row.purpose as MobileUploadPurpose;

/** Checks that `account` manages the listing a link of `purpose` is for (NOT_FOUND otherwise). */
async function checkListing(
  executor: Executor,
  account: MatchmakingAccount,
  purpose: MobileUploadPurpose,
  profileId: string,
) {
  if (purpose === 'client-avatar') return managedClientListing(executor, account, profileId);
  return managedCaregiverListing(executor, account, profileId);
}

/**
 * A new link for `input.purpose` on listing `input.profileId` (the caller manages it; else NOT_FOUND): `url` is the
 * phone's page `<PUBLIC_URL>/matchmaking/mobile-upload?token=<token>`; audited `mobile_upload_link.create` (link id,
 * purpose, listing id; never the token).
 */
export async function createMobileUploadLink(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  account: MatchmakingAccount,
  input: CreateMobileUploadLinkInput,
): Promise<MobileUploadLink> {
  await checkListing(deps.db, account, input.purpose, input.profileId);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + MOBILE_UPLOAD_MINUTES * 60_000);
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(mobileUploadLinks)
      .values({
        tokenHash: hashToken(token),
        userAccountId: account.userAccountId,
        purpose: input.purpose,
        profileId: input.profileId,
        expiresAt,
      })
      .returning();
    if (!inserted) throw new Error('mobile upload link insert returned no row');
    await recordAudit(tx, ctx, {
      action: 'mobile_upload_link.create',
      entityType: 'mobile_upload_link',
      entityId: inserted.id,
      details: { purpose: input.purpose, profileId: input.profileId },
    });
    return inserted;
  });
  const base = deps.config.publicUrl.replace(/\/+$/, '');
  return {
    id: row.id,
    url: `${base}/matchmaking/mobile-upload?token=${token}`,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Whether link `linkId` (made by the caller, or any for an admin) was used yet. Errors: NOT_FOUND. */
export async function mobileUploadLinkStatus(
  deps: MatchmakingDeps,
  account: MatchmakingAccount,
  linkId: string,
): Promise<MobileUploadLinkStatus> {
  const [row] = await deps.db.select().from(mobileUploadLinks).where(eq(mobileUploadLinks.id, linkId));
  if (!row || (row.userAccountId !== account.userAccountId && account.role !== 'ADMIN')) {
    throw notFound('Upload link');
  }
  return {
    id: row.id,
    status: row.usedAt ? 'used' : row.expiresAt.getTime() <= Date.now() ? 'expired' : 'waiting',
    purpose: purposeOf(row),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Why a token is refused: FORBIDDEN naming `token` (`is not valid`, `was already used`, `has expired`). */
function refused(reason: 'invalid' | 'used' | 'expired'): AppError {
  const message =
    reason === 'used'
      ? 'was already used: ask for a new link on the computer'
      : reason === 'expired'
        ? 'has expired: ask for a new link on the computer'
        : 'is not valid: open the link again, or ask for a new one on the computer';
  return new AppError('FORBIDDEN', `token ${message}`, [{ path: 'token', message: reason }]);
}

/** The live link of `token`, or FORBIDDEN (audited `mobile_upload_link.refused` when the link exists). */
async function liveLink(deps: MatchmakingDeps, ctx: RequestContext, token: string): Promise<LinkRow> {
  const [row] = await deps.db
    .select()
    .from(mobileUploadLinks)
    .where(eq(mobileUploadLinks.tokenHash, hashToken(token)));
  if (!row) throw refused('invalid');
  const reason = row.usedAt ? 'used' : row.expiresAt.getTime() <= Date.now() ? 'expired' : null;
  if (reason) {
    await recordAudit(deps.db, ctx, {
      action: 'mobile_upload_link.refused',
      entityType: 'mobile_upload_link',
      entityId: row.id,
      outcome: 'denied',
      details: { reason },
    });
    throw refused(reason);
  }
  return row;
}

/** What a live token allows (the phone page asks before it offers the upload). Errors: FORBIDDEN (`token`). */
export async function checkMobileUploadToken(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  token: string,
): Promise<MobileUploadTokenInfo> {
  const row = await liveLink(deps, ctx, token);
  return { purpose: purposeOf(row), expiresAt: row.expiresAt.toISOString() };
}

/**
 * Saves the uploaded `part` as the link of `token` says, as the account that made the link, and spends the link in
 * the same transaction; audited `mobile_upload_link.used` (and the save's own audit). Errors: FORBIDDEN (`token`:
 * unknown, used, expired, or used by another upload at the same moment), NOT_FOUND (the listing is no longer the
 * account's), and the file errors of the purpose's upload.
 */
export async function mobileUpload(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  token: string,
  part: MultipartFile,
): Promise<MobileUploadTokenInfo> {
  let link: LinkRow;
  try {
    link = await liveLink(deps, ctx, token);
  } catch (error) {
    part.file.resume();
    throw error;
  }
  const account = await findMatchmakingAccount(deps.db, link.userAccountId);
  if (!account) {
    part.file.resume();
    throw refused('invalid');
  }
  const purpose = purposeOf(link);
  const claim = async (tx: Executor) => {
    const [spent] = await tx
      .update(mobileUploadLinks)
      .set({ usedAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(mobileUploadLinks.id, link.id),
          isNull(mobileUploadLinks.usedAt),
          gt(mobileUploadLinks.expiresAt, new Date()),
        ),
      )
      .returning({ id: mobileUploadLinks.id });
    if (!spent) throw refused('used');
    await recordAudit(tx, ctx, {
      action: 'mobile_upload_link.used',
      entityType: 'mobile_upload_link',
      entityId: link.id,
      details: { purpose, profileId: link.profileId },
    });
  };
  try {
    if (purpose === 'client-avatar') {
      await managedClientListing(deps.db, account, link.profileId);
      await setClientAvatar(deps, ctx, account, link.profileId, await readPhotoPart(part), claim);
    } else {
      const listing = await managedCaregiverListing(deps.db, account, link.profileId);
      if (purpose === 'caregiver-video') await addVideo(deps, ctx, listing, await openVideoPart(part), claim);
      else if (purpose === 'additional-photo')
        await addCaregiverPhoto(deps, ctx, listing, await readPhotoPart(part), claim);
      else await setCaregiverProfilePhoto(deps, ctx, listing, { bytes: await readPhotoPart(part) }, claim);
    }
  } finally {
    part.file.resume();
  }
  return { purpose, expiresAt: link.expiresAt.toISOString() };
}
