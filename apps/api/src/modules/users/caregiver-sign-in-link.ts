/**
 * A caregiver's first sign-in links them by email (issue 20 "Accounts linked to people"; docs/accounts.md;
 * decision 0050). The platform reports every sign-in (`AuthOptions.onSignIn`, wired in app-deps.ts, so the
 * platform imports no module); the app calls this on an account's first one only (it had never signed in), so a
 * later sign-in never undoes an admin's decision. For an active CAREGIVER account linked to nobody, it looks for
 * not archived caregivers whose `email` or one of whose `emails` is the account's (case ignored) and that no other
 * account links:
 * - exactly one → links it, audited `account.person_linked` with method `email`;
 * - two or more → links nothing, audited `account.person_link_ambiguous` with the count; `/admin/users` lists the
 *   account as "needs confirmation" (person-link-admin.service.ts) until an admin picks one;
 * - none → nothing.
 * It never guesses beyond that and never touches an account that is already linked (e.g. by the admin who invited it).
 */
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import type { Database } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { caregiverCandidatesByEmail, personRefOf, writePersonLink } from './person-links.service.ts';

/** What the sign-in link did: linked one caregiver, found several, or had nothing to do. */
export type SignInLinkOutcome =
  | { outcome: 'linked'; caregiverId: string }
  | { outcome: 'ambiguous'; candidates: number }
  | { outcome: 'none' };

/**
 * Links the CAREGIVER account `userAccountId` to the one caregiver with its email, in one transaction (the account
 * row is locked so two parallel sign-ins link once). See the file comment for the rules. Errors: the database's.
 */
export async function linkCaregiverOnSignIn(
  db: Database,
  ctx: RequestContext,
  userAccountId: string,
): Promise<SignInLinkOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.id, userAccountId))
      .for('update');
    if (!account || account.role !== 'CAREGIVER' || !account.isActive || personRefOf(account))
      return { outcome: 'none' };
    const candidates = await caregiverCandidatesByEmail(tx, account.email);
    const [only] = candidates;
    if (candidates.length === 1 && only) {
      await writePersonLink(tx, ctx, account, { kind: 'caregiver', id: only.id }, 'email');
      return { outcome: 'linked', caregiverId: only.id };
    }
    if (candidates.length > 1) {
      await recordAudit(tx, ctx, {
        action: 'account.person_link_ambiguous',
        entityType: 'user_account',
        entityId: account.id,
        details: { personKind: 'caregiver', candidates: candidates.length, method: 'email' },
      });
      return { outcome: 'ambiguous', candidates: candidates.length };
    }
    return { outcome: 'none' };
  });
}
