/**
 * Process entry: parse config, build the app, listen, print the first-run setup link while no admin
 * exists, and shut down gracefully on SIGINT/SIGTERM (in-flight requests finish, database closes).
 */
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config/config.ts';
import { needsSetup } from './modules/users/users.service.ts';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

let config;
try {
  config = loadConfig(process.env, defaultWebDist);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp({ config });
await app.listen({ port: config.port, host: config.host });

if (!config.webDistDir) {
  app.log.warn(
    'The web app is not built (apps/web/dist missing): run `npm start` from the repository root, which builds it.',
  );
}
if (await needsSetup(app.deps.database.db)) {
  const link = `${config.publicUrl}/setup?token=${encodeURIComponent(app.deps.setupToken)}`;
  // Printed on stdout (not only the log) so a newcomer sees it; it is the only way to create the first admin.
  console.log(
    `\n  Tend is running on ${config.publicUrl}\n  Create the first admin here (one-time link):\n\n    ${link}\n`,
  );
} else {
  console.log(`\n  Tend is running on ${config.publicUrl}\n`);
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
