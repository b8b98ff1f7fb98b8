/**
 * The budgets module (budget lines, usage, overages, the client prime import): its routes and the
 * `client-prime-import` job, which publishes `budgets.imported` when the import reports a change
 * (workflows/client-prime-import.ts). Budget line edits publish `segments.mayHaveChanged`. No event
 * subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { importHandlerDeps, importJobHandler } from '../../platform/imports/import-job.ts';
import { budgetsImported } from '../../workflows/events.ts';
import { clientPrimeImportRoutes } from './budget-import.routes.ts';
import { budgetsRoutes } from './budgets.routes.ts';
import { CLIENT_PRIME_IMPORT_JOB, clientPrimeImportKind } from './budget-import.ts';

export const budgetsPlugin: FastifyPluginAsync = async (app) => {
  app.deps.jobs.register(
    CLIENT_PRIME_IMPORT_JOB,
    importJobHandler(importHandlerDeps(app.deps, budgetsImported), clientPrimeImportKind),
  );
  await app.register(clientPrimeImportRoutes);
  await app.register(budgetsRoutes);
};
