/**
 * `AppDeps`: everything modules, platform routes and workflows need, created once per app and passed
 * explicitly (`app.deps`; no globals). Optional providers load only when configured (the S3 SDK alone
 * is ~23 MB of memory).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './platform/config/config.ts';
import type { DatabaseHandle, Executor } from './platform/db/client.ts';
import { createAuth, type Auth, type PasswordHasher } from './platform/auth/auth.ts';
import { demoAgencyLoaded } from './workflows/events.ts';
import { createJobRunner, type JobRunner, type JobTimings } from './platform/jobs/jobs.service.ts';
import { createJobEvents, type JobEvents } from './platform/jobs/events.ts';
import { createLocalDriver } from './platform/storage/local.driver.ts';
import { createStorageService, type StorageService } from './platform/storage/storage.service.ts';
import { createMessagingService, type MessagingService } from './platform/messaging/messaging.service.ts';
import { createTwilioSmsProvider } from './platform/messaging/twilio.provider.ts';
import { revalidateAroundDate } from './modules/validation/validation.service.ts';
import { loadDemoAgency } from './modules/demo/demo.service.ts';
import { linkCaregiverOnSignIn } from './modules/users/caregiver-sign-in-link.ts';
import { createAccessLinkOpener } from './modules/access/access-links.service.ts';
import type { RequestContext } from './platform/http/context.ts';
import { createRealtimeHub, type RealtimeHub } from './platform/realtime/realtime.ts';

/** Everything route plugins need, passed explicitly (no globals). */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  /** The one-time first-admin token while no admin exists. */
  setupToken: string;
  jobs: JobRunner;
  /**
   * Typed events on the job engine (platform/jobs/events.ts): modules publish the events of
   * workflows/events.ts; the workflows (workflows/index.ts) subscribe and queue the next jobs.
   */
  events: JobEvents;
  /** Buckets and objects (local directory or S3, per `config.storage`). */
  storage: StorageService;
  /** Email and SMS through the configured providers; every message is recorded in the outbox. */
  messaging: MessagingService;
  /**
   * The realtime channel (platform/realtime): modules register their client events' handlers in their plugin and
   * push server events to accounts or rooms; served on the app's HTTP server by buildApp.
   */
  realtime: RealtimeHub;
  /**
   * Re-validates the segments of service date `date` and the day on each side in `executor` (the
   * caller's transaction) and detects billing drift for them: module `validation`'s
   * `revalidateAroundDate`, passed to the shift corrections and the segment editor (module `shifts`
   * cannot import `validation`, which reads shifts: decision 0025).
   */
  revalidateAroundDate(executor: Executor, date: string): Promise<unknown>;
  /**
   * Seeds the demo agency when the first-run setup asks for it (module `demo`'s `loadDemoAgency`; resolves
   * true when it loaded it), passed to module `users` so that `users` does not depend on the demo seeder,
   * which depends on every module (decision 0030).
   */
  loadDemoAgency(database: DatabaseHandle, ctx: RequestContext): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/**
 * Creates the app's dependencies over an open `database`. `log` receives job runner errors. Returns
 * the deps and `close()`, which stops the jobs and closes storage and the SMTP pool (not the database).
 */
export async function createAppDeps(options: {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  passwordHasher?: PasswordHasher;
  jobTimings?: JobTimings;
}): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  const { config, database } = options;
  const smtp = config.mail.smtpUrl
    ? (await import('./platform/messaging/smtp.provider.ts')).createSmtpProvider({ url: config.mail.smtpUrl })
    : null;
  const storageDriver =
    config.storage.driver === 's3'
      ? (await import('./platform/storage/s3.driver.ts')).createS3Driver(config.storage)
      : createLocalDriver({ rootDir: config.storage.rootDir });
  const messaging = createMessagingService({
    db: database.db,
    email: smtp,
    sms: config.sms ? createTwilioSmsProvider(config.sms) : null,
    defaultFrom: config.mail.from,
    storeSecrets: config.outboxShowsSecrets === true,
  });
  const deps: AppDeps = {
    config,
    database,
    auth: createAuth({
      db: database.db,
      secret: config.authSecret,
      publicUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
      // Caregiver sign-in codes go out through the messaging service.
      sendEmail: (message) => messaging.sendEmail(message),
      sendSms: (message) => messaging.sendSms(message),
      google: config.google,
      defaultPhoneCountry: config.defaultPhoneCountry,
      passwordHasher: options.passwordHasher,
      // A caregiver's first sign-in links their account to the one caregiver with its email (decision 0050).
      // A failure is logged with ids and never blocks the sign-in: the admin can link on /admin/users.
      onSignIn: async ({ userAccountId, role, firstSignIn, ctx }) => {
        if (role !== 'CAREGIVER' || !firstSignIn) return;
        try {
          await linkCaregiverOnSignIn(database.db, ctx, userAccountId);
        } catch (error) {
          options.log.error({ err: error, userAccountId }, 'caregiver sign-in link failed');
        }
      },
      // What a dashboard access link means: module `access` (decision 0049).
      accessLinks: createAccessLinkOpener(database.db),
    }),
    setupToken: config.setupToken ?? randomBytes(24).toString('base64url'),
    jobs: createJobRunner({
      ...options.jobTimings,
      database,
      onError: (error) => options.log.error({ err: error }, 'job runner error'),
    }),
    events: createJobEvents(),
    storage: createStorageService({ db: database.db, driver: storageDriver, secret: config.authSecret }),
    messaging,
    realtime: createRealtimeHub(),
    revalidateAroundDate,
    // After the commit, the demo goes through the jobs an import runs (workflows/demo-agency.ts).
    loadDemoAgency: async (db, ctx) => {
      const loaded = await loadDemoAgency(db, ctx);
      if (loaded) await deps.events.publish(demoAgencyLoaded, { loadedAt: new Date().toISOString() });
      return loaded;
    },
  };
  return {
    deps,
    close: async () => {
      await deps.jobs.stop();
      await deps.storage.close();
      smtp?.close();
    },
  };
}
