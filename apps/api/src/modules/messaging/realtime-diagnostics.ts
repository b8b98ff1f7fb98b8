/**
 * The realtime channel's admin diagnostics (issue 22; contracts `realtime-diagnostics.ts`; decision 0061): the server
 * figures behind `/socketTest` (`GET /api/admin/realtime`) and the handlers of `diagnostics:join`, `diagnostics:say`
 * (relayed to the caller's own room `diagnostics:<accountId>` as `diagnostics:said`, so only that admin's sockets
 * hear it).
 * Sockets of anyone but an admin get `FORBIDDEN`. Nothing is stored or audited: the words never leave the relay.
 */
import {
  diagnosticsRoom,
  REALTIME_HEARTBEAT_MS,
  REALTIME_RECONNECT_DELAYS_MS,
  REALTIME_TIMEOUT_MS,
  realtimeDiagnosticsEvents as events,
  type RealtimeServerFigures,
} from '@tend/contracts';
import type { DatabaseHandle } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RealtimeContext, RealtimeHub } from '../../platform/realtime/realtime.ts';

function requireAdmin(context: RealtimeContext): void {
  if (context.ctx.actor.role !== 'ADMIN') throw new AppError('FORBIDDEN', 'Only admins use the diagnostics');
}

/** Registers the diagnostics handlers on `hub` (before the app is ready). */
export function registerRealtimeDiagnostics(hub: RealtimeHub): void {
  hub.handle(events.join, async (context) => {
    requireAdmin(context);
    const room = diagnosticsRoom(context.ctx.actor.userAccountId);
    await context.joinRoom(room);
    return { room, socketsInRoom: await hub.socketCountOf(context.ctx.actor.userAccountId) };
  });
  hub.handle(events.say, async (context, payload) => {
    requireAdmin(context);
    const relayedAt = Date.now();
    hub.toRoom(diagnosticsRoom(context.ctx.actor.userAccountId), events.said, {
      id: payload.id,
      text: payload.text,
      sentAt: payload.sentAt,
      relayedAt,
      fromSocketId: context.socketId,
      instanceId: hub.instanceId,
    });
    return { relayedAt };
  });
}

/** `GET /api/admin/realtime`: this instance's figures (no personal data; not audited). */
export function realtimeFigures(hub: RealtimeHub, database: DatabaseHandle): RealtimeServerFigures {
  return {
    instanceId: hub.instanceId,
    localSockets: hub.localSocketCount(),
    adapter: database.kind === 'postgres' ? 'postgres' : 'memory',
    timeoutMs: REALTIME_TIMEOUT_MS,
    heartbeatMs: REALTIME_HEARTBEAT_MS,
    reconnectDelaysMs: [...REALTIME_RECONNECT_DELAYS_MS],
    serverAt: Date.now(),
  };
}
