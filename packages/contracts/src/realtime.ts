/**
 * The realtime channel (spec s.7 "realtime websocket path", s.9 "Realtime: 10 s timeout, 30 s heartbeat, reconnect
 * backoff 1, 2, 5, 10 s"; issue 22). socket.io at {@link REALTIME_PATH} on Tend's own origin, authenticated by the
 * session cookie. Like HTTP endpoints (decision 0032), every event is defined once here and both sides use the
 * definition:
 *
 * - a **client event** (`defineClientEvent`): the browser emits it with an acknowledgement; the server validates the
 *   payload with `payload` and answers a {@link RealtimeAck} whose data matches `ack`;
 * - a **server event** (`defineServerEvent`): the server pushes it to an account's sockets or a room; the browser
 *   parses it with `payload`.
 */
import { z } from 'zod';
import type { ErrorCode, FieldError } from './errors.ts';

/** The socket.io path on Tend's origin (under /api, so the same proxy rules and CSP `connect-src 'self'` apply). */
export const REALTIME_PATH = '/api/realtime';
/** Spec s.9: an acknowledgement (and a connection attempt) not answered within 10 s has failed. */
export const REALTIME_TIMEOUT_MS = 10_000;
/** Spec s.9: the server pings every 30 s; a socket that does not answer within the timeout is dropped. */
export const REALTIME_HEARTBEAT_MS = 30_000;
/** Spec s.9: delays before reconnect attempts 1, 2, 3, 4 and every later one. */
export const REALTIME_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** The delay before reconnect attempt `attempt` (1-based), per {@link REALTIME_RECONNECT_DELAYS_MS}. */
export function reconnectDelayMs(attempt: number): number {
  const delays = REALTIME_RECONNECT_DELAYS_MS;
  return delays[Math.min(Math.max(attempt, 1), delays.length) - 1] as number;
}

/** What every client event's acknowledgement is: the data, or an error with the API's codes (errors.ts). */
export type RealtimeAck<T> =
  { ok: true; data: T } | { ok: false; error: { code: ErrorCode; message: string; fields?: FieldError[] } };

export interface ClientEventDef<P extends z.ZodType = z.ZodType, A extends z.ZodType = z.ZodType> {
  readonly kind: 'client';
  /** `area:verb`, e.g. `conversation:send`. */
  readonly name: string;
  readonly payload: P;
  readonly ack: A;
}

export interface ServerEventDef<P extends z.ZodType = z.ZodType> {
  readonly kind: 'server';
  /** `area:noun`, e.g. `message:new`. */
  readonly name: string;
  readonly payload: P;
}

export function defineClientEvent<P extends z.ZodType, A extends z.ZodType>(def: {
  name: string;
  payload: P;
  ack: A;
}): ClientEventDef<P, A> {
  return { kind: 'client', ...def };
}

export function defineServerEvent<P extends z.ZodType>(def: { name: string; payload: P }): ServerEventDef<P> {
  return { kind: 'server', ...def };
}

/**
 * The platform's own events (`platform/realtime`): `realtime:ping` answers the server's view of the socket (used by
 * the admin diagnostics page `/socketTest` and the realtime benchmark); `realtime:ended` tells a socket that its
 * session ended just before the server disconnects it.
 */
export const realtimeEvents = {
  ping: defineClientEvent({
    name: 'realtime:ping',
    payload: z.object({ sentAt: z.number() }).strict(),
    ack: z.object({
      sentAt: z.number(),
      /** The server's clock when it answered (ms since the epoch). */
      serverAt: z.number(),
      socketId: z.string(),
      /** Which server process answered (random per start), to see two instances at work. */
      instanceId: z.string(),
    }),
  }),
  ended: defineServerEvent({
    name: 'realtime:ended',
    payload: z.object({ reason: z.string() }),
  }),
} as const;
