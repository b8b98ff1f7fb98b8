/**
 * Outbound messaging (DOMAIN.md "Outbound messages"; ARCHITECTURE.md "Runtime parts": email / SMS).
 * Every message is written to `outbox_message`, the record admins read. With no provider configured
 * (the embedded default) that row is the whole delivery: provider `outbox`, status `recorded`. With a
 * provider, the row is written first (status `recorded`), the provider is called, and the row becomes
 * `sent` (with the provider's message id) or `failed` (with the provider's error text).
 *
 * No PHI in logs (ARCHITECTURE.md "Non-negotiables"): this module logs nothing, and the errors it
 * throws name only the outbox row id, the channel and the provider; the provider's own error text,
 * which may quote an address, is kept in the access-controlled outbox row only.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.ts';
import { isPermanentRecipientFailure, recordEmailSuppression } from './email-suppression.service.ts';
import type { EmailProvider, SmsProvider } from './messaging.provider.ts';
import { outboxMessages, type OutboxChannel, type OutboxMessage } from './outbox.table.ts';

/** An outbox row as the service returns it (modules read it here, never from the table file). */
export type { OutboxMessage };

/** Stable error codes: `MESSAGE_INVALID` = bad input (HTTP 400); `MESSAGE_SEND_FAILED` = provider failed (HTTP 502). */
export type MessagingErrorCode = 'MESSAGE_INVALID' | 'MESSAGE_SEND_FAILED';

/** Error thrown by the messaging service; `code` is stable, `message` holds no addresses or bodies. */
export class MessagingError extends Error {
  readonly code: MessagingErrorCode;
  /** The outbox row recording the failed attempt (null for input errors, which write no row). */
  readonly outboxMessageId: string | null;

  constructor(code: MessagingErrorCode, message: string, outboxMessageId: string | null = null) {
    super(message);
    this.name = 'MessagingError';
    this.code = code;
    this.outboxMessageId = outboxMessageId;
  }
}

/** What the message is about, stored as a loose reference (no foreign key). */
export interface RelatedEntity {
  relatedEntityType?: string | undefined;
  relatedEntityId?: string | undefined;
  /**
   * One-time secrets the body carries (sign-in and reset links, their tokens, codes): the provider gets the
   * message whole, the outbox row gets each replaced by {@link REDACTED_SECRET} (issue 17 item 4), unless the
   * service stores secrets (development mode, OUTBOX_SHOWS_SECRETS).
   */
  secrets?: string[] | undefined;
}

/** What the stored copy shows in place of a one-time secret: that one was sent, never the secret itself. */
export const REDACTED_SECRET = '[one-time link or code: sent, not stored]';

/** `text` with every occurrence of each secret (longest first, empty ones ignored) replaced. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const ordered = secrets.filter((secret) => secret !== '').sort((a, b) => b.length - a.length);
  return ordered.reduce((result, secret) => result.replaceAll(secret, REDACTED_SECRET), text);
}

export interface SendEmailInput extends RelatedEntity {
  /** One recipient address, e.g. `jo@example.org` (no display name, no list). */
  to: string;
  /** Sender; default: the service's `defaultFrom`. */
  from?: string | undefined;
  /** One line; must not be empty. */
  subject: string;
  /** Plain-text body; must not be empty. */
  text: string;
  html?: string | undefined;
  /**
   * "Send this message once": when a row with this key is already in the outbox (a job resumed after a crash), that
   * row is returned and no provider is called, whatever its status. Absent: every call sends.
   */
  idempotencyKey?: string | undefined;
}

export interface SendSmsInput extends RelatedEntity {
  /** Recipient phone number in E.164 form, e.g. `+15035550100`. */
  to: string;
  /** 1 to {@link maxSmsBodyLength} characters. */
  body: string;
}

export interface ListOutboxInput {
  /** 1-based page number. */
  page: number;
  /** Rows per page, 1 to {@link maxOutboxPageSize}. */
  pageSize: number;
  channel?: OutboxChannel | undefined;
  /** Exact recipient address or number. */
  to?: string | undefined;
}

export interface OutboxPage {
  /**
   * Newest first: `created_at` descending, then `id` descending, so paging is stable even when rows tie
   * (PGlite's clock ticks in whole milliseconds; within one tick the order is by id, not by insertion).
   */
  items: OutboxMessage[];
  /** Rows matching the filter, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

export interface MessagingServiceOptions {
  db: Database;
  /** Email provider, or null to only record emails in the outbox (embedded default). */
  email: EmailProvider | null;
  /** SMS provider, or null to only record SMS in the outbox (embedded default). */
  sms: SmsProvider | null;
  /** Sender address used when `sendEmail` gets no `from`, e.g. `Tend <no-reply@example.org>`. */
  defaultFrom: string;
  /**
   * Development mode only (OUTBOX_SHOWS_SECRETS): store one-time secrets in the outbox unredacted, so a developer
   * without a mail server can follow links and codes. Off when absent; the outbox page says when it is on.
   */
  storeSecrets?: boolean;
}

export interface MessagingService {
  /**
   * Records and sends one email → the final outbox row. Errors: `MESSAGE_INVALID` when `to` is not one
   * bare address, `subject` is empty or has a line break, or `text` is empty (no row written);
   * `MESSAGE_SEND_FAILED` when the provider rejects (the row is `failed` with its error text).
   */
  sendEmail(input: SendEmailInput): Promise<OutboxMessage>;
  /**
   * Records and sends one SMS → the final outbox row. Errors: `MESSAGE_INVALID` when `to` is not E.164
   * or `body` is empty or longer than {@link maxSmsBodyLength}; `MESSAGE_SEND_FAILED` as for email.
   */
  sendSms(input: SendSmsInput): Promise<OutboxMessage>;
  /**
   * One page of the outbox, newest first (see {@link OutboxPage}). Errors: `MESSAGE_INVALID` when `page`
   * < 1 or `pageSize` is outside 1..{@link maxOutboxPageSize}.
   */
  listOutbox(input: ListOutboxInput): Promise<OutboxPage>;
  /** The outbox row recorded with `idempotencyKey` (see {@link SendEmailInput.idempotencyKey}), or null. */
  findByIdempotencyKey(idempotencyKey: string): Promise<OutboxMessage | null>;
  /** Whether one-time secrets are stored unredacted (development mode; {@link MessagingServiceOptions.storeSecrets}). */
  readonly storesSecrets: boolean;
}

/** Twilio's limit for one message body (Twilio "Create a Message" API: `Body` up to 1,600 characters). */
export const maxSmsBodyLength = 1600;
/** Largest page `listOutbox` serves. */
export const maxOutboxPageSize = 200;
/** Provider error text longer than this is cut before it is stored. */
const maxStoredErrorLength = 2000;

/** E.164: `+`, a non-zero digit, at most 15 digits in all (ITU-T E.164). */
const e164 = /^\+[1-9]\d{1,14}$/;
/** One bare address: something@something, no spaces, commas or angle brackets. */
const bareEmail = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/**
 * Creates the messaging service over `options` (the database, the providers and the default sender).
 *
 * If the database update after a successful send fails, the database error propagates and the row
 * stays `recorded` (the message may have gone out). Authorization is the caller's job: the outbox
 * holds message bodies, so only admins may list it.
 */
export function createMessagingService(options: MessagingServiceOptions): MessagingService {
  return {
    sendEmail: (input) => sendEmail(options, input),
    sendSms: (input) => sendSms(options, input),
    listOutbox: (input) => listOutbox(options.db, input),
    findByIdempotencyKey: (key) => findByIdempotencyKey(options.db, key),
    storesSecrets: options.storeSecrets === true,
  };
}

/** {@link MessagingService.sendEmail}. */
async function sendEmail(options: MessagingServiceOptions, input: SendEmailInput): Promise<OutboxMessage> {
  const to = input.to.trim();
  const from = (input.from ?? options.defaultFrom).trim();
  if (!bareEmail.test(to)) throw invalid('email recipient must be one address');
  if (from === '') throw invalid('email sender is empty');
  if (input.subject.trim() === '' || /[\r\n]/.test(input.subject)) {
    throw invalid('email subject must be one non-empty line');
  }
  if (input.text === '') throw invalid('email text body is empty');
  const provider = options.email;
  const message = { to, from, subject: input.subject, text: input.text, html: input.html };
  const stored = (body: string) => (options.storeSecrets ? body : redactSecrets(body, input.secrets ?? []));
  return deliver(
    options.db,
    {
      channel: 'email',
      toAddress: to,
      fromAddress: from,
      subject: input.subject,
      textBody: stored(input.text),
      htmlBody: input.html === undefined ? null : stored(input.html),
      provider: provider ? provider.name : 'outbox',
      status: 'recorded',
      relatedEntityType: input.relatedEntityType ?? null,
      relatedEntityId: input.relatedEntityId ?? null,
      idempotencyKey: input.idempotencyKey ?? null,
    },
    provider ? () => provider.send(message) : null,
  );
}

/** {@link MessagingService.findByIdempotencyKey}. */
async function findByIdempotencyKey(db: Database, key: string): Promise<OutboxMessage | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.idempotencyKey, key));
  return row ?? null;
}

/** {@link MessagingService.sendSms}. */
async function sendSms(options: MessagingServiceOptions, input: SendSmsInput): Promise<OutboxMessage> {
  const to = input.to.trim();
  if (!e164.test(to)) throw invalid('sms recipient must be an E.164 number');
  if (input.body === '') throw invalid('sms body is empty');
  if (input.body.length > maxSmsBodyLength) {
    throw invalid(`sms body is longer than ${maxSmsBodyLength} characters`);
  }
  const provider = options.sms;
  return deliver(
    options.db,
    {
      channel: 'sms',
      toAddress: to,
      fromAddress: provider?.from ?? null,
      subject: null,
      textBody: options.storeSecrets ? input.body : redactSecrets(input.body, input.secrets ?? []),
      htmlBody: null,
      provider: provider ? provider.name : 'outbox',
      status: 'recorded',
      relatedEntityType: input.relatedEntityType ?? null,
      relatedEntityId: input.relatedEntityId ?? null,
    },
    provider ? () => provider.send({ to, body: input.body }) : null,
  );
}

/** {@link MessagingService.listOutbox}. */
async function listOutbox(db: Database, input: ListOutboxInput): Promise<OutboxPage> {
  if (!Number.isInteger(input.page) || input.page < 1) throw invalid('page must be an integer >= 1');
  if (!Number.isInteger(input.pageSize) || input.pageSize < 1 || input.pageSize > maxOutboxPageSize) {
    throw invalid(`pageSize must be an integer from 1 to ${maxOutboxPageSize}`);
  }
  const filters: SQL[] = [];
  if (input.channel) filters.push(eq(outboxMessages.channel, input.channel));
  if (input.to) filters.push(eq(outboxMessages.toAddress, input.to.trim()));
  const where = filters.length > 0 ? and(...filters) : undefined;

  const items = await db
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [totalRow] = await db.select({ total: count() }).from(outboxMessages).where(where);
  return { items, total: totalRow?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

/**
 * Writes the outbox row (`recorded`); with a provider (`call`), sends and marks the row `sent` (with the
 * provider's message id) or `failed` (with its error text, then throws `MESSAGE_SEND_FAILED`); an email the server
 * refused permanently for its recipient also records the address BOUNCED (`email_suppression`, same transaction;
 * `isPermanentRecipientFailure`). A row whose
 * `idempotencyKey` is already taken is not written: the earlier row is returned and the provider is not called.
 */
async function deliver(
  db: Database,
  values: typeof outboxMessages.$inferInsert,
  call: (() => Promise<{ providerMessageId: string | null }>) | null,
): Promise<OutboxMessage> {
  const [row] = values.idempotencyKey
    ? await db.insert(outboxMessages).values(values).onConflictDoNothing().returning()
    : await db.insert(outboxMessages).values(values).returning();
  if (!row && values.idempotencyKey) {
    const earlier = await findByIdempotencyKey(db, values.idempotencyKey);
    if (earlier) return earlier;
  }
  if (!row) throw new Error('outbox insert returned no row');
  if (!call) return row;

  let update: Partial<typeof outboxMessages.$inferInsert>;
  let failure: MessagingError | null = null;
  let bounced = false;
  try {
    const result = await call();
    update = { status: 'sent', providerMessageId: result.providerMessageId, sentAt: new Date() };
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    update = { status: 'failed', error: text.slice(0, maxStoredErrorLength) || 'unknown error' };
    failure = new MessagingError(
      'MESSAGE_SEND_FAILED',
      `${values.channel} provider ${values.provider} failed to send outbox message ${row.id}`,
      row.id,
    );
    // A permanent refusal of the recipient puts the address on the suppression list (issue 24; decision 0065).
    bounced = values.channel === 'email' && isPermanentRecipientFailure(error);
  }
  const write = (executor: Executor) =>
    executor.update(outboxMessages).set(update).where(eq(outboxMessages.id, row.id)).returning();
  const [updated] = bounced
    ? await db.transaction(async (tx) => {
        const suppression = { address: values.toAddress, reason: 'BOUNCED' as const, detail: update.error };
        await recordEmailSuppression(tx, { ...suppression, outboxMessageId: row.id });
        return write(tx);
      })
    : await write(db);
  if (failure) throw failure;
  if (!updated) throw new Error(`outbox message ${row.id} vanished during send`);
  return updated;
}

function invalid(message: string): MessagingError {
  return new MessagingError('MESSAGE_INVALID', message);
}
