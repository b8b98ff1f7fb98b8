/**
 * Identity documents for matchmaking verification (issue 21 "ID documents are deleted once verification is done
 * (keep only who verified, how and when)"; contracts `matchmaking-verification.ts`; decision 0057).
 *
 * - A signed-in person with a guardian record or a caregiver listing uploads a JPEG, PNG, WebP or PDF of at most
 *   10 MiB (`IDENTITY_DOCUMENT_MAX_BYTES`) into bucket `IDENTITY_DOCUMENTS_BUCKET` (authenticated, never public);
 *   the bytes must start like the declared type. The row is PENDING.
 * - Only admins list pending documents and open the file (served sandboxed, never cached).
 * - An admin verifies or rejects it: the stored object is removed first, then `storage_key` is cleared, `deleted_at`
 *   set and the decision recorded in one transaction (a removal that fails records nothing, so a decided document
 *   never keeps its file; a decision that fails after the removal leaves a PENDING row without a file, which an
 *   admin decides again); `verify` marks the person's caregiver listing and guardian record verified
 *   (`id_document`).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  IDENTITY_DOCUMENT_MAX_BYTES,
  identityDocumentTypes,
  type IdentityDocument,
  type IdentityDocumentKind,
  type IdentityDocumentReviewInput,
  type IdentityDocumentStatus,
  type PendingIdentityDocument,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Download } from '../../platform/storage/storage.service.ts';
import { findGuardianVerification, markGuardianVerified } from '../people/guardians.service.ts';
import { findMatchmakingAccount } from '../users/matchmaking-accounts.service.ts';
import { callerAccount, type MatchmakingDeps } from './matchmaking-support.ts';
import { identityDocuments, tinderCaregivers } from './matchmaking.table.ts';

/** The bucket of identity documents (authenticated; admins read them through the review API only). */
export const IDENTITY_DOCUMENTS_BUCKET = 'matchmaking-identity-documents';

/** Creates the bucket unless it exists (at start). */
export async function ensureIdentityDocumentsBucket(deps: MatchmakingDeps): Promise<void> {
  await deps.storage.ensureBucket({
    id: IDENTITY_DOCUMENTS_BUCKET,
    name: 'Matchmaking identity documents',
    fileSizeLimit: IDENTITY_DOCUMENT_MAX_BYTES,
    allowedMimeTypes: [...identityDocumentTypes],
  });
}

type IdentityDocumentRow = typeof identityDocuments.$inferSelect;

/** A document row as the API shows it. */
export function identityDocumentOf(row: IdentityDocumentRow): IdentityDocument {
  return {
    id: row.id,
    documentType: row.documentType,
    status: row.status as IdentityDocumentStatus,
    fileStored: row.storageKey !== null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

const extensions: Record<(typeof identityDocumentTypes)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Whether `bytes` start as a file of `contentType` does (magic numbers), so a renamed file is refused. */
export function looksLike(contentType: string, bytes: Buffer): boolean {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString('latin1');
  switch (contentType) {
    case 'image/jpeg':
      return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'image/webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case 'application/pdf':
      return ascii(0, 5) === '%PDF-';
    default:
      return false;
  }
}

/**
 * Stores an uploaded document for the caller and records it PENDING; audited `identity_document.upload` (id, type,
 * bytes). Errors: NOT_FOUND when the caller has neither a guardian record nor a caregiver listing;
 * UNSUPPORTED_MEDIA_TYPE (not JPEG/PNG/WebP/PDF, or bytes of another kind); PAYLOAD_TOO_LARGE (over 10 MiB). A row
 * that cannot be written removes the stored file again.
 */
export async function uploadIdentityDocument(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  input: { documentType: IdentityDocumentKind; contentType: string; bytes: Buffer },
): Promise<IdentityDocument> {
  const account = await callerAccount(deps, ctx);
  if (!account.guardianId && !account.tinderCaregiverId) throw notFound('Matchmaking profile');
  const contentType = input.contentType.toLowerCase();
  if (
    !(identityDocumentTypes as readonly string[]).includes(contentType) ||
    !looksLike(contentType, input.bytes)
  )
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'file must be a JPEG, PNG or WebP photo or a PDF', [
      { path: 'file', message: 'must be a JPEG, PNG or WebP photo or a PDF' },
    ]);
  if (input.bytes.length > IDENTITY_DOCUMENT_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'file must be at most 10 MB', [
      { path: 'file', message: 'must be at most 10 MB' },
    ]);
  const path = `${randomUUID()}.${extensions[contentType as keyof typeof extensions]}`;
  await deps.storage.upload(ctx, {
    bucketId: IDENTITY_DOCUMENTS_BUCKET,
    path,
    body: input.bytes,
    contentType,
  });
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(identityDocuments)
        .values({
          userAccountId: account.userAccountId,
          documentType: input.documentType,
          storageBucket: IDENTITY_DOCUMENTS_BUCKET,
          storageKey: path,
        })
        .returning();
      if (!row) throw new Error('identity_document insert returned no row');
      await recordAudit(tx, ctx, {
        action: 'identity_document.upload',
        entityType: 'identity_document',
        entityId: row.id,
        details: { documentType: input.documentType, contentType, bytes: input.bytes.length },
      });
      return identityDocumentOf(row);
    });
  } catch (error) {
    await deps.storage.remove(ctx, IDENTITY_DOCUMENTS_BUCKET, [path]).catch(() => undefined);
    throw error;
  }
}

/** The name and kind of the profile an account verifies (its caregiver listing first, else its guardian record). */
async function profileOf(
  deps: MatchmakingDeps,
  userAccountId: string,
): Promise<{ profileName: string | null; profileKind: 'guardian' | 'caregiver' | null }> {
  const account = await findMatchmakingAccount(deps.db, userAccountId);
  if (account?.tinderCaregiverId) {
    const [listing] = await deps.db
      .select({ firstName: tinderCaregivers.firstName, lastName: tinderCaregivers.lastName })
      .from(tinderCaregivers)
      .where(eq(tinderCaregivers.id, account.tinderCaregiverId));
    if (listing)
      return {
        profileName: [listing.firstName, listing.lastName].filter(Boolean).join(' '),
        profileKind: 'caregiver',
      };
  }
  if (account?.guardianId) {
    const guardian = await findGuardianVerification(deps.db, account.guardianId);
    if (guardian) return { profileName: guardian.name, profileKind: 'guardian' };
  }
  return { profileName: null, profileKind: null };
}

/** `GET /api/matchmaking/identity-documents` (admin): PENDING documents, oldest first (at most 200). Audited (count). */
export async function listPendingIdentityDocuments(
  deps: MatchmakingDeps,
  ctx: RequestContext,
): Promise<PendingIdentityDocument[]> {
  const rows = await deps.db
    .select()
    .from(identityDocuments)
    .where(eq(identityDocuments.status, 'PENDING'))
    .orderBy(asc(identityDocuments.createdAt), asc(identityDocuments.id))
    .limit(200);
  const items = await Promise.all(
    rows.map(async (row) => ({
      ...identityDocumentOf(row),
      userAccountId: row.userAccountId,
      ...(await profileOf(deps, row.userAccountId)),
    })),
  );
  await recordAudit(deps.db, ctx, {
    action: 'identity_document.list',
    entityType: 'identity_document',
    details: { count: items.length },
  });
  return items;
}

/**
 * `GET /api/matchmaking/identity-documents/:id/file` (admin): opens a document's stored file; audited
 * `identity_document.read`. Errors: NOT_FOUND (unknown id, or the file was deleted after review).
 */
export async function openIdentityDocument(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
): Promise<Download> {
  const [row] = await deps.db.select().from(identityDocuments).where(eq(identityDocuments.id, id));
  if (!row?.storageKey || !row.storageBucket) throw notFound('Identity document');
  const download = await deps.storage.download(ctx, row.storageBucket, row.storageKey);
  await recordAudit(deps.db, ctx, {
    action: 'identity_document.read',
    entityType: 'identity_document',
    entityId: row.id,
  });
  return download;
}

/**
 * `POST /api/matchmaking/identity-documents/:id/review` (admin): VERIFIED or REJECTED; the file removed (see the file
 * comment); `verify` also verifies the uploader's caregiver listing and guardian record that are not verified yet
 * (`id_document`, by this admin). One transaction, audited `identity_document.review` (decision, ids).
 * Errors: NOT_FOUND (unknown), CONFLICT (already reviewed).
 */
export async function reviewIdentityDocument(
  deps: MatchmakingDeps,
  ctx: RequestContext,
  id: string,
  input: IdentityDocumentReviewInput,
): Promise<IdentityDocument> {
  const admin = await callerAccount(deps, ctx);
  const pending = async (executor: Executor) => {
    const [row] = await executor.select().from(identityDocuments).where(eq(identityDocuments.id, id));
    if (!row) throw notFound('Identity document');
    if (row.status !== 'PENDING')
      throw new AppError('CONFLICT', 'status this document was reviewed already', [
        { path: 'status', message: 'this document was reviewed already' },
      ]);
    return row;
  };
  // The file goes first: a decision is never recorded while its file is still stored.
  const before = await pending(deps.db);
  if (before.storageKey && before.storageBucket)
    await deps.storage.remove(ctx, before.storageBucket, [before.storageKey]);
  return deps.db.transaction(async (tx) => {
    const row = await pending(tx);
    const now = new Date();
    const [updated] = await tx
      .update(identityDocuments)
      .set({
        status: input.decision === 'verify' ? 'VERIFIED' : 'REJECTED',
        reviewedByUserId: admin.userAccountId,
        reviewedAt: now,
        storageKey: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(identityDocuments.id, row.id))
      .returning();
    const verified: string[] = [];
    if (input.decision === 'verify') {
      const owner = await findMatchmakingAccount(tx, row.userAccountId);
      if (owner?.tinderCaregiverId) {
        const listings = await tx
          .update(tinderCaregivers)
          .set({
            verifiedAt: now,
            verificationMethod: 'id_document',
            verifiedByUserId: admin.userAccountId,
            updatedAt: now,
          })
          .where(and(eq(tinderCaregivers.id, owner.tinderCaregiverId), isNull(tinderCaregivers.verifiedAt)))
          .returning({ id: tinderCaregivers.id });
        if (listings.length) verified.push('caregiver');
      }
      if (owner?.guardianId) {
        const guardian = await findGuardianVerification(tx, owner.guardianId);
        if (guardian && !guardian.verifiedAt) {
          await markGuardianVerified(tx, guardian.id, 'id_document', admin.userAccountId, now);
          verified.push('guardian');
        }
      }
    }
    await recordAudit(tx, ctx, {
      action: 'identity_document.review',
      entityType: 'identity_document',
      entityId: row.id,
      details: { decision: input.decision, verified, fileDeleted: row.storageKey !== null },
    });
    if (!updated) throw new Error('identity_document update returned no row');
    return identityDocumentOf(updated);
  });
}
