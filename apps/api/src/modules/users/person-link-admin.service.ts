/**
 * What an admin does with person links on `/admin/users` (issue 20 "Accounts linked to people"; docs/accounts.md):
 * link or unlink an account, pick a record of one kind, and confirm the caregiver of a CAREGIVER account whose
 * first sign-in found several candidates. Every read and write is audited with ids and counts.
 */
import { eq, inArray } from 'drizzle-orm';
import type {
  AccountPersonRef,
  PersonConfirmationList,
  PersonOptionList,
  PersonOptionsQuery,
  UserAccount,
} from '@tend/contracts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import type { CountryCode } from '../../platform/auth/phone-numbers.ts';
import type { Database, Executor } from '../../platform/db/client.ts';
import type { RequestContext } from '../../platform/http/context.ts';
import { notFound } from '../../platform/http/errors.ts';
import {
  assertPersonLinkable,
  caregiverCandidatesByEmail,
  findPersonRecords,
  unlinkedSignedInCaregiverAccounts,
  writePersonLink,
} from './person-links.service.ts';
import { withPerson } from './users.service.ts';

/**
 * Links account `id` to `person` (null: removes the link), audited with method `admin`. Errors: NOT_FOUND;
 * VALIDATION_FAILED on `person` (wrong role for the kind, no such record); CONFLICT on `person` (another account
 * is linked to the record).
 */
export async function setUserPerson(
  db: Database,
  ctx: RequestContext,
  id: string,
  person: AccountPersonRef | null,
  phoneCountry?: CountryCode,
): Promise<UserAccount> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(userAccounts).where(eq(userAccounts.id, id)).for('update');
    if (!row) throw notFound('User');
    if (person) await assertPersonLinkable(tx, person, row.role, id);
    await writePersonLink(tx, ctx, row, person, 'admin');
    const [updated] = await tx.select().from(userAccounts).where(eq(userAccounts.id, id));
    if (!updated) throw notFound('User');
    return withPerson(tx, updated, phoneCountry);
  });
}

/** account id of each linked record among `ids` of `kind`. One query. */
async function accountsLinkedTo(
  executor: Executor,
  kind: AccountPersonRef['kind'],
  ids: string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const column = {
    caregiver: userAccounts.caregiverId,
    case_manager: userAccounts.caseManagerId,
    guardian: userAccounts.guardianId,
  }[kind];
  const rows = await executor
    .select({ accountId: userAccounts.id, personId: column })
    .from(userAccounts)
    .where(inArray(column, ids));
  return new Map(rows.flatMap((row) => (row.personId ? [[row.personId, row.accountId] as const] : [])));
}

/**
 * Up to 20 records of `query.kind` whose name or email contains `query.q` (not archived caregivers and case
 * managers), each with the account already linked to it. Audited `person_option.list` with the kind and count.
 */
export async function findPersonOptions(
  db: Database,
  ctx: RequestContext,
  query: PersonOptionsQuery,
): Promise<PersonOptionList> {
  const records = await findPersonRecords(db, query.kind, query.q ? { q: query.q } : {});
  const linked = await accountsLinkedTo(
    db,
    query.kind,
    records.map((record) => record.id),
  );
  await recordAudit(db, ctx, {
    action: 'person_option.list',
    entityType: query.kind,
    details: { returned: records.length },
  });
  return {
    items: records.map((record) => ({ ...record, linkedUserAccountId: linked.get(record.id) ?? null })),
  };
}

/**
 * Active CAREGIVER accounts that signed in, are linked to nobody, and have at least one candidate caregiver by
 * email (caregiverCandidatesByEmail): the first sign-in found two or more (it links exactly one), or a caregiver
 * with the email was added since. An admin confirms one with {@link setUserPerson}. Audited
 * `person_confirmation.list` with the count.
 */
export async function findPersonConfirmations(
  db: Database,
  ctx: RequestContext,
): Promise<PersonConfirmationList> {
  const accounts = await unlinkedSignedInCaregiverAccounts(db);
  const items = [];
  for (const account of accounts) {
    const candidates = await caregiverCandidatesByEmail(db, account.email);
    if (candidates.length)
      items.push({
        userAccountId: account.id,
        email: account.email,
        fullName: account.fullName,
        candidates: candidates.map((candidate) => ({ ...candidate, linkedUserAccountId: null })),
      });
  }
  await recordAudit(db, ctx, {
    action: 'person_confirmation.list',
    entityType: 'user_account',
    details: { returned: items.length },
  });
  return { items };
}
