/**
 * The ISP routes (admin only; contracts `ispEndpoints`; docs/isp.md). Anonymous callers get 401, other roles 403 (the
 * guard audits the denial); an unknown id 404; bad input 400 naming the field. Multipart uploads (`uploadIsp`,
 * `saveIspPdfVersion`, `testIspExtractionFile`) read their parts in any order, the file up to 50 MiB (413 above).
 * PDFs and exports are sent with `accept-ranges: bytes`: a `Range` answers 206 (or 416 past the end).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ISP_MAX_FILE_BYTES,
  ISP_PDF_VERSION_NOTE_MAX_CHARS,
  ispEndpoints as e,
  isStorableText,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { sendStoredPdf } from '../../platform/storage/send-pdf.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  createIspExport,
  getIspExportEmail,
  listIspExports,
  openIspExport,
  type IspExportDeps,
} from './isp-export.service.ts';
import { testExtractionOfFile, testExtractionOfText } from './isp-extraction-test.service.ts';
import type { IspReader } from './isp-processing.job.ts';
import type { IspRefiner } from './refinement/ai-refinement.ts';
import {
  getIsp,
  listIsps,
  listPdfVersions,
  openIspPdf,
  retryIsp,
  saveIspPdfVersion,
  uploadIsp,
  type IspDeps,
} from './isp.service.ts';
import {
  changeProtocolStatus,
  createProtocolVersion,
  listProtocols,
  reorderProtocols,
  setProtocolExclusion,
  updateProtocol,
  verifyIsp,
} from './protocols.service.ts';

/** What the routes use. */
export interface IspRouteDeps {
  isp: IspDeps;
  exports: IspExportDeps;
  reader: IspReader;
  /** The optional AI refinement (ISP_AI_BASE_URL); absent or null = off (`refine: true` answers 400). */
  refiner?: IspRefiner | null;
}

/** The parts of a multipart upload: its text fields and its one file part `file`. */
interface Uploaded {
  fields: Map<string, string>;
  file: { fileName: string; bytes: Buffer } | null;
}

/** Reads every part (fields in any order; one file part named `file`, at most 50 MiB). */
async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<Uploaded> {
  if (!request.isMultipart())
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the form as multipart/form-data with the file in a part named "file"',
    );
  const uploaded: Uploaded = { fields: new Map(), file: null };
  try {
    for await (const part of request.parts({
      limits: { fileSize: ISP_MAX_FILE_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw AppError.field(part.fieldname, 'is not a file field: send the file in a part named "file"');
        }
        uploaded.file = { fileName: part.filename || 'upload.pdf', bytes: await part.toBuffer() };
      } else {
        uploaded.fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if (!request.raw.complete) void reply.header('connection', 'close');
    throw error;
  }
  return uploaded;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Registers the ISP routes over `deps`. */
// eslint-disable-next-line max-lines-per-function -- decision 0033: one route() line per endpoint (decision 0032), 20 endpoints
export function ispRoutes(deps: IspRouteDeps): FastifyPluginAsyncZod {
  // eslint-disable-next-line max-lines-per-function -- the plugin body of the function above
  return async (app) => {
    const { db } = deps.isp;
    const isps = { tags: ['isp'], preValidation: guard(db, 'admin', 'isp') };
    const protocolOptions = { tags: ['isp'], preValidation: guard(db, 'admin', 'protocol') };

    route(app, e.uploadIsp, isps, async (request, reply) => {
      const { fields, file } = await readUpload(request, reply);
      const clientId = fields.get('clientId')?.trim() ?? '';
      if (!clientId) throw AppError.field('clientId', 'is required');
      if (!UUID.test(clientId)) throw AppError.field('clientId', 'must be a valid id');
      if (!file) throw AppError.field('file', 'is required');
      if (!isStorableText(file.fileName)) throw AppError.field('file', 'has a name that cannot be stored');
      const summary = await uploadIsp(deps.isp, request.ctx, { clientId, ...file });
      void reply.code(202);
      return summary;
    });
    route(app, e.findIsps, isps, (request) => listIsps(db, request.ctx, request.query));
    route(app, e.findIsp, isps, (request) => getIsp(db, request.ctx, request.params.id));
    route(app, e.retryIsp, isps, async (request, reply) => {
      const summary = await retryIsp(deps.isp, request.ctx, request.params.id);
      void reply.code(202);
      return summary;
    });
    route(app, e.downloadIspPdf, isps, async (request, reply) => {
      const opened = await openIspPdf(deps.isp, request.ctx, request.params.id, {
        version: request.query.version,
        range: request.headers.range,
      });
      return sendStoredPdf(reply, opened.download, opened.fileName, 'inline');
    });
    route(app, e.findIspPdfVersions, isps, async (request) => ({
      items: await listPdfVersions(db, request.ctx, request.params.id),
    }));
    route(app, e.saveIspPdfVersion, isps, async (request, reply) => {
      const { fields, file } = await readUpload(request, reply);
      if (!file) throw AppError.field('file', 'is required');
      const note = fields.get('note')?.trim() ?? '';
      if (note.length > ISP_PDF_VERSION_NOTE_MAX_CHARS)
        throw AppError.field('note', `must be at most ${ISP_PDF_VERSION_NOTE_MAX_CHARS} characters`);
      if (!isStorableText(note))
        throw AppError.field('note', 'must not contain NUL characters or unpaired surrogates');
      if (!isStorableText(file.fileName)) throw AppError.field('file', 'has a name that cannot be stored');
      const version = await saveIspPdfVersion(deps.isp, request.ctx, request.params.id, {
        ...file,
        note: note || null,
      });
      void reply.code(201);
      return version;
    });
    route(app, e.reorderProtocols, isps, async (request) => ({
      items: await reorderProtocols(db, request.ctx, request.params.id, request.body),
    }));
    route(app, e.verifyIsp, isps, (request) => verifyIsp(db, request.ctx, request.params.id));
    route(app, e.createIspExport, isps, async (request, reply) => {
      const created = await createIspExport(deps.exports, request.ctx, request.params.id, request.body);
      void reply.code(201);
      return created;
    });
    route(app, e.findIspExports, isps, async (request) => ({
      items: await listIspExports(db, request.ctx, request.params.id),
    }));
    route(app, e.downloadIspExport, isps, async (request, reply) => {
      const opened = await openIspExport(
        deps.exports,
        request.ctx,
        request.params.id,
        request.params.exportId,
        request.headers.range,
      );
      return sendStoredPdf(reply, opened.download, opened.fileName, 'attachment');
    });
    route(app, e.getIspExportEmail, isps, (request) =>
      getIspExportEmail(deps.exports, request.ctx, request.params.id, request.query.locale),
    );

    route(app, e.findProtocols, protocolOptions, (request) => listProtocols(db, request.ctx, request.query));
    route(app, e.updateProtocol, protocolOptions, (request) =>
      updateProtocol(db, request.ctx, request.params.id, request.body),
    );
    route(app, e.createProtocolVersion, protocolOptions, async (request, reply) => {
      const created = await createProtocolVersion(db, request.ctx, request.params.id, request.body);
      void reply.code(201);
      return created;
    });
    route(app, e.changeProtocolStatus, protocolOptions, (request) =>
      changeProtocolStatus(db, request.ctx, request.params.id, request.body.status),
    );
    route(app, e.setProtocolExclusion, protocolOptions, (request) =>
      setProtocolExclusion(db, request.ctx, request.params.id, request.body),
    );

    route(app, e.testIspExtraction, isps, (request) =>
      testExtractionOfText(
        { db, reader: deps.reader, refiner: deps.refiner ?? null },
        request.ctx,
        request.body.text,
        request.body.refine === true,
      ),
    );
    route(app, e.testIspExtractionFile, isps, async (request, reply) => {
      const { file, fields } = await readUpload(request, reply);
      const refine = fields.get('refine');
      if (refine !== undefined && refine !== 'true' && refine !== 'false')
        throw AppError.field('refine', 'must be true or false');
      if (!file) throw AppError.field('file', 'is required');
      return testExtractionOfFile(
        { db, reader: deps.reader, refiner: deps.refiner ?? null },
        request.ctx,
        file,
        refine === 'true',
      );
    });
  };
}
