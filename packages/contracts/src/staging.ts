/**
 * Staging (spec s.3 StagingShift): GIV shifts reviewed in staging and promoted ("uploaded") as
 * production shifts. Only the read of what was promoted exists so far; the staging import comes later.
 */
import { defineEndpoint } from './endpoint.ts';
import { shiftListQuery, shiftPage } from './shifts.ts';

/**
 * `GET /api/production-shifts` (admin only): the shifts promoted from staging (a staging shift uploaded
 * as this shift), with the filters, paging, sort and totals of `GET /api/shifts`. Until the staging
 * import exists no shift is promoted, so the list is empty; every imported visit is under Shifts.
 */
export const stagingEndpoints = {
  findProductionShifts: defineEndpoint({
    method: 'GET',
    path: '/api/production-shifts',
    query: shiftListQuery,
    response: { 200: shiftPage },
  }),
};
