/** Per-request context handed to services: who acts, and the request facts the audit log records. */
import type { Actor } from '@tend/contracts';

export interface ActorRecord extends Actor {
  email: string;
  authUserId: string;
  fullName: string | null;
  sessionId: string;
  /** When the better-auth session was created (its `createdAt`): the browser's session-tier clock starts here. */
  sessionIssuedAt: Date;
}

export interface RequestContext {
  actor: ActorRecord | null;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  /**
   * Only on the events of a realtime socket (platform/realtime): the value `load` gives for `key`, kept for the
   * socket until sessions or accounts change on any instance (the session cache's signal, decision 0028), so only
   * for values read from the caller's own account row. A failed load is not kept. Absent on HTTP requests: each
   * reads afresh.
   */
  remember?: <T>(key: string, load: () => Promise<T>) => Promise<T>;
}

/** A context for work that no person started (start-up, jobs, demo data). */
export const systemContext = (requestId = 'system'): RequestContext => ({
  actor: null,
  requestId,
  ip: null,
  userAgent: null,
});
