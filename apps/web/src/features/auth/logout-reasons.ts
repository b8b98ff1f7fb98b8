/** Words for each logout reason carried on `/login?reason=` (contracts `logoutReasons`, spec s.8). */
import { logoutReasons, type LogoutReason } from '@tend/contracts/session-tiers';

export const logoutReasonMessages: Record<LogoutReason, string> = {
  absolute_timeout: 'Your session reached its time limit, so you were signed out. Sign in again to continue.',
  inactivity_timeout:
    'You were signed out because there was no activity for a while. Sign in again to continue.',
  session_expired_other_tab: 'Your session ended in another tab or window. Sign in again to continue.',
  session_signed_out: 'You were signed out in another tab or window. Sign in again to continue.',
  manual_logout: 'You have signed out. See you next time.',
};

/** The message for a `reason` query value, or null for a missing or unknown reason. */
export function logoutReasonMessage(reason: string | null): string | null {
  return reason && (logoutReasons as readonly string[]).includes(reason)
    ? logoutReasonMessages[reason as LogoutReason]
    : null;
}
