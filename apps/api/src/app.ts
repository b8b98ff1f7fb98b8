/**
 * `buildApp(options)`: the one factory used by `server.ts` and by every test (ARCHITECTURE.md). It only
 * composes: the platform's request hooks, each module's plugin (its routes, jobs and event publishers),
 * the workflows between modules (src/workflows/), the web app.
 *
 * Realtime (platform/realtime): socket.io on the same HTTP server, authenticated by the same session cookie; modules
 * register their events' handlers on `deps.realtime` in their plugin.
 *
 * Request path: request id → security headers → rate limit → origin check → actor → route (zod
 * validation) → service (authorize, transaction, audit) → response through the zod schema → errors as
 * RFC 9457 problem+json.
 */
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './platform/config/config.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './platform/db/client.ts';
import type { PasswordHasher } from './platform/auth/auth.ts';
import { registerAuth } from './platform/auth/auth.plugin.ts';
import { serverOptions } from './platform/http/server-options.ts';
import { registerRequestGuards } from './platform/http/request-guards.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { setProblemErrorHandler } from './platform/http/error-handler.ts';
import { registerWebApp } from './platform/http/web-app.ts';
import { attachRealtime } from './platform/realtime/realtime.ts';
import { platformRoutes } from './platform/platform.routes.ts';
import { ensureSystemBuckets } from './platform/storage/system-buckets.ts';
import { usersPlugin } from './modules/users/users.plugin.ts';
import { peoplePlugin } from './modules/people/people.plugin.ts';
import { shiftsPlugin } from './modules/shifts/shifts.plugin.ts';
import { screeningPlugin } from './modules/screening/screening.plugin.ts';
import { hoursPlugin } from './modules/hours/hours.plugin.ts';
import { budgetsPlugin } from './modules/budgets/budgets.plugin.ts';
import { validationPlugin } from './modules/validation/validation.plugin.ts';
import { billingPlugin } from './modules/billing/billing.plugin.ts';
import { payrollPlugin } from './modules/payroll/payroll.plugin.ts';
import { stagingPlugin } from './modules/staging/staging.plugin.ts';
import { demoPlugin } from './modules/demo/demo.plugin.ts';
import { ispPlugin } from './modules/isp/isp.plugin.ts';
import { ocrPlugin } from './modules/ocr/ocr.plugin.ts';
import { dashboardsPlugin } from './modules/dashboards/dashboards.plugin.ts';
import { accessPlugin } from './modules/access/access.plugin.ts';
import { campaignsPlugin } from './modules/campaigns/campaigns.plugin.ts';
import { matchmakingPlugin } from './modules/matchmaking/matchmaking.plugin.ts';
import { messagingPlugin } from './modules/messaging/messaging.plugin.ts';
import { reportExportPlugin } from './modules/report-export/report-export.plugin.ts';
import { registerWorkflows } from './workflows/index.ts';
import { createAppDeps } from './app-deps.ts';
import type { JobTimings } from './platform/jobs/jobs.service.ts';

export type { AppDeps } from './app-deps.ts';

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
  /** Where log lines go instead of stdout (tests read the log from it); the level is still `config.logLevel`. */
  logStream?: DestinationStream;
  /** The job runner's timings (heartbeat, dead-worker window, polling); absent: its defaults. Only tests pass them. */
  jobTimings?: JobTimings;
}

/** Every module's plugin: its routes and the handlers of its jobs (registered before the jobs start). */
export const modulePlugins: readonly FastifyPluginAsync[] = [
  usersPlugin,
  peoplePlugin,
  shiftsPlugin,
  screeningPlugin,
  hoursPlugin,
  budgetsPlugin,
  validationPlugin,
  billingPlugin,
  payrollPlugin,
  stagingPlugin,
  ispPlugin,
  ocrPlugin,
  dashboardsPlugin,
  accessPlugin,
  campaignsPlugin,
  matchmakingPlugin,
  messagingPlugin,
  reportExportPlugin,
  demoPlugin,
];

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

  const app = Fastify(serverOptions(config, options.logStream)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { deps, close } = await createAppDeps({
    config,
    database,
    log: app.log,
    passwordHasher: options.passwordHasher,
    jobTimings: options.jobTimings,
  });
  app.decorate('deps', deps);
  // System buckets exist before anything (jobs included) can use them.
  app.addHook('onReady', () => ensureSystemBuckets(deps.storage));

  await registerRequestGuards(app, config);
  await registerOpenApi(app);
  registerAuth(app, { auth: deps.auth, db: database.db });
  setProblemErrorHandler(app);
  await attachRealtime(app, deps.realtime, { config, database });

  await app.register(platformRoutes);
  for (const plugin of modulePlugins) await app.register(plugin);
  registerWorkflows(deps);
  await registerWebApp(app, config.webDistDir);

  if (options.jobs !== false) app.addHook('onReady', () => deps.jobs.start());
  app.addHook('onClose', async () => {
    await close();
    if (!options.database) await database.close();
  });
  return app;
}
