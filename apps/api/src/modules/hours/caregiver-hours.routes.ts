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
import {
  caregiverHoursPage,
  caregiverHoursQuery,
  caregiverWeekParams,
  caregiverWeeks,
  caregiverWeeksQuery,
  idParams,
  violationHandling,
  violationHandlingInput,
} from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import {
  findCaregiverHours,
  getCaregiverWeeks,
  setViolationHandling,
  type HoursSettings,
} from './caregiver-hours.service.ts';

export const caregiverHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const access = guard(db, 'admin', 'caregiver');
  const tags = ['caregiver-hours'];
  const settings: HoursSettings = {
    timeZone: app.deps.config.agencyTimeZone,
    workweekStart: app.deps.config.workweekStart ?? 'sunday',
  };

  app.get(
    '/api/caregiver-hours',
    {
      preValidation: access,
      schema: { tags, querystring: caregiverHoursQuery, response: { 200: caregiverHoursPage } },
    },
    (request) => findCaregiverHours(db, request.ctx, settings, request.query),
  );

  app.get(
    '/api/caregiver-hours/caregivers/:id',
    {
      preValidation: access,
      schema: { tags, params: idParams, querystring: caregiverWeeksQuery, response: { 200: caregiverWeeks } },
    },
    (request) => getCaregiverWeeks(db, request.ctx, settings, request.params.id, request.query),
  );

  app.put(
    '/api/caregiver-hours/caregivers/:caregiverId/weeks/:weekName',
    {
      preValidation: access,
      schema: {
        tags,
        params: caregiverWeekParams,
        body: violationHandlingInput,
        response: { 200: violationHandling },
      },
    },
    (request) =>
      setViolationHandling(
        db,
        request.ctx,
        settings,
        request.params.caregiverId,
        request.params.weekName,
        request.body,
      ),
  );
};
