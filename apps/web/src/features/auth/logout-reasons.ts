/** Words for each logout reason carried on `/login?reason=` (contracts `logoutReasons`, spec s.8), as catalogue ids. */
import { logoutReasons } from '@tend/contracts/session-tiers';

/** The catalogue id of the words for a `reason` query value, or null for a missing or unknown reason. */
export function logoutReasonMessageId(reason: string | null): string | null {
  return reason && (logoutReasons as readonly string[]).includes(reason)
    ? `auth.logoutReason.${reason}`
    : null;
}
