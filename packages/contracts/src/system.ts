/** The system endpoints: public, no session, no PHI. */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { clientConfig } from './client-config.ts';

/**
 * `getHealth` (liveness; never rate limited), `getReadiness` (503 UNAVAILABLE when the database does not
 * answer), `getClientConfig` (the map tile server, the agency's time zone, which sign-in options are on).
 */
export const systemEndpoints = {
  getHealth: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    response: { 200: z.object({ status: z.literal('ok') }) },
  }),
  getReadiness: defineEndpoint({
    method: 'GET',
    path: '/api/ready',
    response: { 200: z.object({ status: z.literal('ready'), database: z.string() }) },
  }),
  getClientConfig: defineEndpoint({
    method: 'GET',
    path: '/api/client-config',
    response: { 200: clientConfig },
  }),
};
