/**
 * The person record behind an account (issue 20 "Accounts linked to people"; decision 0048), for other modules:
 * the access scope (module `access`) and the dashboards read an account's role and links here, never from
 * `user_account` itself (decision 0030).
 */
import { eq } from 'drizzle-orm';
import type { Role } from '@tend/contracts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import type { Executor } from '../../platform/db/client.ts';

/**
 * An account's role and the one person record it is linked to (at most one of the three ids is set; a database
 * check keeps it so). `functionalRole` is `CASE_MANAGER` for case-manager accounts.
 */
export interface AccountPerson {
  userAccountId: string;
  role: Role;
  isActive: boolean;
  functionalRole: string | null;
  caregiverId: string | null;
  caseManagerId: string | null;
  guardianId: string | null;
}

/** The account's role and person link, or null when no account has this id. One query. */
export async function findAccountPerson(
  executor: Executor,
  userAccountId: string,
): Promise<AccountPerson | null> {
  const [row] = await executor
    .select({
      userAccountId: userAccounts.id,
      role: userAccounts.role,
      isActive: userAccounts.isActive,
      functionalRole: userAccounts.functionalRole,
      caregiverId: userAccounts.caregiverId,
      caseManagerId: userAccounts.caseManagerId,
      guardianId: userAccounts.guardianId,
    })
    .from(userAccounts)
    .where(eq(userAccounts.id, userAccountId));
  return row ?? null;
}
