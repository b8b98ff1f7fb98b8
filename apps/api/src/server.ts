/**
 * Process entry: parse config, build the app, listen, print the first-run setup link while no admin
 * exists, and shut down gracefully on SIGINT/SIGTERM (in-flight requests finish, database closes).
 *
 * WEB_CONCURRENCY > 1 (PostgreSQL only; config refuses it with embedded PGlite) runs that many Node
 * cluster workers sharing the port (docs/decisions/0005-api-performance.md). The primary serves nothing:
 * it starts the workers one after another (the first applies migrations and creates system buckets
 * before the others start, so they never race), hands them one setup token, restarts a worker that
 * dies, and on SIGINT/SIGTERM stops them all gracefully.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { apiRoot } from './api-root.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './platform/config/config.ts';
import { needsSetup } from './modules/users/users.service.ts';

const defaultWebDist = path.join(apiRoot, '../web/dist');

let config: Config;
try {
  config = loadConfig(process.env, defaultWebDist);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const workers = config.webConcurrency ?? 1;
if (workers > 1 && cluster.isPrimary) {
  await runPrimary(workers);
} else {
  await runServer(config, cluster.isWorker);
}

/** One server process (the only one, or a cluster worker). */
async function runServer(config: Config, isWorker: boolean): Promise<void> {
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  // A cluster worker tells the primary it is ready; the primary prints the banner once.
  if (isWorker) {
    process.send?.({ tend: 'listening' });
  } else {
    if (!config.webDistDir) {
      app.log.warn(
        'The web app is not built (apps/web/dist missing): run `npm start` from the repository root, which builds it.',
      );
    }
    await printBanner(config, app.deps.setupToken, needsSetup(app.deps.database.db));
  }

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
    });
  }
}

async function printBanner(config: Config, setupToken: string, setupNeeded: Promise<boolean>) {
  if (await setupNeeded) {
    const link = `${config.publicUrl}/setup?token=${encodeURIComponent(setupToken)}`;
    // Printed on stdout (not only the log) so a newcomer sees it; it is the only way to create the first admin.
    console.log(
      `\n  Tend is running on ${config.publicUrl}\n  Create the first admin here (one-time link):\n\n    ${link}\n`,
    );
  } else {
    console.log(`\n  Tend is running on ${config.publicUrl}\n`);
  }
}

/** The cluster primary: forks `count` workers, one at a time, and supervises them. */
async function runPrimary(count: number): Promise<void> {
  // Every worker must accept the same one-time setup token.
  const setupToken = config.setupToken ?? randomBytes(24).toString('base64url');
  const env = { SETUP_TOKEN: setupToken };
  let stopping = false;

  const fork = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork(env);
      const onExit = (code: number) =>
        reject(new Error(`a server worker exited with ${code} while starting`));
      worker.once('exit', onExit);
      worker.on('message', (message: { tend?: string }) => {
        if (message?.tend !== 'listening') return;
        worker.off('exit', onExit);
        resolve(worker);
      });
    });

  try {
    for (let i = 0; i < count; i += 1) await fork();
  } catch (error) {
    console.error((error as Error).message);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(1);
  }
  // The first worker applied migrations, so the database can be asked whether setup is pending.
  const { openDatabase } = await import('./platform/db/client.ts');
  const database = await openDatabase({ url: config.database.url, poolMax: 1 });
  try {
    await printBanner(config, setupToken, needsSetup(database.db));
  } finally {
    await database.close();
  }
  console.log(`  ${count} server workers (WEB_CONCURRENCY)\n`);

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`server worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    fork().catch((error: unknown) => console.error((error as Error).message));
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      let left = running.length;
      if (left === 0) process.exit(0);
      for (const worker of running) {
        worker.once('exit', () => {
          left -= 1;
          if (left === 0) process.exit(0);
        });
        worker.process.kill('SIGTERM');
      }
    });
  }
}
