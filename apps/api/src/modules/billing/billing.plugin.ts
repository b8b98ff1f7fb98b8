/**
 * The billing module (billing export, billing items, claim imports and reconciliation): its routes and
 * the claim import job (the `claims` kind of the import pipeline, docs/decisions/0031). No event
 * subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { billingExportRoutes } from './billing-export.routes.ts';
import { billingItemsRoutes } from './billing-items.routes.ts';
import { claimImportJobHandler, claimImportKind } from './claim-import.service.ts';
import { claimImportsRoutes } from './claim-imports.routes.ts';

export const billingPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, storage, jobs } = app.deps;
  jobs.register(
    claimImportKind.jobType,
    claimImportJobHandler({ db: database.db, storage, agencyTimeZone: config.agencyTimeZone }),
  );
  await app.register(billingExportRoutes);
  await app.register(billingItemsRoutes);
  await app.register(claimImportsRoutes);
};
