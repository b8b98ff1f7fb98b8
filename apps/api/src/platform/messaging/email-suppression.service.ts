/**
 * The email suppression list (issue 24 "Email export": opted-out and bounced addresses excluded and counted;
 * decision 0065): bounces are recorded by the outbox's SMTP sends (`messaging.service.ts`), opt-outs by an admin
 * (module `people`, which audits). Modules read it here, never from the table file.
 */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { emailSuppressions, type EmailSuppressionReason } from './email-suppression.table.ts';

export type { EmailSuppressionReason };

/** Longest detail kept (an SMTP reply, an admin's note), in characters. */
const maxDetailLength = 500;

/** An address as the list keys it: trimmed, lower case (`' Jo@Example.ORG '` → `'jo@example.org'`). */
export function normaliseEmailAddress(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * Whether a send's error is a permanent refusal of the recipient — a bounce (RFC 5321 §4.2.1: 5yz is a permanent
 * negative reply): the server answered 5xx to `RCPT TO`, or 5xx after the message with an RFC 3463 enhanced status
 * of class 5.1 (addressing) or 5.2.1 / 5.2.2 (mailbox disabled, full). Transient 4xx replies, connection and
 * authentication failures (535 at AUTH) and a refused sender (5xx at `MAIL FROM`) are not bounces. Reads
 * nodemailer's error fields `responseCode`, `command` and `response`.
 */
export function isPermanentRecipientFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, command, response } = error as {
    responseCode?: unknown;
    command?: unknown;
    response?: unknown;
  };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return false;
  if (command === 'RCPT TO') return true;
  if (command !== 'DATA' || typeof response !== 'string') return false;
  return /\b5\.(1\.\d{1,3}|2\.[12])\b/.test(response);
}

/** One suppression to record: the address as given (normalised here), why, and what is known. */
export interface EmailSuppressionInput {
  address: string;
  reason: EmailSuppressionReason;
  detail?: string | null | undefined;
  outboxMessageId?: string | null | undefined;
  markedBy?: string | null | undefined;
}

/** A suppression row as other parts read it. */
export interface EmailSuppression {
  id: string;
  address: string;
  reason: EmailSuppressionReason;
  detail: string | null;
  at: Date;
}

const columns = {
  id: emailSuppressions.id,
  address: emailSuppressions.address,
  reason: emailSuppressions.reason,
  detail: emailSuppressions.detail,
  at: emailSuppressions.at,
};

/**
 * Records `input` once per (address, reason): a repeat keeps the first row (its time and detail) and resolves that
 * row. One insert, plus one read on a repeat. The caller audits an admin's mark.
 */
export async function recordEmailSuppression(
  executor: Executor,
  input: EmailSuppressionInput,
): Promise<EmailSuppression> {
  const address = normaliseEmailAddress(input.address);
  const [row] = await executor
    .insert(emailSuppressions)
    .values({
      address,
      reason: input.reason,
      detail: input.detail ? input.detail.slice(0, maxDetailLength) : null,
      outboxMessageId: input.outboxMessageId ?? null,
      markedBy: input.markedBy ?? null,
    })
    .onConflictDoNothing()
    .returning(columns);
  if (row) return row;
  const earlier = (await findEmailSuppressions(executor, [address]))
    .get(address)
    ?.find((suppression) => suppression.reason === input.reason);
  if (!earlier) throw new Error('email suppression vanished after a conflict');
  return earlier;
}

/**
 * The suppressions of `addresses` (normalised here), by normalised address; an address without any is absent.
 * Queries in chunks of 1,000 addresses; none for an empty list.
 */
export async function findEmailSuppressions(
  executor: Executor,
  addresses: readonly string[],
): Promise<Map<string, EmailSuppression[]>> {
  const wanted = [...new Set(addresses.map(normaliseEmailAddress))].filter((a) => a !== '');
  const found = new Map<string, EmailSuppression[]>();
  for (let start = 0; start < wanted.length; start += 1000) {
    const rows = await executor
      .select(columns)
      .from(emailSuppressions)
      .where(inArray(emailSuppressions.address, wanted.slice(start, start + 1000)));
    for (const row of rows) found.set(row.address, [...(found.get(row.address) ?? []), row]);
  }
  return found;
}
