/**
 * Budget routes (admin only; issue 5 `/admin/budgetOverages`):
 * - `GET /api/budgets` (`budgetListQuery`) → `budgetLinePage`. Audited `budget.list`.
 * - `POST /api/budgets` (`budgetLineInput`) → 201 `budgetLine`. 400 naming the field (dates order,
 *   measure, units > 0, unknown client), 409 for a twin line. Audited `budget.create`.
 * - `PATCH /api/budgets/:id` (`budgetLinePatch`) → `budgetLine`. 400, 404, 409. Audited `budget.update`.
 * - `DELETE /api/budgets/:id` → `budgetLine` (the deleted line). 404. Audited `budget.delete`.
 * - `GET /api/budget-overages` (`budgetOverageQuery`) → `budgetOveragePage`. Audited `budget_overage.list`.
 * - `GET /api/budget-overages/:id/segments` (`budgetUsageQuery`) → `budgetUsage` (drill-down). 404.
 *   Audited `budget_overage.read`.
 * Anonymous callers get 401, non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { budgetEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { segmentsMayHaveChanged } from '../../workflows/events.ts';
import {
  createBudgetLine,
  deleteBudgetLine,
  findBudgetLines,
  findBudgetOverages,
  getBudgetUsage,
  updateBudgetLine,
} from './budgets.service.ts';

const e = budgetEndpoints;

export const budgetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const budgets = { tags: ['budgets'], preValidation: guard(db, 'admin', 'budget') };
  const settings = { timeZone: app.deps.config.agencyTimeZone };
  /** A budget line's period changes "no active budget" / "budget units exceeded" of its segments. */
  const revalidate = (line: { effectiveDate: string; expirationDate: string | null }) =>
    app.deps.events.publish(segmentsMayHaveChanged, { from: line.effectiveDate, to: line.expirationDate });

  route(app, e.findBudgetLines, budgets, (request) => findBudgetLines(db, request.ctx, request.query));
  route(app, e.createBudgetLine, budgets, async (request) => {
    const line = await createBudgetLine(db, request.ctx, request.body);
    await revalidate(line);
    return line;
  });
  route(app, e.updateBudgetLine, budgets, async (request) => {
    const line = await updateBudgetLine(db, request.ctx, request.params.id, request.body);
    // Moved dates: the old period may have segments that counted against this line.
    if ('effectiveDate' in request.body || 'expirationDate' in request.body)
      await app.deps.events.publish(segmentsMayHaveChanged, 'all');
    else await revalidate(line);
    return line;
  });
  route(app, e.deleteBudgetLine, budgets, async (request) => {
    const line = await deleteBudgetLine(db, request.ctx, request.params.id);
    await revalidate(line);
    return line;
  });

  route(app, e.findBudgetOverages, budgets, (request) =>
    findBudgetOverages(db, request.ctx, settings, request.query),
  );
  route(app, e.getBudgetUsage, budgets, (request) =>
    getBudgetUsage(db, request.ctx, settings, request.params.id, request.query),
  );
};
