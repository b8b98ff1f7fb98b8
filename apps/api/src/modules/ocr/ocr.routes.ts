/**
 * The OCR document routes (admin only; contracts `ocrDocumentEndpoints`; docs/ocr-documents.md). Anonymous callers
 * get 401, other roles 403 (the guard audits the denial); an unknown id 404; bad input 400 naming the field. The upload
 * is multipart with one part `file` (at most OCR_MAX_FILE_BYTES, 413 above). Page images are sent as PNG, private,
 * never cached, from this origin only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OCR_MAX_FILE_BYTES, isStorableText, ocrDocumentEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { AppError } from '../../platform/http/errors.ts';
import { stageOcrRows, type StageShiftRows } from './ocr-staging.ts';
import {
  getOcrDocument,
  listOcrDocuments,
  readPageImage,
  uploadOcrDocument,
  type OcrDeps,
} from './ocr.service.ts';

/** What the routes use. */
export interface OcrRouteDeps extends OcrDeps {
  stageShiftRows: StageShiftRows;
  agencyTimeZone: string;
}

/** Reads the one file part `file` (other parts are refused: the upload has no fields). */
async function readFile(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ fileName: string; bytes: Buffer; mimeType: string }> {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the form as multipart/form-data with the file in a part named "file"',
    );
  let file: { fileName: string; bytes: Buffer; mimeType: string } | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: OCR_MAX_FILE_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw AppError.field(part.fieldname, 'is not a file field: send the file in a part named "file"');
      }
      file = { fileName: part.filename || 'scan', bytes: await part.toBuffer(), mimeType: part.mimetype };
    }
  } catch (error) {
    if (!request.raw.complete) void reply.header('connection', 'close');
    throw error;
  }
  if (!file) throw AppError.field('file', 'is required');
  if (!isStorableText(file.fileName)) throw AppError.field('file', 'has a name that cannot be stored');
  return file;
}

/** Registers the OCR document routes over `deps`. */
export function ocrRoutes(deps: OcrRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const options = { tags: ['ocr'], preValidation: guard(db, 'admin', 'ocr_document') };
    route(app, e.uploadOcrDocument, options, async (request, reply) => {
      const summary = await uploadOcrDocument(deps, request.ctx, await readFile(request, reply));
      void reply.code(202);
      return summary;
    });
    route(app, e.findOcrDocuments, options, async (request) => ({
      items: await listOcrDocuments(db, request.ctx),
    }));
    route(app, e.findOcrDocument, options, (request) => getOcrDocument(db, request.ctx, request.params.id));
    route(app, e.downloadOcrPageImage, options, async (request, reply) => {
      const png = await readPageImage(deps, request.ctx, request.params.id, request.params.page);
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cross-origin-resource-policy', 'same-origin')
        .send(png);
    });
    route(app, e.stageOcrRows, options, async (request, reply) => {
      const stagedRows = await stageOcrRows(deps, request.ctx, request.params.id, request.body);
      void reply.code(201);
      return { stagedRows };
    });
  };
}
