/**
 * The realtime channel (issue 22; spec s.7 realtime, s.9 "10 s timeout, 30 s heartbeat"): socket.io on the API's own
 * HTTP server at `REALTIME_PATH`, authenticated by the session cookie, with the events of `@tend/contracts`
 * (`realtime.ts`, `defineClientEvent`/`defineServerEvent`).
 *
 * - **Who**: the handshake resolves the cookie session like an HTTP request (`app.sessions.actorOf`, its tier's limits
 *   included); none → the connection is refused (`connect_error` "UNAUTHENTICATED"). A handshake from another origin
 *   than `PUBLIC_URL`/`TRUSTED_ORIGINS` is refused too (the CSRF rule of request-guards.ts).
 * - **Credentials die with their session**: before every client event the session is judged again (cached ≤ 30 s,
 *   emptied by any session write), and whenever sessions or accounts are written on any instance the hub checks its
 *   sockets' sessions in one query and disconnects those that ended (after `realtime:ended`).
 * - **Remembered per socket** (`ctx.remember`): values read from the caller's own account rows (e.g. matchmaking's
 *   `callerAccount`) are kept per socket until sessions or accounts change on any instance (the same signal), so a
 *   busy socket does not read its account again for every event (bench:realtime; decision 0061).
 * - **Rooms**: each socket joins `account:<userAccountId>`; modules join others (`joinRoom`) after checking access
 *   themselves. `toAccount`/`toRoom` reach every instance.
 * - **Several instances**: on PostgreSQL the `@socket.io/postgres-adapter` relays through `NOTIFY` on the
 *   `socket_io_attachments` table's database (its own pool of 2); on PGlite (one process) the in-memory adapter.
 * - **Handlers** (`handle`): the payload is parsed with the event's schema (400-style `VALIDATION_FAILED` with fields),
 *   the handler runs with the socket's {@link RealtimeContext}, and the acknowledgement is `{ ok: true, data }` or
 *   `{ ok: false, error: { code, message } }` (an AppError's code; anything else `INTERNAL`, logged with ids only).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_PATH,
  REALTIME_TIMEOUT_MS,
  realtimeEvents,
  type ClientEventDef,
  type ErrorCode,
  type RealtimeAck,
  type ServerEventDef,
} from '@tend/contracts';
import type { z } from 'zod';
import type { Config } from '../config/config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { ActorRecord, RequestContext } from '../http/context.ts';
import { AppError } from '../http/errors.ts';

/** What a handler knows of the socket it serves. */
export interface RealtimeContext {
  /** The request context of the event (actor, a fresh request id, the handshake's ip and user agent). */
  ctx: RequestContext & { actor: ActorRecord };
  socketId: string;
  /** Joins this socket to `room` (the caller has checked the actor may be there). */
  joinRoom(room: string): Promise<void>;
  leaveRoom(room: string): Promise<void>;
}

type Handler = (context: RealtimeContext, payload: unknown) => Promise<unknown>;
type ConnectionListener = (context: RealtimeContext) => Promise<void> | void;

/**
 * The hub modules use (AppDeps `realtime`): register handlers before the app is ready, push events at any time
 * (pushing before `attach` or after `close` does nothing).
 */
export interface RealtimeHub {
  /** Which process this is (random per start). */
  readonly instanceId: string;
  /** Registers the handler of a client event. Throws when one is already registered for it. */
  handle<P extends z.ZodType, A extends z.ZodType>(
    event: ClientEventDef<P, A>,
    handler: (context: RealtimeContext, payload: z.infer<P>) => Promise<z.infer<A>>,
  ): void;
  /** Pushes `event` to every socket of account `userAccountId`, on every instance. */
  toAccount<P extends z.ZodType>(userAccountId: string, event: ServerEventDef<P>, payload: z.infer<P>): void;
  /** Pushes `event` to every socket in `room`, on every instance; `exceptSocketId` leaves the sender out. */
  toRoom<P extends z.ZodType>(
    room: string,
    event: ServerEventDef<P>,
    payload: z.infer<P>,
    options?: { exceptSocketId?: string },
  ): void;
  /** Called for each new authenticated socket (after it joined its account room), on this instance. */
  onConnect(listener: ConnectionListener): void;
  /** Called when a socket of this instance is gone (closed, dropped by the heartbeat, or its session ended). */
  onDisconnect(listener: ConnectionListener): void;
  /** How many sockets of account `userAccountId` are connected, across instances (asks them; ≤ 10 s). */
  socketCountOf(userAccountId: string): Promise<number>;
  /** Whether socket `socketId` is connected on any instance (asks them; ≤ 10 s). */
  isConnected(socketId: string): Promise<boolean>;
  /** Sockets connected to this instance. */
  localSocketCount(): number;
}

/** The room of every socket of a user account. */
export const accountRoom = (userAccountId: string) => `account:${userAccountId}`;

interface HubState {
  instanceId: string;
  /** Advances whenever sessions or accounts change on any instance: every socket's remembered values are dropped. */
  accountEpoch: number;
  handlers: Map<string, { event: ClientEventDef; handler: Handler }>;
  connectListeners: ConnectionListener[];
  disconnectListeners: ConnectionListener[];
  io: Server | null;
}

const hubStates = new WeakMap<RealtimeHub, HubState>();

/** A hub with nothing attached yet (created with the app's deps; `attachRealtime` serves it). */
export function createRealtimeHub(): RealtimeHub {
  const state: HubState = {
    instanceId: randomUUID(),
    accountEpoch: 0,
    handlers: new Map(),
    connectListeners: [],
    disconnectListeners: [],
    io: null,
  };
  const hub: RealtimeHub = {
    instanceId: state.instanceId,
    handle(event, handler) {
      if (state.handlers.has(event.name)) throw new Error(`realtime: ${event.name} already has a handler`);
      state.handlers.set(event.name, { event, handler: handler as Handler });
    },
    toAccount(userAccountId, event, payload) {
      state.io?.to(accountRoom(userAccountId)).emit(event.name, payload);
    },
    toRoom(room, event, payload, options) {
      const target = options?.exceptSocketId
        ? state.io?.to(room).except(options.exceptSocketId)
        : state.io?.to(room);
      target?.emit(event.name, payload);
    },
    onConnect(listener) {
      state.connectListeners.push(listener);
    },
    onDisconnect(listener) {
      state.disconnectListeners.push(listener);
    },
    async socketCountOf(userAccountId) {
      if (!state.io) return 0;
      const sockets = await state.io.in(accountRoom(userAccountId)).fetchSockets();
      return sockets.length;
    },
    async isConnected(socketId) {
      if (!state.io) return false;
      const sockets = await state.io.in(socketId).fetchSockets();
      return sockets.length > 0;
    },
    localSocketCount() {
      return state.io?.of('/').sockets.size ?? 0;
    },
  };
  hubStates.set(hub, state);
  return hub;
}

interface SocketData {
  actor: ActorRecord;
  ip: string | null;
  userAgent: string | null;
  /** What `ctx.remember` holds for this socket, and the account epoch it was read in. */
  remembered: { epoch: number; values: Map<string, Promise<unknown>> };
}

/**
 * Serves `hub` on `app.server` (call once, in buildApp, after auth is registered). Closes with the app. On PostgreSQL
 * the adapter's pool is opened here and closed with the app.
 */
export async function attachRealtime(
  app: FastifyInstance,
  hub: RealtimeHub,
  { config, database }: { config: Config; database: DatabaseHandle },
): Promise<void> {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.trustedOrigins]);
  const io = new Server(app.server, {
    path: REALTIME_PATH,
    serveClient: false,
    pingInterval: REALTIME_HEARTBEAT_MS,
    pingTimeout: REALTIME_TIMEOUT_MS,
    connectTimeout: REALTIME_TIMEOUT_MS,
    maxHttpBufferSize: 64 * 1024,
    // Same-origin only: a handshake naming another origin is refused (the CSRF rule of the HTTP API).
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, origin === undefined || allowedOrigins.has(origin));
    },
  });
  const state = hubStates.get(hub);
  if (!state) throw new Error('realtime: not a hub of createRealtimeHub');
  const closeAdapter = await useAdapter(io, database);
  state.io = io;
  hub.handle(realtimeEvents.ping, async (context, payload) => ({
    sentAt: payload.sentAt,
    serverAt: Date.now(),
    socketId: context.socketId,
    instanceId: hub.instanceId,
  }));

  io.use((socket, next) => {
    app.sessions.actorOf(socket.request.headers).then(
      (actor) => {
        if (!actor) return next(new Error('UNAUTHENTICATED'));
        const data: SocketData = {
          actor,
          ip: socket.handshake.address || null,
          userAgent: socket.request.headers['user-agent']?.slice(0, 500) ?? null,
          remembered: { epoch: state.accountEpoch, values: new Map() },
        };
        socket.data = data;
        next();
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'realtime handshake failed');
        next(new Error('INTERNAL'));
      },
    );
  });

  io.on('connection', (socket) => {
    void onConnection(app, state, socket);
  });

  const sweep = sessionSweeper(app, io);
  app.sessions.onChange(sweep.schedule);
  app.sessions.onChange(() => {
    state.accountEpoch += 1;
  });
  app.addHook('preClose', async () => {
    sweep.stop();
    state.io = null;
    io.disconnectSockets(true);
    await new Promise<void>((resolve) => {
      void io.close(() => resolve());
    });
    await closeAdapter();
  });
}

/** Joins the account room, wires the handlers and the listeners of one new socket. */
async function onConnection(app: FastifyInstance, state: HubState, socket: Socket): Promise<void> {
  const data = socket.data as SocketData;
  const remember = rememberFor(state, data);
  const context = (requestId: string): RealtimeContext => ({
    ctx: { actor: data.actor, requestId, ip: data.ip, userAgent: data.userAgent, remember },
    socketId: socket.id,
    joinRoom: async (room) => socket.join(room),
    leaveRoom: async (room) => socket.leave(room),
  });
  await socket.join(accountRoom(data.actor.userAccountId));
  for (const [name, { event, handler }] of state.handlers) {
    socket.on(name, (payload: unknown, ack?: unknown) => {
      const reply =
        typeof ack === 'function' ? (ack as (answer: RealtimeAck<unknown>) => void) : () => undefined;
      void runHandler(app, socket, { event, handler, context: context(`rt-${randomUUID()}`) }, payload).then(
        reply,
      );
    });
  }
  socket.on('disconnect', () => {
    for (const listener of state.disconnectListeners)
      void Promise.resolve(listener(context(`rt-${randomUUID()}`))).catch((error: unknown) =>
        app.log.error({ err: error, socketId: socket.id }, 'realtime disconnect listener failed'),
      );
  });
  for (const listener of state.connectListeners) {
    try {
      await listener(context(`rt-${randomUUID()}`));
    } catch (error) {
      app.log.error({ err: error, socketId: socket.id }, 'realtime connect listener failed');
    }
  }
}

/**
 * The socket's `ctx.remember` (platform/http/context.ts): values kept per socket and key, dropped when the account
 * epoch moves (sessions or accounts changed on some instance; a load still running then is kept by no one). A load
 * that fails is forgotten.
 */
function rememberFor(state: HubState, data: SocketData): NonNullable<RequestContext['remember']> {
  return <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (data.remembered.epoch !== state.accountEpoch)
      data.remembered = { epoch: state.accountEpoch, values: new Map() };
    const { values } = data.remembered;
    const held = values.get(key);
    if (held) return held as Promise<T>;
    const loading = load();
    values.set(key, loading);
    loading.catch(() => {
      if (values.get(key) === loading) values.delete(key);
    });
    return loading;
  };
}

/**
 * One client event: the session judged again (ended → `realtime:ended`, disconnect, UNAUTHENTICATED), the payload
 * parsed, the handler run; its answer or error as a {@link RealtimeAck}.
 */
async function runHandler(
  app: FastifyInstance,
  socket: Socket,
  { event, handler, context }: { event: ClientEventDef; handler: Handler; context: RealtimeContext },
  payload: unknown,
): Promise<RealtimeAck<unknown>> {
  const fail = (code: ErrorCode, message: string, fields?: { path: string; message: string }[]) =>
    ({ ok: false, error: { code, message, ...(fields ? { fields } : {}) } }) as const;
  try {
    const actor = await app.sessions.actorOf(socket.request.headers);
    if (!actor || actor.sessionId !== context.ctx.actor.sessionId) {
      endSocket(socket, 'session ended');
      return fail('UNAUTHENTICATED', 'Sign in to continue');
    }
    const parsed = event.payload.safeParse(payload);
    if (!parsed.success)
      return fail(
        'VALIDATION_FAILED',
        'Some fields are not valid',
        parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      );
    const data = await handler(context, parsed.data);
    return { ok: true, data: event.ack.parse(data) };
  } catch (error) {
    if (error instanceof AppError) return fail(error.code, error.message, error.errors);
    app.log.error(
      { err: error, event: event.name, socketId: socket.id, requestId: context.ctx.requestId },
      'realtime handler failed',
    );
    return fail('INTERNAL', 'Something went wrong');
  }
}

function endSocket(socket: Socket, reason: string): void {
  socket.emit(realtimeEvents.ended.name, { reason });
  socket.disconnect(true);
}

/**
 * After sessions or accounts were written (any instance), checks this instance's sockets' sessions in one query
 * (at most once per 250 ms) and ends the sockets whose session is gone or whose account is inactive.
 */
function sessionSweeper(app: FastifyInstance, io: Server): { schedule: () => void; stop: () => void } {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const run = async () => {
    timer = null;
    const sockets = [...io.of('/').sockets.values()];
    const ids = [...new Set(sockets.map((socket) => (socket.data as SocketData).actor.sessionId))];
    const live = await app.sessions.liveSessionIds(ids);
    for (const socket of sockets)
      if (!live.has((socket.data as SocketData).actor.sessionId)) endSocket(socket, 'session ended');
  };
  return {
    schedule() {
      if (stopped || timer || io.of('/').sockets.size === 0) return;
      timer = setTimeout(() => {
        run().catch((error: unknown) => app.log.error({ err: error }, 'realtime session sweep failed'));
      }, 250);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** The PostgreSQL adapter on PostgreSQL (returns its closer); nothing on PGlite. */
async function useAdapter(io: Server, database: DatabaseHandle): Promise<() => Promise<void>> {
  if (database.kind !== 'postgres' || !database.url) return async () => undefined;
  const [{ createAdapter }, pg] = await Promise.all([import('@socket.io/postgres-adapter'), import('pg')]);
  const pool = new pg.default.Pool({ connectionString: database.url, max: 2 });
  pool.on('error', () => undefined);
  io.adapter(createAdapter(pool, { tableName: 'socket_io_attachments', heartbeatInterval: 5_000 }));
  return async () => {
    await pool.end();
  };
}
