/**
 * The admin-redirect message (spec s.2, s.8): when a signed-in user opens a page their role may not
 * see, the guard stores a message in sessionStorage under `tend.adminRedirectMessage` and sends them
 * to `/`, which shows it in a red alert for 5 seconds (spec s.9) and removes it.
 */
export const ADMIN_REDIRECT_KEY = 'tend.adminRedirectMessage';
export const ADMIN_ALERT_TIMEOUT_MS = 5000;

export function storeAdminRedirectMessage(message: string): void {
  try {
    sessionStorage.setItem(ADMIN_REDIRECT_KEY, message);
  } catch {
    // Storage can be unavailable (private mode, quota); the redirect still happens.
  }
}

export function readAdminRedirectMessage(): string | null {
  try {
    return sessionStorage.getItem(ADMIN_REDIRECT_KEY);
  } catch {
    return null;
  }
}

export function clearAdminRedirectMessage(): void {
  try {
    sessionStorage.removeItem(ADMIN_REDIRECT_KEY);
  } catch {
    // Nothing to clear.
  }
}
