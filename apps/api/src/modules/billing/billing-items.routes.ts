/**
 * Billing item routes (admin only; issue 6 "Drift"; docs/billing-export.md):
 * - `GET /api/billing-items` (`billingItemListQuery`, e.g. `?hasDrift=true`) → `billingItemPage` with
 *   each item's `driftFields` (`{ field, exported, current }`). Audited `billing_item.list`.
 * - `POST /api/billing-items/:id/void` (`billingItemVoid` `{ reason }`, required) → `{ item }`
 *   (status VOID, history row). 404; 409 when void already. Audited `billing_item.void`.
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial); bad input 400 naming the field.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingExportEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { findBillingItems, voidBillingItem } from './billing-items.service.ts';

const e = billingExportEndpoints;

export const billingItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const items = { tags: ['billing'], preValidation: guard(db, 'admin', 'billing_item') };

  route(app, e.findBillingItems, items, (request) => findBillingItems(db, request.ctx, request.query));
  route(app, e.voidBillingItem, items, async (request) => ({
    item: await voidBillingItem(db, request.ctx, request.params.id, request.body.reason),
  }));
};
