/**
 * Schedule routes (contracts `matchmakingScheduleEndpoints`; decision 0056): any signed-in account in the relaxed
 * tier (401 anonymous); a listing the caller does not manage is 404. Bad grids are 400 naming the day and range.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchmakingScheduleEndpoints as e } from '@tend/contracts';
import { guard } from '../../platform/auth/auth.plugin.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import type { MatchmakingDeps } from './matchmaking-support.ts';
import {
  getClientSchedule,
  getOwnCaregiverSchedule,
  saveClientSchedule,
  saveOwnCaregiverSchedule,
} from './schedules.service.ts';

/** Registers the schedule routes over `deps`. */
export function scheduleRoutes(deps: MatchmakingDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const client = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'tinder_client') };
    const caregiver = { tags: ['matchmaking'], preValidation: guard(deps.db, 'auth', 'tinder_caregiver') };
    route(app, e.getClientSchedule, client, (request) =>
      getClientSchedule(deps, request.ctx, request.params.id),
    );
    route(app, e.saveClientSchedule, client, (request) =>
      saveClientSchedule(deps, request.ctx, request.params.id, request.body),
    );
    route(app, e.getOwnCaregiverSchedule, caregiver, (request) => getOwnCaregiverSchedule(deps, request.ctx));
    route(app, e.saveOwnCaregiverSchedule, caregiver, (request) =>
      saveOwnCaregiverSchedule(deps, request.ctx, request.body),
    );
  };
}
