/**
 * Routes of the matchmaking entry, verification, reports and admin review (issue 21; contracts
 * `matchmaking-entry.ts`, `matchmaking-verification.ts`, `matchmaking-reports.ts`; decision 0057).
 *
 * Access (contracts `apiAccess`): the caller's own home, role, verification, uploads and reports are `signed-in`
 * (relaxed tier; anonymous 401); issuing a family code is `signed-in-phi` (an admin needs aal2; anyone outside the
 * client's caseloads gets 404); every admin review operation is `admin` at aal2 (other roles 403). Family code
 * attempts are limited per client IP (`FAMILY_CODE_ATTEMPTS` per `FAMILY_CODE_WINDOW_MINUTES`; 429).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FAMILY_CODE_ATTEMPTS,
  FAMILY_CODE_WINDOW_MINUTES,
  IDENTITY_DOCUMENT_MAX_BYTES,
  identityDocumentKinds,
  matchmakingEntryEndpoints as entry,
  matchmakingReportEndpoints as reports,
  matchmakingVerificationEndpoints as verification,
  type IdentityDocumentKind,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { AppError } from '../../platform/http/errors.ts';
import { listCaregiverChecks, updateCaregiverChecks } from './caregiver-checks.service.ts';
import {
  issueFamilyCode,
  listFamilyCodes,
  redeemFamilyCode,
  revokeFamilyCode,
} from './family-codes.service.ts';
import {
  ensureIdentityDocumentsBucket,
  listPendingIdentityDocuments,
  openIdentityDocument,
  reviewIdentityDocument,
  uploadIdentityDocument,
} from './identity-documents.service.ts';
import { chooseRole, getMatchmakingHome } from './matchmaking-home.service.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import { fileReport, listReports, resolveReport } from './reports.service.ts';
import {
  decideProviderCheck,
  getMyVerification,
  listProviderChecks,
  submitProviderNumber,
} from './verification.service.ts';

/** The parts of an identity-document upload: `documentType` and one file part `file` (read up to the limit + 1). */
async function readDocumentUpload(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ documentType: IdentityDocumentKind; contentType: string; bytes: Buffer }> {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the form as multipart/form-data with the file in "file"',
    );
  let documentType: string | undefined;
  let file: { contentType: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IDENTITY_DOCUMENT_MAX_BYTES + 1, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw AppError.field(part.fieldname, 'is not a file field: send the file in a part named "file"');
        }
        file = { contentType: part.mimetype, bytes: await part.toBuffer() };
      } else if (part.fieldname === 'documentType') documentType = String(part.value);
    }
  } catch (error) {
    if (!request.raw.complete) void reply.header('connection', 'close');
    if (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 'file must be at most 10 MB', [
        { path: 'file', message: 'must be at most 10 MB' },
      ]);
    throw error;
  }
  if (!documentType || !(identityDocumentKinds as readonly string[]).includes(documentType))
    throw AppError.field('documentType', `must be one of ${identityDocumentKinds.join(', ')}`);
  if (!file) throw AppError.field('file', 'is required');
  return { documentType: documentType as IdentityDocumentKind, ...file };
}

/** Registers the entry, verification, report and admin review routes over `deps`; creates the documents bucket. */
// eslint-disable-next-line max-lines-per-function -- decision 0033: one route() line per endpoint (decision 0032)
export function entryRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  // eslint-disable-next-line max-lines-per-function -- the plugin body of the function above
  return async (app) => {
    await ensureIdentityDocumentsBucket(deps);
    const { db } = deps;
    const signedIn = (entity: string) => ({
      tags: ['matchmaking'],
      preValidation: guard(db, 'auth', entity),
    });
    const admin = (entity: string) => ({
      tags: ['matchmaking'],
      preValidation: guard(db, 'admin', entity, { phi: true }),
    });

    route(app, entry.getMatchmakingHome, signedIn('user_account'), (request) =>
      getMatchmakingHome(deps, request.ctx),
    );
    route(app, entry.chooseMatchmakingRole, signedIn('user_account'), (request) =>
      chooseRole(deps, request.ctx, request.body),
    );

    route(app, verification.getMyVerification, signedIn('user_account'), (request) =>
      getMyVerification(deps, request.ctx),
    );
    route(app, verification.submitProviderNumber, signedIn('tinder_caregiver'), (request) =>
      submitProviderNumber(deps, request.ctx, request.body.providerNumber),
    );
    route(
      app,
      verification.redeemFamilyCode,
      {
        ...signedIn('guardian'),
        config: {
          rateLimit: {
            max: FAMILY_CODE_ATTEMPTS,
            timeWindow: FAMILY_CODE_WINDOW_MINUTES * 60_000,
            keyGenerator: (request: { ip: string }) => `family-code:${request.ip}`,
          },
        },
      },
      (request) => redeemFamilyCode(deps, request.ctx, request.body),
    );
    route(
      app,
      verification.issueFamilyCode,
      { tags: ['matchmaking'], preValidation: guard(db, 'auth', 'family_verification_code', { phi: true }) },
      async (request, reply) => {
        const issued = await issueFamilyCode(deps, request.ctx, request.body.careClientId);
        void reply.code(201).header('cache-control', 'no-store');
        return issued;
      },
    );
    route(app, verification.findFamilyCodes, admin('family_verification_code'), async (request) => ({
      items: await listFamilyCodes(deps, request.ctx),
    }));
    route(app, verification.revokeFamilyCode, admin('family_verification_code'), (request) =>
      revokeFamilyCode(deps, request.ctx, request.params.id),
    );

    route(app, verification.uploadIdentityDocument, signedIn('identity_document'), async (request, reply) => {
      const upload = await readDocumentUpload(request, reply);
      const document = await uploadIdentityDocument(deps, request.ctx, upload);
      void reply.code(201);
      return document;
    });
    route(app, verification.findPendingIdentityDocuments, admin('identity_document'), async (request) => ({
      items: await listPendingIdentityDocuments(deps, request.ctx),
    }));
    route(app, verification.downloadIdentityDocument, admin('identity_document'), async (request, reply) => {
      const download = await openIdentityDocument(deps, request.ctx, request.params.id);
      return reply
        .header('content-type', download.contentType ?? 'application/octet-stream')
        .header('content-length', String(download.size))
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; sandbox")
        .header('referrer-policy', 'no-referrer')
        .send(download.body);
    });
    route(app, verification.reviewIdentityDocument, admin('identity_document'), (request) =>
      reviewIdentityDocument(deps, request.ctx, request.params.id, request.body),
    );

    route(app, verification.findProviderChecks, admin('tinder_caregiver'), async (request) => ({
      items: await listProviderChecks(deps, request.ctx),
    }));
    route(app, verification.decideProviderCheck, admin('tinder_caregiver'), (request) =>
      decideProviderCheck(deps, request.ctx, request.params.id, request.body),
    );
    route(app, verification.findCaregiverChecks, admin('tinder_caregiver'), async (request) => ({
      items: await listCaregiverChecks(deps, request.ctx, request.query.q),
    }));
    route(app, verification.updateCaregiverChecks, admin('tinder_caregiver'), (request) =>
      updateCaregiverChecks(deps, request.ctx, request.params.id, request.body),
    );

    route(app, reports.fileReport, signedIn('profile_report'), async (request, reply) => {
      const receipt = await fileReport(deps, request.ctx, request.body);
      void reply.code(201);
      return receipt;
    });
    route(app, reports.findReports, admin('profile_report'), async (request) => ({
      items: await listReports(deps, request.ctx, request.query.status),
    }));
    route(app, reports.resolveReport, admin('profile_report'), (request) =>
      resolveReport(deps, request.ctx, request.params.id, request.body),
    );
  };
}
