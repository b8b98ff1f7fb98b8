/**
 * Caregiver hours routes (admin only; issue 5 `/admin/caregiver-hours`):
 * - `GET /api/caregiver-hours` (`caregiverHoursQuery`) → `caregiverHoursPage`: hours per caregiver
 *   per workweek with overtime, overlapping shifts and handling. Audited `caregiver_hours.list`.
 * - `GET /api/caregiver-hours/caregivers/:id` (`caregiverWeeksQuery`) → `caregiverWeeks`: one
 *   caregiver's weeks (chart) and shifts (drill-down). Audited `caregiver_hours.read`. 404.
 * - `PUT /api/caregiver-hours/caregivers/:caregiverId/weeks/:weekName` (`violationHandlingInput`)
 *   → `violationHandling`. Idempotent; audited `violation_handling.update`. 400 naming `weekName`, 404.
 * Week arithmetic follows config `AGENCY_TIME_ZONE` and `WORKWEEK_START`. Anonymous callers get 401,
 * non-admins 403 (the guard audits the denial).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caregiverHoursEndpoints } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import {
  findCaregiverHours,
  getCaregiverWeeks,
  setViolationHandling,
  type HoursSettings,
} from './caregiver-hours.service.ts';

const e = caregiverHoursEndpoints;

export const caregiverHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const hours = { tags: ['caregiver-hours'], preValidation: guard(db, 'admin', 'caregiver') };
  const settings: HoursSettings = {
    timeZone: app.deps.config.agencyTimeZone,
    workweekStart: app.deps.config.workweekStart ?? 'sunday',
  };

  route(app, e.findCaregiverHours, hours, (request) =>
    findCaregiverHours(db, request.ctx, settings, request.query),
  );
  route(app, e.getCaregiverWeeks, hours, (request) =>
    getCaregiverWeeks(db, request.ctx, settings, request.params.id, request.query),
  );
  route(app, e.setViolationHandling, hours, (request) => {
    const { caregiverId, weekName } = request.params;
    return setViolationHandling(db, request.ctx, settings, caregiverId, weekName, request.body);
  });
};
