/**
 * The billing module (billing export, billing items, claim imports and reconciliation): its routes. No
 * jobs (claims are imported in the request, docs/decisions/0013), no event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { billingExportRoutes } from './billing-export.routes.ts';
import { billingItemsRoutes } from './billing-items.routes.ts';
import { claimImportsRoutes } from './claim-imports.routes.ts';

export const billingPlugin: FastifyPluginAsync = async (app) => {
  await app.register(billingExportRoutes);
  await app.register(billingItemsRoutes);
  await app.register(claimImportsRoutes);
};
