/**
 * User accounts (spec s.3 UserAccount) and the first-run setup that creates the first admin.
 * Setup is allowed only while no ADMIN account exists and only with the one-time setup token
 * printed at start (docs/decisions/0001-foundation.md); there is no default password.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { FieldError, Page, UserAccount, UserListQuery } from '@tend/contracts';
import type { setupInput, userCreateInput, userUpdateInput } from '@tend/contracts';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.ts';
import { escapeLike, recordAudit } from '../../platform/audit/audit.service.ts';
import { createCredentialUser, type Auth } from '../../platform/auth/auth.ts';
import { checkPassword } from '../../platform/auth/password-policy.ts';
import { apiRefreshTokens, authSessions, userAccounts } from '../../platform/auth/auth.table.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape of a `user_account` row (contracts `userAccount`); `authUserId` null means invited, not accepted. */
export function toUserAccount(row: typeof userAccounts.$inferSelect): UserAccount {
  return {
    id: row.id,
    authUserId: row.authUserId,
    email: row.email,
    role: row.role,
    functionalRole: row.functionalRole,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: row.fullName,
    phone: row.phone,
    isActive: row.isActive,
    lastLoginAt: iso(row.lastLoginAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** True while no ADMIN account exists. */
export async function needsSetup(db: Database): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(userAccounts).where(eq(userAccounts.role, 'ADMIN'));
  return (row?.total ?? 0) === 0;
}

function tokensMatch(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Creates the auth user and its account row. The password must pass the password policy
 * (platform/auth/password-policy.ts, OWASP ASVS 5.0 6.2.x) with the email and names as context.
 * Errors: VALIDATION_FAILED listing every problem together: one `password` error per reason, and
 * `email` when another account uses it.
 */
async function createAccount(
  db: Database,
  auth: Auth,
  input: {
    email: string;
    password: string;
    role: UserAccount['role'];
    firstName: string;
    lastName: string;
    functionalRole?: string | null;
    phone?: string | null;
  },
) {
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(eq(userAccounts.email, email));
  const errors: FieldError[] = [];
  if (existing) errors.push({ path: 'email', message: 'is already used by another account' });
  const reasons = checkPassword(input.password, { email, names: [input.firstName, input.lastName] });
  errors.push(...reasons.map((message) => ({ path: 'password', message })));
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
  }
  const fullName = `${input.firstName} ${input.lastName}`;
  const authUser = await createCredentialUser(auth, { email, password: input.password, name: fullName });
  const [row] = await db
    .insert(userAccounts)
    .values({
      authUserId: authUser.id,
      email,
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
      fullName,
      functionalRole: input.functionalRole ?? null,
      phone: input.phone ?? null,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL');
  return row;
}

/**
 * Creates the first admin. Errors: FORBIDDEN when the token is wrong, CONFLICT when an admin exists,
 * VALIDATION_FAILED when the password fails the password policy (one `password` error per reason).
 */
export async function completeSetup(
  db: Database,
  auth: Auth,
  ctx: RequestContext,
  expectedToken: string,
  input: z.output<typeof setupInput>,
): Promise<typeof userAccounts.$inferSelect> {
  if (!tokensMatch(input.token, expectedToken)) {
    await recordAudit(db, ctx, { action: 'auth.setup', entityType: 'user_account', outcome: 'denied' });
    throw new AppError('FORBIDDEN', 'The setup token is not valid; use the link printed when Tend started');
  }
  if (!(await needsSetup(db))) throw new AppError('CONFLICT', 'Tend is already set up; sign in instead');
  const account = await createAccount(db, auth, { ...input, role: 'ADMIN' });
  await recordAudit(
    db,
    { ...ctx, actor: null },
    { action: 'auth.setup', entityType: 'user_account', entityId: account.id },
  );
  return account;
}

/** A page of user accounts. */
export async function findUsers(
  db: Database,
  ctx: RequestContext,
  query: UserListQuery,
): Promise<Page<UserAccount>> {
  const filters: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(userAccounts.email, pattern), ilike(userAccounts.fullName, pattern)));
  }
  if (query.role) filters.push(eq(userAccounts.role, query.role));
  if (query.active !== 'all') filters.push(eq(userAccounts.isActive, query.active === 'true'));
  const where = and(...filters);
  const column = {
    email: userAccounts.email,
    fullName: userAccounts.fullName,
    role: userAccounts.role,
    lastLoginAt: userAccounts.lastLoginAt,
    createdAt: userAccounts.createdAt,
  }[query.sort];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(userAccounts)
      .where(where)
      .orderBy(query.order === 'asc' ? asc(column) : desc(column), asc(userAccounts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(userAccounts).where(where),
  ]);
  await recordAudit(db, ctx, {
    action: 'user.list',
    entityType: 'user_account',
    details: { returned: rows.length },
  });
  return {
    items: rows.map(toUserAccount),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One user account. Errors: NOT_FOUND. */
export async function getUser(db: Database, ctx: RequestContext, id: string): Promise<UserAccount> {
  const [row] = await db.select().from(userAccounts).where(eq(userAccounts.id, id));
  if (!row) throw notFound('User');
  await recordAudit(db, ctx, { action: 'user.read', entityType: 'user_account', entityId: id });
  return toUserAccount(row);
}

/**
 * Creates an account with an initial password. Errors: VALIDATION_FAILED (email taken; one
 * `password` error per reason the password policy gives).
 */
export async function createUser(
  db: Database,
  auth: Auth,
  ctx: RequestContext,
  input: z.output<typeof userCreateInput>,
): Promise<UserAccount> {
  const row = await createAccount(db, auth, input);
  await recordAudit(db, ctx, {
    action: 'user.create',
    entityType: 'user_account',
    entityId: row.id,
    details: { role: row.role },
  });
  return toUserAccount(row);
}

/**
 * Updates role, names and active flag. Deactivating ends every session and API refresh-token family of the
 * account.
 * Errors: NOT_FOUND; VALIDATION_FAILED when an admin would demote or deactivate themself.
 */
export async function updateUser(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof userUpdateInput>,
): Promise<UserAccount> {
  if (ctx.actor?.userAccountId === id) {
    if (input.role !== 'ADMIN') throw AppError.field('role', 'you cannot remove your own admin role');
    if (!input.isActive) throw AppError.field('isActive', 'you cannot deactivate your own account');
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(userAccounts)
      .set({ ...input, fullName: `${input.firstName} ${input.lastName}` })
      .where(eq(userAccounts.id, id))
      .returning();
    if (!row) throw notFound('User');
    if (!row.isActive && row.authUserId) {
      await tx.delete(authSessions).where(eq(authSessions.userId, row.authUserId));
      // API clients too: every live refresh-token family ends (decision 0015).
      await tx
        .update(apiRefreshTokens)
        .set({ revokedAt: new Date(), revokedReason: 'account_deactivated' })
        .where(and(eq(apiRefreshTokens.userId, row.authUserId), isNull(apiRefreshTokens.revokedAt)));
    }
    await recordAudit(tx, ctx, {
      action: 'user.update',
      entityType: 'user_account',
      entityId: id,
      details: { role: row.role, isActive: row.isActive },
    });
    return toUserAccount(row);
  });
}
