/**
 * MFA facts the API exposes (docs/decisions/0009-mfa.md). Enrolment, verification and removal are better-auth's
 * `twoFactor` plugin endpoints under /api/auth/two-factor/*; this module only reads their state.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authUsers } from './auth.table.ts';

/** Whether the auth user has a verified TOTP factor (`auth_user.two_factor_enabled`); false for an unknown id. */
export async function mfaEnabled(db: Database, authUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, authUserId));
  return row?.enabled ?? false;
}
