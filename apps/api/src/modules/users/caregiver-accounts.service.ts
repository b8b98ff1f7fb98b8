/**
 * CAREGIVER accounts by email, for module `isp`'s acknowledgements (decision 0046): a caregiver (module `people`) is
 * reached through the active CAREGIVER account whose email is one of theirs. Other modules read accounts only
 * through `users` (decision 0030).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Locale } from '@tend/contracts/locale';
import { userAccounts } from '../../platform/auth/auth.table.ts';
import type { Executor } from '../../platform/db/client.ts';

/** An active CAREGIVER account: its id, email (lower case), phone (E.164 or null) and chosen language (or null). */
export interface CaregiverAccount {
  id: string;
  email: string;
  phone: string | null;
  locale: Locale | null;
}

/**
 * The active CAREGIVER accounts whose email is one of `emails` (case ignored; empty and repeated ones allowed):
 * lower-cased email → account. One query; none when `emails` is empty.
 */
export async function findCaregiverAccountsByEmail(
  executor: Executor,
  emails: readonly string[],
): Promise<Map<string, CaregiverAccount>> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return new Map();
  const rows = await executor
    .select({
      id: userAccounts.id,
      email: userAccounts.email,
      phone: userAccounts.phone,
      locale: userAccounts.locale,
    })
    .from(userAccounts)
    .where(
      and(
        eq(userAccounts.role, 'CAREGIVER'),
        eq(userAccounts.isActive, true),
        inArray(sql`lower(${userAccounts.email})`, wanted),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), { ...row, email: row.email.toLowerCase() }]));
}
