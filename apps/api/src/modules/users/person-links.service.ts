/**
 * Accounts linked to people (issue 20 "Accounts linked to people"; docs/accounts.md; decision 0050). An account is
 * at most one person record: a caregiver (module `people`), a case manager (module `people`) or a guardian (module
 * `matchmaking`); the columns are `user_account.caregiver_id`, `case_manager_id`, `guardian_id` (a database check
 * keeps at most one set; unique indexes keep a record to one account). Rules, each checked here:
 * - the record exists (400 on `person` otherwise);
 * - the account's role fits the kind: caregiver → CAREGIVER, case manager → USER (functional role `CASE_MANAGER`,
 *   set on link), guardian → GUARDIAN (400 on `person` otherwise);
 * - no other account is linked to the record (409 on `person`).
 * Links and unlinks are audited `account.person_linked` / `account.person_unlinked` with ids and the method
 * (`admin` or `email`), never names.
 */
import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AccountPersonLink, AccountPersonRef, PersonKind, PersonOption, Role } from '@tend/contracts';
import { escapeLike, recordAudit } from '../../platform/audit/audit.service.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import type { Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findGuardianRecords } from '../people/guardians.service.ts';
import { caregiverContactFacts } from '../people/caregiver-contacts.ts';
import { caseManagerContactFacts } from '../people/case-manager-contacts.ts';

/** The three person columns of an account row. */
export interface PersonColumns {
  caregiverId: string | null;
  caseManagerId: string | null;
  guardianId: string | null;
}

/** The role an account must have to be each kind of person. */
export const roleOfPersonKind: Record<PersonKind, Role> = {
  caregiver: 'CAREGIVER',
  case_manager: 'USER',
  guardian: 'GUARDIAN',
};

/** The functional role a case-manager account carries (issue 20: "case manager via functionalRole"). */
export const CASE_MANAGER_FUNCTIONAL_ROLE = 'CASE_MANAGER';

/** The column values for linking to `ref` (all null for no link). Pure. */
export function personColumns(ref: AccountPersonRef | null | undefined): PersonColumns {
  return {
    caregiverId: ref?.kind === 'caregiver' ? ref.id : null,
    caseManagerId: ref?.kind === 'case_manager' ? ref.id : null,
    guardianId: ref?.kind === 'guardian' ? ref.id : null,
  };
}

/** The link an account row holds, or null. Pure. */
export function personRefOf(row: PersonColumns): AccountPersonRef | null {
  if (row.caregiverId) return { kind: 'caregiver', id: row.caregiverId };
  if (row.caseManagerId) return { kind: 'case_manager', id: row.caseManagerId };
  if (row.guardianId) return { kind: 'guardian', id: row.guardianId };
  return null;
}

/** The account column that holds links of `kind`. */
function columnOf(kind: PersonKind) {
  return {
    caregiver: userAccounts.caregiverId,
    case_manager: userAccounts.caseManagerId,
    guardian: userAccounts.guardianId,
  }[kind];
}

/** A person record as the picker shows it (no linked account yet). */
type PersonRecord = Omit<PersonOption, 'linkedUserAccountId'>;

/**
 * Records of `kind` with one of `filter.ids` and/or whose name or email contains `filter.q` (case ignored), by
 * name, at most 20 unless ids are given. Caregivers and case managers through module people's contact facts,
 * guardians through module matchmaking. One query.
 */
export async function findPersonRecords(
  executor: Executor,
  kind: PersonKind,
  filter: { ids?: readonly string[]; q?: string },
): Promise<PersonRecord[]> {
  if (filter.ids && filter.ids.length === 0) return [];
  const limit = filter.ids ? filter.ids.length : 20;
  if (kind === 'guardian') {
    const rows = await findGuardianRecords(executor, { ...filter, limit });
    return rows.map((row) => ({ kind, id: row.id, name: row.name, detail: row.email }));
  }
  const facts = kind === 'caregiver' ? caregiverContactFacts('p') : caseManagerContactFacts('p');
  const where: SQL[] = [];
  if (filter.ids) where.push(inArray(facts.id, [...filter.ids]));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    where.push(or(ilike(facts.name, pattern), ilike(facts.email, pattern)) as SQL);
  }
  if (!filter.ids) where.push(eq(facts.archived, false));
  const rows = await executor
    .select({ id: facts.id, name: facts.name, email: facts.email, archived: facts.archived })
    .from(facts)
    .where(and(...where))
    .orderBy(asc(facts.name), asc(facts.id))
    .limit(limit);
  return rows.map((row) => ({ kind, id: row.id, name: row.name, detail: row.email }));
}

/** account id → the person it is linked to (with the record's name), for the rows given. One query per kind used. */
export async function personLinksOf(
  executor: Executor,
  rows: readonly (PersonColumns & { id: string })[],
): Promise<Map<string, AccountPersonLink>> {
  const refs = rows.flatMap((row) => {
    const ref = personRefOf(row);
    return ref ? [{ accountId: row.id, ref }] : [];
  });
  const byKind = new Map<string, string>();
  for (const kind of ['caregiver', 'case_manager', 'guardian'] as const) {
    const ids = refs.filter((entry) => entry.ref.kind === kind).map((entry) => entry.ref.id);
    if (!ids.length) continue;
    for (const record of await findPersonRecords(executor, kind, { ids }))
      byKind.set(`${kind}:${record.id}`, record.name);
  }
  return new Map(
    refs.map(({ accountId, ref }) => [
      accountId,
      { ...ref, name: byKind.get(`${ref.kind}:${ref.id}`) ?? '' },
    ]),
  );
}

/**
 * Checks that an account with `role` (id `userAccountId`, or null for a new one) may be linked to `ref`
 * (see the file comment). Errors: VALIDATION_FAILED on `person` (wrong role, no such record), CONFLICT on
 * `person` (another account is linked to it).
 */
export async function assertPersonLinkable(
  executor: Executor,
  ref: AccountPersonRef,
  role: Role,
  userAccountId: string | null,
): Promise<void> {
  const wanted = roleOfPersonKind[ref.kind];
  if (role !== wanted)
    throw AppError.field(
      'person',
      `a ${ref.kind.replace('_', ' ')} record links only to a ${wanted} account`,
    );
  const [record] = await findPersonRecords(executor, ref.kind, { ids: [ref.id] });
  if (!record) throw AppError.field('person', `no ${ref.kind.replace('_', ' ')} record has this id`);
  const column = columnOf(ref.kind);
  const [other] = await executor
    .select({ id: userAccounts.id })
    .from(userAccounts)
    .where(and(eq(column, ref.id), userAccountId ? ne(userAccounts.id, userAccountId) : undefined));
  if (other)
    throw new AppError('CONFLICT', 'person is already linked to another account', [
      { path: 'person', message: 'is already linked to another account' },
    ]);
}

/**
 * Writes the link of account `userAccountId` (role `role`) to `ref` (null: no link) in `tx` and audits the
 * change (`account.person_linked` / `account.person_unlinked`, details: kind, person id, method). A case-manager
 * link sets the functional role `CASE_MANAGER`. Call {@link assertPersonLinkable} first. No write when unchanged.
 */
export async function writePersonLink(
  tx: Executor,
  ctx: RequestContext,
  account: PersonColumns & { id: string },
  ref: AccountPersonRef | null,
  method: 'admin' | 'email' | 'access_link',
): Promise<void> {
  const before = personRefOf(account);
  if (before?.kind === ref?.kind && before?.id === ref?.id) return;
  await tx
    .update(userAccounts)
    .set({
      ...personColumns(ref),
      ...(ref?.kind === 'case_manager' ? { functionalRole: CASE_MANAGER_FUNCTIONAL_ROLE } : {}),
    })
    .where(eq(userAccounts.id, account.id));
  if (before)
    await recordAudit(tx, ctx, {
      action: 'account.person_unlinked',
      entityType: 'user_account',
      entityId: account.id,
      details: { personKind: before.kind, personId: before.id, method },
    });
  if (ref)
    await recordAudit(tx, ctx, {
      action: 'account.person_linked',
      entityType: 'user_account',
      entityId: account.id,
      details: { personKind: ref.kind, personId: ref.id, method },
    });
}

/** The ids of caregivers some account is linked to, among `caregiverIds`. One query. */
export async function linkedCaregiverIds(
  executor: Executor,
  caregiverIds: readonly string[],
): Promise<Set<string>> {
  if (!caregiverIds.length) return new Set();
  const rows = await executor
    .select({ id: userAccounts.caregiverId })
    .from(userAccounts)
    .where(inArray(userAccounts.caregiverId, [...caregiverIds]));
  return new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
}

/**
 * Not archived caregivers whose `email` or one of whose `emails` is `email` (case ignored) and that no account is
 * linked to: the candidates for a CAREGIVER account's link by email. One query.
 */
export async function caregiverCandidatesByEmail(executor: Executor, email: string): Promise<PersonRecord[]> {
  const wanted = email.trim().toLowerCase();
  const facts = caregiverContactFacts('c');
  const rows = await executor
    .select({ id: facts.id, name: facts.name, email: facts.email })
    .from(facts)
    .where(
      and(
        eq(facts.archived, false),
        or(
          sql`lower(${facts.email}) = ${wanted}`,
          sql`exists (select 1 from unnest(${facts.emails}) e where lower(e) = ${wanted})`,
        ),
        sql`not exists (select 1 from ${userAccounts} a where a.caregiver_id = ${facts.id})`,
      ),
    )
    .orderBy(asc(facts.name), asc(facts.id));
  return rows.map((row) => ({ kind: 'caregiver' as const, id: row.id, name: row.name, detail: row.email }));
}

/** Active CAREGIVER accounts with no person link that have signed in at least once. One query. */
export async function unlinkedSignedInCaregiverAccounts(executor: Executor) {
  return executor
    .select({ id: userAccounts.id, email: userAccounts.email, fullName: userAccounts.fullName })
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.role, 'CAREGIVER'),
        eq(userAccounts.isActive, true),
        isNull(userAccounts.caregiverId),
        isNull(userAccounts.caseManagerId),
        isNull(userAccounts.guardianId),
        sql`${userAccounts.lastLoginAt} is not null`,
      ),
    )
    .orderBy(asc(userAccounts.email));
}
