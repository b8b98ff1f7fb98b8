/**
 * Admin diagnostics of the realtime channel (issue 22 "`/chat` and `/socketTest` as admin diagnostics of the realtime
 * channel"; decision 0061). `/socketTest` pings (contracts `realtimeEvents.ping`) and reads the server's figures;
 * `/chat` is an echo chat between the tabs and devices of one admin: `diagnostics:say` is relayed as
 * `diagnostics:said` to the room `diagnostics:<accountId>` (every socket of that admin that opened `/chat`), with the
 * sender's clock so each tab shows the delivery latency. Admins only (others get `FORBIDDEN`).
 */
import { z } from 'zod';
import { text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { defineClientEvent, defineServerEvent } from './realtime.ts';

/** Longest diagnostics chat line, in characters. */
export const DIAGNOSTICS_MESSAGE_MAX_CHARS = 500;

/** The room of one admin's diagnostics sockets. */
export const diagnosticsRoom = (userAccountId: string) => `diagnostics:${userAccountId}`;

export const diagnosticsSaid = z.object({
  id: z.string(),
  text: z.string(),
  /** The sender's clock when it sent (ms since the epoch). */
  sentAt: z.number(),
  /** The server's clock when it relayed. */
  relayedAt: z.number(),
  fromSocketId: z.string(),
  instanceId: z.string(),
});
export type DiagnosticsSaid = z.infer<typeof diagnosticsSaid>;

export const realtimeDiagnosticsEvents = {
  /** Joins the caller's diagnostics room (the `/chat` page on open). */
  join: defineClientEvent({
    name: 'diagnostics:join',
    payload: z.object({}).strict(),
    ack: z.object({ room: z.string(), socketsInRoom: z.number().int() }),
  }),
  say: defineClientEvent({
    name: 'diagnostics:say',
    payload: z
      .object({
        id: text().min(1).max(100),
        text: text()
          .trim()
          .min(1, { message: 'is required' })
          .max(DIAGNOSTICS_MESSAGE_MAX_CHARS, {
            message: `must be at most ${DIAGNOSTICS_MESSAGE_MAX_CHARS} characters`,
          }),
        sentAt: z.number(),
      })
      .strict(),
    ack: z.object({ relayedAt: z.number() }),
  }),
  said: defineServerEvent({ name: 'diagnostics:said', payload: diagnosticsSaid }),
} as const;

/** What the server says of the realtime channel on the instance that answers. */
export const realtimeServerFigures = z.object({
  instanceId: z.string(),
  /** Sockets connected to this instance. */
  localSockets: z.number().int(),
  /** `postgres` (the `@socket.io/postgres-adapter` across instances) or `memory` (one process, PGlite). */
  adapter: z.enum(['postgres', 'memory']),
  timeoutMs: z.number().int(),
  heartbeatMs: z.number().int(),
  reconnectDelaysMs: z.array(z.number().int()),
  serverAt: z.number(),
});
export type RealtimeServerFigures = z.infer<typeof realtimeServerFigures>;

export const realtimeDiagnosticsEndpoints = {
  getRealtimeFigures: defineEndpoint({
    method: 'GET',
    path: '/api/admin/realtime',
    response: { 200: realtimeServerFigures },
  }),
};
