/**
 * The accounts an access link signs in (issue 20 "Access links done right"; docs/access-links.md; decision 0049),
 * for module `access`: module `users` owns every `user_account` write (decision 0030).
 *
 * A case manager who opens a campaign link and has no account gets one: an auth user without a password (email
 * verified: they proved the address by opening the link sent to it) and a `user_account` with role USER,
 * functional role CASE_MANAGER and the case-manager link. An existing account with that email is used only when it
 * is already this case manager's, or is a USER account linked to no person (then it is linked, audited); anything
 * else is refused. Admin accounts never sign in by link.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@tend/contracts';
import { authUsers, userAccounts } from '../../platform/auth/auth.table.ts';
import type { Executor } from '../../platform/db/client.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { CASE_MANAGER_FUNCTIONAL_ROLE, roleOfPersonKind, writePersonLink } from './person-links.service.ts';

/** The functional role of a case manager's account. */

/** What a link-opened session needs of an account: its auth user, email, role, state and person links. */
export interface LinkAccount {
  userAccountId: string;
  authUserId: string | null;
  email: string;
  role: Role;
  isActive: boolean;
  caregiverId: string | null;
  caseManagerId: string | null;
  guardianId: string | null;
}

/** The account a link may sign in, or why not (a sentence for the person, naming what to do). */
export type LinkAccountResult = { ok: true; account: LinkAccount } | { ok: false; reason: string };

const ASK_AGENCY =
  'This link cannot open a dashboard for the account that uses this email address. Please ask your agency.';

const linkAccountColumns = {
  userAccountId: userAccounts.id,
  authUserId: userAccounts.authUserId,
  email: userAccounts.email,
  role: userAccounts.role,
  isActive: userAccounts.isActive,
  caregiverId: userAccounts.caregiverId,
  caseManagerId: userAccounts.caseManagerId,
  guardianId: userAccounts.guardianId,
};

/** The account `userAccountId` as a link sees it, or null. One query. */
export async function findLinkAccount(
  executor: Executor,
  userAccountId: string,
): Promise<LinkAccount | null> {
  const [row] = await executor
    .select(linkAccountColumns)
    .from(userAccounts)
    .where(eq(userAccounts.id, userAccountId));
  return row ?? null;
}

/** Whether a link may start a session for `account`: active, not an admin, with a sign-in identity. */
export function linkMaySignIn(account: LinkAccount): account is LinkAccount & { authUserId: string } {
  return account.isActive && account.role !== 'ADMIN' && account.authUserId !== null;
}

/**
 * The account a case manager's link signs in (see the file comment), creating or linking it in `tx` when needed.
 * `email` is the case manager's email on record (the address the link was sent to); `name` their name. Audits
 * `user.create` (with `via: access_link`) or `account.person_linked` (method `access_link`). Never throws for a refusal: `{ ok: false }`.
 */
export async function caseManagerAccountForLink(
  tx: Executor,
  ctx: RequestContext,
  caseManager: { id: string; email: string | null; name: string },
): Promise<LinkAccountResult> {
  const [linked] = await tx
    .select(linkAccountColumns)
    .from(userAccounts)
    .where(eq(userAccounts.caseManagerId, caseManager.id));
  if (linked) return usable(tx, ctx, linked, caseManager.name);
  const email = caseManager.email?.trim().toLowerCase();
  if (!email) return { ok: false, reason: ASK_AGENCY };
  const [sameEmail] = await tx
    .select(linkAccountColumns)
    .from(userAccounts)
    .where(sql`lower(${userAccounts.email}) = ${email}`);
  if (sameEmail) {
    const unlinked = !sameEmail.caregiverId && !sameEmail.caseManagerId && !sameEmail.guardianId;
    // A case-manager record links only to a USER account (decision 0050); the link proved the email.
    if (!unlinked || sameEmail.role !== roleOfPersonKind.case_manager || !sameEmail.isActive) {
      return { ok: false, reason: ASK_AGENCY };
    }
    await writePersonLink(
      tx,
      ctx,
      { ...sameEmail, id: sameEmail.userAccountId },
      { kind: 'case_manager', id: caseManager.id },
      'access_link',
    );
    return usable(tx, ctx, { ...sameEmail, caseManagerId: caseManager.id }, caseManager.name);
  }
  const [authTaken] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  if (authTaken) return { ok: false, reason: ASK_AGENCY };
  const authUserId = randomUUID();
  await tx.insert(authUsers).values({ id: authUserId, name: caseManager.name, email, emailVerified: true });
  const [created] = await tx
    .insert(userAccounts)
    .values({
      authUserId,
      email,
      role: 'USER',
      functionalRole: CASE_MANAGER_FUNCTIONAL_ROLE,
      caseManagerId: caseManager.id,
      fullName: caseManager.name,
    })
    .returning(linkAccountColumns);
  if (!created) throw new Error('the case manager account was not created');
  await recordAudit(tx, ctx, {
    action: 'user.create',
    entityType: 'user_account',
    entityId: created.userAccountId,
    details: { role: 'USER', caseManagerId: caseManager.id, via: 'access_link' },
  });
  return { ok: true, account: created };
}

/**
 * An account found for a link, made able to sign in: refused when inactive or an admin; an invited account that
 * never set a password gets its auth user now (its email is proven by the link).
 */
async function usable(
  tx: Executor,
  ctx: RequestContext,
  account: LinkAccount,
  name: string,
): Promise<LinkAccountResult> {
  if (!account.isActive || account.role === 'ADMIN') return { ok: false, reason: ASK_AGENCY };
  if (account.authUserId) return { ok: true, account };
  const email = account.email.trim().toLowerCase();
  const [authTaken] = await tx.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  if (authTaken) return { ok: false, reason: ASK_AGENCY };
  const authUserId = randomUUID();
  await tx.insert(authUsers).values({ id: authUserId, name, email, emailVerified: true });
  await tx.update(userAccounts).set({ authUserId }).where(eq(userAccounts.id, account.userAccountId));
  await recordAudit(tx, ctx, {
    action: 'user.update',
    entityType: 'user_account',
    entityId: account.userAccountId,
    details: { signInIdentity: 'created', via: 'access_link' },
  });
  return { ok: true, account: { ...account, authUserId } };
}
