/**
 * The browser's one realtime connection (issue 22; contracts `realtime.ts`): socket.io on Tend's own origin at
 * `REALTIME_PATH`, with the session cookie. Features use it through:
 *
 * - `useRealtimeStatus()` — `connecting` | `connected` | `reconnecting` (with the attempt and its delay) | `ended`;
 * - `emitClientEvent(event, payload)` — a client event with its acknowledgement: resolves the parsed data, rejects
 *   with an `ApiError` (same codes and field errors as HTTP; `TIMEOUT` after 10 s, spec s.9);
 * - `useServerEvent(event, handler)` — server events, parsed with their schema (a malformed one is logged, dropped);
 * - `useRealtimeReconnected(listener)` — after every reconnect, so a page fetches what it missed.
 *
 * Reconnecting follows spec s.9 exactly (1, 2, 5, 10 s, then every 10 s: `reconnectDelayMs`), so socket.io's own
 * randomised backoff is off. A `realtime:ended` from the server (the session ended) stops reconnecting until
 * `connectRealtime()` is called again (a new sign-in). Nothing else is contacted: no other host, no polling of a CDN.
 */
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME_PATH,
  REALTIME_TIMEOUT_MS,
  realtimeEvents,
  reconnectDelayMs,
  type ClientEventDef,
  type RealtimeAck,
  type ServerEventDef,
} from '@tend/contracts';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

export type RealtimeStatus =
  | { state: 'connecting' }
  | { state: 'connected'; socketId: string }
  | { state: 'reconnecting'; attempt: number; delayMs: number }
  | { state: 'ended' };

interface Connection {
  socket: Socket;
  status: RealtimeStatus;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  ended: boolean;
  hasConnected: boolean;
}

const statusListeners = new Set<() => void>();
const reconnectListeners = new Set<() => void>();
let connection: Connection | null = null;

function setStatus(current: Connection, status: RealtimeStatus): void {
  current.status = status;
  for (const listener of statusListeners) listener();
}

function scheduleReconnect(current: Connection): void {
  if (current.ended || current.timer) return;
  current.attempt += 1;
  const delayMs = reconnectDelayMs(current.attempt);
  setStatus(current, { state: 'reconnecting', attempt: current.attempt, delayMs });
  current.timer = setTimeout(() => {
    current.timer = null;
    current.socket.connect();
  }, delayMs);
}

/** The connection, opened on first use (after sign-in: the handshake needs the session cookie). */
export function connectRealtime(): Socket {
  if (connection && !connection.ended) return connection.socket;
  connection?.socket.close();
  const socket = io({
    path: REALTIME_PATH,
    reconnection: false,
    timeout: REALTIME_TIMEOUT_MS,
    withCredentials: true,
  });
  const current: Connection = {
    socket,
    status: { state: 'connecting' },
    attempt: 0,
    timer: null,
    ended: false,
    hasConnected: false,
  };
  connection = current;
  socket.on('connect', () => {
    current.attempt = 0;
    setStatus(current, { state: 'connected', socketId: socket.id ?? '' });
    if (current.hasConnected) for (const listener of reconnectListeners) listener();
    current.hasConnected = true;
  });
  socket.on('connect_error', (error) => {
    if (error.message === 'UNAUTHENTICATED') return endRealtime();
    scheduleReconnect(current);
  });
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') scheduleReconnect(current);
  });
  socket.on(realtimeEvents.ended.name, () => endRealtime());
  for (const listener of statusListeners) listener();
  return socket;
}

/** Closes the connection and stops reconnecting (sign-out, session ended). */
export function endRealtime(): void {
  const current = connection;
  if (!current) return;
  current.ended = true;
  if (current.timer) clearTimeout(current.timer);
  current.timer = null;
  current.socket.close();
  setStatus(current, { state: 'ended' });
}

/** Emits a client event and resolves its acknowledged data; rejects with an `ApiError`. */
export async function emitClientEvent<P extends z.ZodType, A extends z.ZodType>(
  event: ClientEventDef<P, A>,
  payload: z.input<P>,
): Promise<z.infer<A>> {
  const socket = connectRealtime();
  let answer: RealtimeAck<unknown>;
  try {
    answer = (await socket
      .timeout(REALTIME_TIMEOUT_MS)
      .emitWithAck(event.name, payload)) as RealtimeAck<unknown>;
  } catch {
    throw new ApiError(0, 'TIMEOUT', 'The server did not answer in time', undefined, []);
  }
  if (!answer.ok)
    throw new ApiError(0, answer.error.code, answer.error.message, undefined, answer.error.fields ?? []);
  return event.ack.parse(answer.data);
}

/** Connects now: skips the wait before the next attempt, or opens a new connection after one ended. */
export function reconnectRealtimeNow(): void {
  const current = connection;
  if (!current || current.ended) {
    connectRealtime();
    return;
  }
  if (current.timer) clearTimeout(current.timer);
  current.timer = null;
  if (!current.socket.connected) current.socket.connect();
}

const CONNECTING: RealtimeStatus = { state: 'connecting' };

/** Subscribes to status changes; opens the connection when there has never been one (not after `endRealtime`). */
function subscribeStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  if (!connection) connectRealtime();
  return () => {
    statusListeners.delete(listener);
  };
}

/** The connection's status; opens the connection when a component first asks. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeStatus, () => connection?.status ?? CONNECTING);
}

/** Calls `handler` with each `event` the server pushes while the component is mounted. */
export function useServerEvent<P extends z.ZodType>(
  event: ServerEventDef<P>,
  handler: (payload: z.infer<P>) => void,
): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const socket = connectRealtime();
    const listener = (payload: unknown) => {
      const parsed = event.payload.safeParse(payload);
      if (parsed.success) onEvent(parsed.data);
      else console.warn('Dropped a malformed realtime event', event.name);
    };
    socket.on(event.name, listener);
    return () => {
      socket.off(event.name, listener);
    };
  }, [event]);
}

/** Calls `listener` after every reconnect while the component is mounted (to fetch what was missed). */
export function useRealtimeReconnected(listener: () => void): void {
  const onReconnect = useEffectEvent(listener);
  useEffect(() => {
    const call = () => onReconnect();
    reconnectListeners.add(call);
    return () => {
      reconnectListeners.delete(call);
    };
  }, []);
}
