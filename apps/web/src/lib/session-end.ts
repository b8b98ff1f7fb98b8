/**
 * Why the server ended this browser's session, as it said on a 401 (`SESSION_EXPIRED` with `reason`;
 * docs/decisions/0009-mfa.md). The API client records it; the route guard reads it when it sends the user to
 * `/login?reason=…&redirect=…`, and the sign-in page clears it. Kept in sessionStorage across a reload.
 *
 * Part of the app shell: no zod, no contracts schemas.
 */
import { logoutReasons, type LogoutReason } from '@tend/contracts/session-tiers';

export const SESSION_END_REASON_KEY = 'tend.sessionEndReason';

/** Records the logout reason of a problem+json body when it carries a known one; ignores anything else. */
export function recordSessionEnd(body: unknown): void {
  if (!body || typeof body !== 'object') return;
  const reason = (body as { reason?: unknown }).reason;
  if (typeof reason !== 'string' || !(logoutReasons as readonly string[]).includes(reason)) return;
  try {
    sessionStorage.setItem(SESSION_END_REASON_KEY, reason);
  } catch {
    // Storage blocked: the login page simply shows no reason.
  }
}

/** The recorded reason, or null (read during render: no side effect). */
export function peekSessionEndReason(): LogoutReason | null {
  try {
    const value = sessionStorage.getItem(SESSION_END_REASON_KEY);
    return value && (logoutReasons as readonly string[]).includes(value) ? (value as LogoutReason) : null;
  } catch {
    return null;
  }
}

/** Forgets the recorded reason (the sign-in page does, once it has shown it). */
export function clearSessionEndReason(): void {
  try {
    sessionStorage.removeItem(SESSION_END_REASON_KEY);
  } catch {
    // Storage blocked: nothing was recorded.
  }
}
