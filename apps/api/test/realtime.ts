/**
 * Test helpers for the realtime channel (platform/realtime): a socket.io client connected to a listening test app
 * as a signed-in session, client events with their acknowledgement, and waiting for a server event.
 */
import { io, type Socket } from 'socket.io-client';
import { REALTIME_PATH, type ClientEventDef, type RealtimeAck, type ServerEventDef } from '@tend/contracts';
import type { z } from 'zod';
import { TEST_ORIGIN, type TestApp } from './helpers.ts';

/** The app's address, listening on a free port of 127.0.0.1 (once per app). */
export async function listening(testApp: TestApp): Promise<string> {
  const address = testApp.app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return testApp.app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * A socket of the session `cookie` (null: none) on `address`, over WebSocket only; resolves once connected, rejects
 * with the server's refusal (`UNAUTHENTICATED`, …). Disconnect it in the test's clean-up.
 */
export function connectSocket(
  address: string,
  cookie: string | null,
  options: { origin?: string } = {},
): Promise<Socket> {
  const socket = io(address, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { origin: options.origin ?? TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Emits client event `event` and resolves with its acknowledgement (rejects after 5 s without one). */
export async function emitAck<P extends z.ZodType, A extends z.ZodType>(
  socket: Socket,
  event: ClientEventDef<P, A>,
  payload: z.input<P>,
): Promise<RealtimeAck<z.infer<A>>> {
  return (await socket.timeout(5_000).emitWithAck(event.name, payload)) as RealtimeAck<z.infer<A>>;
}

/** The next `event` the socket receives (parsed with its schema); rejects after `timeoutMs`. */
export function nextEvent<P extends z.ZodType>(
  socket: Socket,
  event: ServerEventDef<P>,
  timeoutMs = 5_000,
): Promise<z.infer<P>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event.name, listener);
      reject(new Error(`no ${event.name} within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: unknown) => {
      clearTimeout(timer);
      resolve(event.payload.parse(payload));
    };
    socket.once(event.name, listener);
  });
}

/** Resolves when the socket is disconnected (rejects after `timeoutMs`). */
export function disconnected(socket: Socket, timeoutMs = 5_000): Promise<string> {
  if (socket.disconnected) return Promise.resolve('already');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeoutMs} ms`)), timeoutMs);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}
