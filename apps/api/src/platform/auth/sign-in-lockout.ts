/**
 * Per-account password failure lockout (issue 17 item 2), beside the per-IP sign-in limit (auth.plugin.ts): after
 * `SIGN_IN_LOCKOUT.maxFailures` wrong passwords for one email address within `windowMs`, password sign-ins for that
 * address are refused for `lockMs` — the right password included — whatever IP they come from. NIST SP 800-63B
 * s.5.2.2 asks for at most 100 consecutive failures per account; OWASP ASVS 5.0 6.3.1 for a control against
 * credential stuffing and brute force that does not depend on the source address. The count is kept per lower-cased
 * email as typed (`auth_sign_in_failure`), so unknown addresses lock the same way and a lock reveals nothing about
 * which accounts exist. A successful sign-in clears the count. Both password sign-in paths use it: the browser's
 * `POST /api/auth/sign-in/email` and the API client's `POST /api/tokens` with email + password.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { authSignInFailures } from './auth.table.ts';

/** 10 failures within 15 minutes lock the address for 15 minutes. */
export const SIGN_IN_LOCKOUT = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/** The key of an address: trimmed and lower-cased, as better-auth matches emails. */
const keyOf = (email: string) => email.trim().toLowerCase();

/** 429 RATE_LIMITED: the address is locked; says until when, not whether an account has it. */
export class SignInLockedError extends AppError {
  constructor(readonly lockedUntil: Date) {
    super(
      'RATE_LIMITED',
      `Too many wrong passwords for this email address; try again after ${lockedUntil.toISOString()}`,
    );
  }
}

/** Throws {@link SignInLockedError} while `email` is locked. */
export async function assertSignInOpen(db: Executor, email: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ lockedUntil: authSignInFailures.lockedUntil })
    .from(authSignInFailures)
    .where(eq(authSignInFailures.email, keyOf(email)));
  if (row?.lockedUntil && row.lockedUntil > now) throw new SignInLockedError(row.lockedUntil);
}

/**
 * Records the outcome of a password check for `email`: success deletes the count; a failure adds one (starting a
 * new window when the last one is older than `windowMs`) and, at `maxFailures`, locks the address for `lockMs`
 * and starts counting afresh. One statement each, so parallel failures are all counted.
 */
export async function recordSignInOutcome(
  db: Executor,
  email: string,
  succeeded: boolean,
  now = new Date(),
): Promise<void> {
  const key = keyOf(email);
  if (succeeded) {
    await db.delete(authSignInFailures).where(eq(authSignInFailures.email, key));
    return;
  }
  const windowStart = new Date(now.getTime() - SIGN_IN_LOCKOUT.windowMs);
  const lockUntil = new Date(now.getTime() + SIGN_IN_LOCKOUT.lockMs);
  const stale = sql`${authSignInFailures.windowStartedAt} < ${windowStart.toISOString()}::timestamptz`;
  const counted = sql`case when ${stale} then 1 else ${authSignInFailures.failures} + 1 end`;
  await db
    .insert(authSignInFailures)
    .values({ email: key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authSignInFailures.email,
      set: {
        failures: sql`case when ${counted} >= ${SIGN_IN_LOCKOUT.maxFailures} then 0 else ${counted} end`,
        windowStartedAt: sql`case when ${stale} or ${counted} >= ${SIGN_IN_LOCKOUT.maxFailures} then ${now.toISOString()}::timestamptz else ${authSignInFailures.windowStartedAt} end`,
        lockedUntil: sql`case when ${counted} >= ${SIGN_IN_LOCKOUT.maxFailures} then ${lockUntil.toISOString()}::timestamptz else ${authSignInFailures.lockedUntil} end`,
      },
    });
}
