/**
 * `buildApp(options)`: the one factory used by `server.ts` and by every test (ARCHITECTURE.md).
 * Request path: request id → security headers → rate limit → origin check → actor → route (zod
 * validation) → service (authorize, transaction, audit) → response through the zod schema →
 * errors as RFC 9457 problem+json.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientConfig } from '@tend/contracts';
import { defaultMapTiles, tileImageSource, type Config } from './platform/config/config.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './platform/db/client.ts';
import { addSecurityHeaders } from './platform/http/security-headers.ts';
import { AppError } from './platform/http/errors.ts';
import { createAuth, type Auth, type PasswordHasher } from './platform/auth/auth.ts';
import { registerAuth } from './platform/auth/auth.plugin.ts';
import { apiTokensRoutes } from './platform/auth/api-tokens.routes.ts';
import { signUpRoutes } from './platform/auth/sign-up.ts';
import { carriesOwnCredentials } from './platform/auth/bearer.ts';
import { auditRoutes } from './platform/audit/audit.routes.ts';
import { createJobRunner, type JobRunner } from './platform/jobs/jobs.service.ts';
import { jobsRoutes } from './platform/jobs/jobs.routes.ts';
import { createLocalDriver } from './platform/storage/local.driver.ts';
import {
  createStorageService,
  EXPORTS_BUCKET,
  type StorageService,
} from './platform/storage/storage.service.ts';
import { storageRoutes } from './platform/storage/storage.routes.ts';
import { createMessagingService, type MessagingService } from './platform/messaging/messaging.service.ts';
import { messagingRoutes } from './platform/messaging/messaging.routes.ts';
import { createTwilioSmsProvider } from './platform/messaging/twilio.provider.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { loadDemoAgency } from './modules/demo/demo.service.ts';
import { accountsRoutes } from './modules/users/accounts.routes.ts';
import { peopleRoutes } from './modules/people/people.routes.ts';
import { shiftsRoutes } from './modules/shifts/shifts.routes.ts';
import { shiftCorrectionsRoutes } from './modules/shifts/shift-corrections.routes.ts';
import { segmentEditorRoutes } from './modules/shifts/segment-editor.routes.ts';
import { shiftImportRoutes } from './modules/shifts/shift-import.routes.ts';
import { caregiverHoursRoutes } from './modules/hours/caregiver-hours.routes.ts';
import { budgetsRoutes } from './modules/budgets/budgets.routes.ts';
import { createShiftImportHandler, SHIFT_IMPORT_JOB } from './modules/shifts/shift-import.service.ts';
import { shiftNotesRoutes } from './modules/screening/shift-notes.routes.ts';
import { SHIFT_NOTE_IMPORT_JOB, shiftNoteImportService } from './modules/screening/shift-note-import.ts';
import { clientPrimeImportRoutes } from './modules/budgets/budget-import.routes.ts';
import { CLIENT_PRIME_IMPORT_JOB, clientPrimeImportService } from './modules/budgets/budget-import.ts';
import { locationScreeningRoutes } from './modules/screening/location-screening.routes.ts';
import { incidentsRoutes } from './modules/screening/incidents.routes.ts';
import {
  createIncidentScreeningHandler,
  INCIDENT_SCREENING_JOB,
} from './modules/screening/incident-screening.service.ts';
import {
  createLocationScreeningHandler,
  LOCATION_SCREENING_JOB,
} from './modules/screening/location-screening.job.ts';
import { segmentValidationRoutes } from './modules/billing/segment-validation.routes.ts';
import { billingExportRoutes } from './modules/billing/billing-export.routes.ts';
import { billingItemsRoutes } from './modules/billing/billing-items.routes.ts';
import { claimImportsRoutes } from './modules/billing/claim-imports.routes.ts';
import { payrollRoutes } from './modules/payroll/payroll.routes.ts';
import {
  createSegmentValidationHandler,
  SEGMENT_VALIDATION_JOB,
} from './modules/billing/segment-validation.job.ts';

export interface BuildAppOptions {
  config: Config;
  /** An open database; when absent one is opened from `config.database` (and closed with the app). */
  database?: DatabaseHandle;
  /** Apply migrations before serving (default true). */
  migrate?: boolean;
  /** Start job workers (default true; tests that do not run jobs pass false to save start-up time). */
  jobs?: boolean;
  /** Password hashing; absent: better-auth's own scrypt (see `AuthOptions.passwordHasher`). Only tests pass one. */
  passwordHasher?: PasswordHasher;
}

/** Everything route plugins need, passed explicitly (no globals). */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  /** The one-time first-admin token while no admin exists. */
  setupToken: string;
  jobs: JobRunner;
  /** Buckets and objects (local directory or S3, per `config.storage`). */
  storage: StorageService;
  /** Email and SMS through the configured providers; every message is recorded in the outbox. */
  messaging: MessagingService;
  /**
   * Queues segment validation (DOMAIN.md "Violation codes") for service dates `from`..`to` (`to` null:
   * open-ended) or every date, after an edit that can change a segment's violations (budgets, approved
   * locations, reviews). The job is idempotent, so an extra run only costs time.
   */
  revalidateSegments(range: { from: string; to: string | null } | 'all'): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the whole Tend server. Errors: database open/migration failures are thrown. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const database =
    options.database ??
    (await openDatabase({
      url: config.database.url,
      dataDir: config.database.dataDir,
      poolMax: config.database.poolMax,
    }));
  if (options.migrate !== false) await migrateDatabase(database);

  const app = Fastify({
    logger: {
      level: config.logLevel,
      // Logs carry ids, never PHI: no query strings, bodies, cookies or authorization headers.
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          id: req.id,
          method: req.method,
          path: req.url.split('?')[0],
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Written asynchronously: lines that arrive during a write go out together in the next one (one
      // syscall for many requests' lines); flushed on exit (docs/decisions/0005-api-performance.md).
      ...(config.logLevel === 'silent' ? {} : { stream: pino.destination({ dest: 1, sync: false }) }),
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const auth = createAuth({
    db: database.db,
    secret: config.authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    // Caregiver sign-in codes go out through the messaging service (created below; called only per request).
    sendEmail: (message) => deps.messaging.sendEmail(message),
    sendSms: (message) => deps.messaging.sendSms(message),
    google: config.google,
    defaultPhoneCountry: config.defaultPhoneCountry,
    passwordHasher: options.passwordHasher,
  });
  // Optional providers load only when configured (the S3 SDK alone is ~23 MB of memory).
  const smtp = config.mail.smtpUrl
    ? (await import('./platform/messaging/smtp.provider.ts')).createSmtpProvider({ url: config.mail.smtpUrl })
    : null;
  const storageDriver =
    config.storage.driver === 's3'
      ? (await import('./platform/storage/s3.driver.ts')).createS3Driver(config.storage)
      : createLocalDriver({ rootDir: config.storage.rootDir });
  const deps: AppDeps = {
    config,
    database,
    auth,
    setupToken: config.setupToken ?? randomBytes(24).toString('base64url'),
    jobs: createJobRunner(database, {
      onError: (error) => app.log.error({ err: error }, 'job runner error'),
    }),
    storage: createStorageService({
      db: database.db,
      driver: storageDriver,
      secret: config.authSecret,
    }),
    messaging: createMessagingService({
      db: database.db,
      email: smtp,
      sms: config.sms ? createTwilioSmsProvider(config.sms) : null,
      defaultFrom: config.mail.from,
    }),
    revalidateSegments: async (range) => {
      await deps.jobs.enqueue({
        jobType: SEGMENT_VALIDATION_JOB,
        metadata: range === 'all' ? { scope: 'all' } : range,
      });
    },
  };
  app.decorate('deps', deps);
  /**
   * Jobs queued after a shift import created or changed shifts (the screenings over new and changed
   * shifts). Segment validation follows the location screening (it reads its findings).
   */
  const jobsAfterShiftImport: string[] = [LOCATION_SCREENING_JOB, INCIDENT_SCREENING_JOB];
  deps.jobs.register(SEGMENT_VALIDATION_JOB, createSegmentValidationHandler({ db: database.db }));
  deps.jobs.register(
    LOCATION_SCREENING_JOB,
    createLocationScreeningHandler({
      db: database.db,
      afterRun: async (metadata, findingsChanged) => {
        if (typeof metadata.afterImportJobId === 'string')
          await deps.jobs.enqueue({
            jobType: SEGMENT_VALIDATION_JOB,
            metadata: { afterImportJobId: metadata.afterImportJobId },
          });
        else if (findingsChanged) await deps.revalidateSegments('all');
      },
    }),
  );
  deps.jobs.register(
    INCIDENT_SCREENING_JOB,
    createIncidentScreeningHandler({ db: database.db, timeZone: config.agencyTimeZone, ai: config.ai }),
  );
  deps.jobs.register(
    SHIFT_IMPORT_JOB,
    createShiftImportHandler({
      db: database.db,
      storage: deps.storage,
      agencyTimeZone: config.agencyTimeZone,
      afterImport: async (importJobId) => {
        for (const jobType of jobsAfterShiftImport) {
          await deps.jobs.enqueue({ jobType, metadata: { afterImportJobId: importJobId } });
        }
      },
    }),
  );
  /**
   * Jobs queued after a notes import matched notes to shifts: incident screening reads notes (its
   * handler is registered above, so it can be queued; a type left out of this list is never queued).
   */
  const jobsAfterShiftNoteImport: string[] = [INCIDENT_SCREENING_JOB];
  const importDeps = { db: database.db, storage: deps.storage, agencyTimeZone: config.agencyTimeZone };
  deps.jobs.register(
    SHIFT_NOTE_IMPORT_JOB,
    shiftNoteImportService.handler({
      ...importDeps,
      afterImport: async (importJobId) => {
        for (const jobType of jobsAfterShiftNoteImport)
          await deps.jobs.enqueue({ jobType, metadata: { afterImportJobId: importJobId } });
        // "Shift note missing" may no longer hold.
        await deps.revalidateSegments('all');
      },
    }),
  );
  deps.jobs.register(
    CLIENT_PRIME_IMPORT_JOB,
    clientPrimeImportService.handler({
      ...importDeps,
      // Budgets changed: "no active budget" and "budget units exceeded" may change.
      afterImport: () => deps.revalidateSegments('all'),
    }),
  );
  // System buckets exist before anything (jobs included) can use them.
  app.addHook('onReady', async () => {
    await deps.storage.ensureBucket({
      id: 'imports',
      name: 'Imported files',
      fileSizeLimit: 200 * 1024 * 1024,
      allowedMimeTypes: [
        'application/json',
        'text/csv',
        'text/plain',
        'application/vnd.ms-excel',
        'application/octet-stream',
      ],
    });
    // Files Tend makes (billing export batches, payroll exports): kept, never overwritten.
    await deps.storage.ensureBucket({
      id: EXPORTS_BUCKET,
      name: 'Exported files',
      fileSizeLimit: 200 * 1024 * 1024,
      allowedMimeTypes: ['text/csv'],
    });
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const mapTiles = config.map ?? defaultMapTiles;
  // Map tiles are images from the configured tile server (UX.md "Maps").
  const tileSource = tileImageSource(mapTiles.tileUrl);
  // Helmet's headers, computed once (platform/http/security-headers.ts, docs/decisions/0005).
  await addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...(tileSource ? [tileSource] : [])],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The API is limited; the web app's files and pages are not (one page load fetches many chunks).
    allowList: (request) => !request.url.startsWith('/api/') || request.url === '/api/health',
    errorResponseBuilder: (_request, context) =>
      Object.assign(new AppError('RATE_LIMITED', `Too many requests; try again in ${context.after}`), {
        statusCode: 429,
      }),
  });
  // Bucket limits are enforced by storage while streaming; this cap only bounds a single request.
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 1 } });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Tend API', version: '0.1.0', description: 'Care-management platform API' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'tend.session_token' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // CSRF: a state-changing API request must come from an allowed origin (better-auth checks its own routes); a
  // cookie-less request that authenticates itself (bearer token, token endpoints) carries no ambient credential.
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  app.addHook('onRequest', async (request) => {
    if (
      !stateChanging.has(request.method) ||
      !request.url.startsWith('/api/') ||
      request.url.startsWith('/api/auth/') ||
      carriesOwnCredentials(request)
    )
      return;
    const origin =
      request.headers.origin ??
      (request.headers.referer ? new URL(request.headers.referer).origin : undefined);
    if (!origin || !allowedOrigins.has(origin)) {
      throw new AppError('CSRF_REJECTED', 'State-changing requests must come from the Tend web app');
    }
  });

  registerAuth(app, { auth, db: database.db });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path:
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        message: issue.message ?? 'is invalid',
      }));
      appError = new AppError(
        'VALIDATION_FAILED',
        errors.map((e) => `${error.validationContext ?? 'body'}.${e.path}: ${e.message}`).join('; '),
        errors,
      );
    } else if (isResponseSerializationError(error)) {
      request.log.error({ err: { message: error.message } }, 'response did not match its schema');
      appError = new AppError('INTERNAL');
    } else if (error.statusCode === 429) {
      appError = new AppError('RATE_LIMITED', error.message);
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      appError = new AppError('UNSUPPORTED_MEDIA_TYPE', error.message);
    } else if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
      appError = new AppError('PAYLOAD_TOO_LARGE', 'The upload is larger than allowed');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      appError = new AppError('BAD_REQUEST', error.message);
    } else {
      request.log.error({ err: error }, 'unhandled error');
      appError = new AppError('INTERNAL');
    }
    return reply
      .status(appError.status)
      .type('application/problem+json')
      .send(appError.toProblem(request.id));
  });

  // Health: liveness and readiness (database reachable).
  app.get(
    '/api/health',
    { schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  // Public settings for the web app (no secrets, no PHI): the map tile server and the agency's zone.
  app.get(
    '/api/client-config',
    { schema: { tags: ['system'], response: { 200: clientConfig } } },
    async () => ({
      map: { tileUrl: mapTiles.tileUrl, attribution: mapTiles.attribution },
      agencyTimeZone: config.agencyTimeZone,
      signUpEnabled: config.signUpEnabled !== false,
      googleSignInEnabled: Boolean(config.google),
    }),
  );
  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
      },
    },
    async () => {
      try {
        await database.query('select 1');
      } catch {
        throw new AppError('UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ready' as const, database: database.kind };
    },
  );

  await app.register(usersRoutes, { loadDemoAgency });
  await app.register(apiTokensRoutes);
  await app.register(signUpRoutes);
  await app.register(accountsRoutes);
  await app.register(peopleRoutes);
  await app.register(shiftsRoutes);
  await app.register(shiftCorrectionsRoutes);
  await app.register(segmentEditorRoutes);
  await app.register(shiftImportRoutes);
  await app.register(shiftNotesRoutes);
  await app.register(clientPrimeImportRoutes);
  await app.register(locationScreeningRoutes);
  await app.register(incidentsRoutes);
  await app.register(caregiverHoursRoutes);
  await app.register(budgetsRoutes);
  await app.register(segmentValidationRoutes);
  await app.register(billingExportRoutes);
  await app.register(billingItemsRoutes);
  await app.register(claimImportsRoutes);
  await app.register(payrollRoutes);
  await app.register(auditRoutes);
  await app.register(jobsRoutes);
  await app.register(storageRoutes);
  await app.register(messagingRoutes);

  // The built web app: one process is the whole product. Unknown /api paths are problem+json 404s;
  // any other path gets index.html and the client router decides (its 404 page included).
  const webDist =
    config.webDistDir && existsSync(path.join(config.webDistDir, 'index.html'))
      ? config.webDistDir
      : undefined;
  if (webDist) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, { root: path.resolve(webDist), wildcard: true, maxAge: '1h' });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || !webDist || request.method !== 'GET') {
      const error = new AppError('NOT_FOUND', `Page Not Found: ${request.url.split('?')[0]}`);
      return reply.status(404).type('application/problem+json').send(error.toProblem(request.id));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  if (options.jobs !== false) {
    app.addHook('onReady', () => deps.jobs.start());
  }
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    await deps.storage.close();
    smtp?.close();
    if (!options.database) await database.close();
  });

  return app;
}
