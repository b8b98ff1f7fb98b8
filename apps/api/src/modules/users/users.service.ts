/**
 * User accounts (spec s.3 UserAccount) and the first-run setup that creates the first admin.
 * Setup is allowed only while no ADMIN account exists and only with the one-time setup token
 * printed at start (docs/decisions/0001-foundation.md); there is no default password.
 *
 * Phones (docs/decisions/0019-caregiver-sms-codes.md): an admin types a phone as they like ("(503) 555-0100"); it is
 * stored E.164, read in the agency's country (config DEFAULT_PHONE_COUNTRY), 400 on `phone` when not a valid number
 * and 409 on `phone` when another account has it. The account signs in with SMS codes to the same number
 * (`auth_user.phone_number`, written in the same transaction; unverified until a code proves it).
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AccountPersonLink, FieldError, Page, UserAccount, UserListQuery } from '@tend/contracts';
import type { setupInput, userCreateInput, userUpdateInput } from '@tend/contracts';
import type { z } from 'zod';
import type { Database, Executor } from '../../platform/db/client.ts';
import { escapeLike, recordAudit } from '../../platform/audit/audit.service.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { checkPassword } from '../../platform/auth/password-policy.ts';
import {
  assertPhoneFree,
  DEFAULT_PHONE_COUNTRY,
  formatPhoneNumber,
  INVALID_PHONE_MESSAGE,
  linkSignInPhone,
  normalisePhoneNumber,
  phoneFieldValue,
  type CountryCode,
} from '../../platform/auth/phone-numbers.ts';
import { revokeUserFamilies } from '../../platform/auth/api-tokens.service.ts';
import { authAccounts, authSessions, authUsers, userAccounts } from '../../platform/auth/auth.table.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import {
  assertPersonLinkable,
  personColumns,
  personLinksOf,
  personRefOf,
  roleOfPersonKind,
  writePersonLink,
} from './person-links.service.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The API shape of a `user_account` row (contracts `userAccount`); `authUserId` null means invited, not accepted.
 * `phoneDisplay` is the phone in the national form of `phoneCountry` (config DEFAULT_PHONE_COUNTRY), else
 * international. `person`: the record the account is linked to with its name (`personLinksOf`), or null.
 */
export function toUserAccount(
  row: typeof userAccounts.$inferSelect,
  phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
  person: AccountPersonLink | null = null,
): UserAccount {
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
    phoneDisplay: row.phone ? formatPhoneNumber(row.phone, phoneCountry) : null,
    isActive: row.isActive,
    lastLoginAt: iso(row.lastLoginAt),
    person,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** {@link toUserAccount} with the linked person's name read (one query when the account is linked). */
export async function withPerson(
  executor: Executor,
  row: typeof userAccounts.$inferSelect,
  phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): Promise<UserAccount> {
  const people = await personLinksOf(executor, [row]);
  return toUserAccount(row, phoneCountry, people.get(row.id) ?? null);
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
 * Creates the auth user (email verified: an admin or the setup token vouches for it), its credential account and
 * the account row in one transaction, then `audit(tx, row)` in it. The password must pass the password policy
 * (platform/auth/password-policy.ts, OWASP ASVS 5.0 6.2.x) with the email and names as context; a phone is stored
 * E.164 and becomes the auth user's (unverified) sign-in number. Errors: VALIDATION_FAILED listing every problem
 * together: one `password` error per reason, `email` when another account uses it, `phone` when it is not a valid
 * number; then CONFLICT on `phone` when another account has the number.
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
  options: {
    phoneCountry?: CountryCode;
    audit: (tx: Executor, row: typeof userAccounts.$inferSelect) => Promise<void>;
    /** Runs first in the transaction (locks, claims); throwing aborts the whole write. */
    claim?: (tx: Executor) => Promise<void>;
  },
) {
  const email = input.email.toLowerCase();
  const [existing] = await db
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(eq(userAccounts.email, email));
  const [existingUser] = existing
    ? [undefined]
    : await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
  const errors: FieldError[] = [];
  if (existing || existingUser) errors.push({ path: 'email', message: 'is already used by another account' });
  const reasons = checkPassword(input.password, { email, names: [input.firstName, input.lastName] });
  errors.push(...reasons.map((message) => ({ path: 'password', message })));
  const typedPhone = input.phone?.trim() || null;
  const phone = typedPhone ? normalisePhoneNumber(typedPhone, options.phoneCountry) : null;
  if (typedPhone && !phone) errors.push({ path: 'phone', message: INVALID_PHONE_MESSAGE });
  if (errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
  }
  const fullName = `${input.firstName} ${input.lastName}`;
  const hash = await (await auth.$context).password.hash(input.password);
  return db.transaction(async (tx) => {
    await options.claim?.(tx);
    if (phone) await assertPhoneFree(tx, phone);
    const authUserId = randomUUID();
    await tx.insert(authUsers).values({
      id: authUserId,
      name: fullName,
      email,
      emailVerified: true,
      phoneNumber: phone,
      phoneNumberVerified: false,
    });
    await tx.insert(authAccounts).values({
      id: randomUUID(),
      accountId: authUserId,
      providerId: 'credential',
      userId: authUserId,
      password: hash,
    });
    const [row] = await tx
      .insert(userAccounts)
      .values({
        authUserId,
        email,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName,
        fullName,
        functionalRole: input.functionalRole ?? null,
        phone,
      })
      .returning();
    if (!row) throw new AppError('INTERNAL');
    await options.audit(tx, row);
    return row;
  });
}

/**
 * The key of the transaction-scoped advisory lock that serialises first-run setups (any constant bigint that no
 * other lock in Tend uses; "tend" in ASCII).
 */
export const SETUP_LOCK_KEY = 0x74656e64;

/**
 * The setup link's claim, in the transaction that creates the first admin (issue 17 item 5): takes the setup lock
 * (`pg_advisory_xact_lock`, held until commit), then checks again that no admin exists. Parallel setups with one
 * token therefore queue on the lock and all but the first find its admin: exactly one admin, enforced by the
 * database rather than by the check before the password hash. Errors: CONFLICT when an admin exists.
 */
async function claimSetup(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
  const [row] = await tx.select({ total: count() }).from(userAccounts).where(eq(userAccounts.role, 'ADMIN'));
  if ((row?.total ?? 0) > 0) throw new AppError('CONFLICT', 'Tend is already set up; sign in instead');
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
  return createAccount(
    db,
    auth,
    { ...input, role: 'ADMIN' },
    {
      claim: claimSetup,
      audit: (tx, row) =>
        recordAudit(
          tx,
          { ...ctx, actor: null },
          { action: 'auth.setup', entityType: 'user_account', entityId: row.id },
        ),
    },
  );
}

/** A page of user accounts; phones shown in `phoneCountry`'s national form (config DEFAULT_PHONE_COUNTRY). */
export async function findUsers(
  db: Database,
  ctx: RequestContext,
  query: UserListQuery,
  phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
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
  const people = await personLinksOf(db, rows);
  await recordAudit(db, ctx, {
    action: 'user.list',
    entityType: 'user_account',
    details: { returned: rows.length },
  });
  return {
    items: rows.map((row) => toUserAccount(row, phoneCountry, people.get(row.id) ?? null)),
    total: totals[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One user account. Errors: NOT_FOUND. */
export async function getUser(
  db: Database,
  ctx: RequestContext,
  id: string,
  phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): Promise<UserAccount> {
  const [row] = await db.select().from(userAccounts).where(eq(userAccounts.id, id));
  if (!row) throw notFound('User');
  await recordAudit(db, ctx, { action: 'user.read', entityType: 'user_account', entityId: id });
  return withPerson(db, row, phoneCountry);
}

/**
 * Creates an account with an initial password and, optionally, a phone (typed as the admin likes, read in
 * `phoneCountry`, stored E.164 and copied to the auth user's sign-in number, unverified; decision 0019). Audited
 * `user.create` in the same transaction. Errors: VALIDATION_FAILED (email taken; one `password` error per reason
 * the password policy gives; `phone` not a valid number); CONFLICT on `phone` when another account has it. With
 * `person`, the account is linked to that record in the same transaction (person-links.service.ts: 400 or 409 on
 * `person`).
 */
export async function createUser(
  db: Database,
  auth: Auth,
  ctx: RequestContext,
  input: z.output<typeof userCreateInput>,
  phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): Promise<UserAccount> {
  const person = input.person ?? null;
  if (person) await assertPersonLinkable(db, person, input.role, null);
  const row = await createAccount(db, auth, input, {
    phoneCountry,
    claim: person ? (tx) => assertPersonLinkable(tx, person, input.role, null) : undefined,
    audit: async (tx, created) => {
      await recordAudit(tx, ctx, {
        action: 'user.create',
        entityType: 'user_account',
        entityId: created.id,
        details: { role: created.role },
      });
      await writePersonLink(tx, ctx, created, person, 'admin');
    },
  });
  return withPerson(db, { ...row, ...personColumns(person) }, phoneCountry);
}

/**
 * Updates role, names, phone and active flag. The phone is typed as the admin likes, read in `phoneCountry` and
 * stored E.164; the auth user's sign-in number follows it in the same transaction (a new number is unverified
 * until a code proves it; clearing the phone clears it; decision 0019). Deactivating ends every session and API
 * refresh-token family of the account.
 * Errors: NOT_FOUND; VALIDATION_FAILED when an admin would demote or deactivate themself, or on `phone` when it is
 * not a valid number, or on `role` when the account is linked to a person whose kind needs another role;
 * CONFLICT on `phone` when another account has the number.
 */
export async function updateUser(
  db: Database,
  ctx: RequestContext,
  id: string,
  input: z.output<typeof userUpdateInput>,
  phoneCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): Promise<UserAccount> {
  if (ctx.actor?.userAccountId === id) {
    if (input.role !== 'ADMIN') throw AppError.field('role', 'you cannot remove your own admin role');
    if (!input.isActive) throw AppError.field('isActive', 'you cannot deactivate your own account');
  }
  const phone = phoneFieldValue(input.phone, phoneCountry);
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        authUserId: userAccounts.authUserId,
        caregiverId: userAccounts.caregiverId,
        caseManagerId: userAccounts.caseManagerId,
        guardianId: userAccounts.guardianId,
      })
      .from(userAccounts)
      .where(eq(userAccounts.id, id));
    if (!current) throw notFound('User');
    const linked = personRefOf(current);
    if (linked && roleOfPersonKind[linked.kind] !== input.role)
      throw AppError.field(
        'role',
        `must stay ${roleOfPersonKind[linked.kind]} while the account is linked to a ${linked.kind.replace('_', ' ')} record; remove the link first`,
      );
    if (phone) await assertPhoneFree(tx, phone, { authUserId: current.authUserId, userAccountId: id });
    const [row] = await tx
      .update(userAccounts)
      .set({ ...input, phone, fullName: `${input.firstName} ${input.lastName}` })
      .where(eq(userAccounts.id, id))
      .returning();
    if (!row) throw notFound('User');
    if (row.authUserId) await linkSignInPhone(tx, row.authUserId, row.phone);
    if (!row.isActive && row.authUserId) {
      await tx.delete(authSessions).where(eq(authSessions.userId, row.authUserId));
      // API clients too: every live refresh-token family ends (decision 0015).
      await revokeUserFamilies(tx, row.authUserId, 'account_deactivated');
    }
    await recordAudit(tx, ctx, {
      action: 'user.update',
      entityType: 'user_account',
      entityId: id,
      details: { role: row.role, isActive: row.isActive },
    });
    return withPerson(tx, row, phoneCountry);
  });
}
