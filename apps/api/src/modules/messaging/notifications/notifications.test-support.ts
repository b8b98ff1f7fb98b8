/**
 * Fixtures of the notification tests: a family and a caregiver, signed in, with a match and its conversation, and
 * messages and message requests written straight into module messaging's tables (the conversation services are
 * another part's; these tests need only the rows).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { signInAs, type TestApp } from '../../../../test/helpers.ts';
import { caregiverListingFor, clientListingOf, guardianFor } from '../../matchmaking/entry.test-support.ts';
import { openMatch } from '../../matchmaking/matches.service.ts';
import { conversations, messageRequests, messages } from '../messaging.table.ts';

export interface Pair {
  family: { cookie: string; accountId: string; email: string };
  caregiver: { cookie: string; accountId: string; email: string };
  guardianId: string;
  clientId: string;
  caregiverId: string;
  matchId: string;
  conversationId: string;
}

/** A family (guardian record, client listing) and a caregiver (listing), matched, with their conversation. */
export async function matchedPair(t: TestApp): Promise<Pair> {
  const family = await signInAs(t, 'USER', `family-${randomUUID().slice(0, 8)}@example.org`);
  const caregiver = await signInAs(t, 'USER', `caregiver-${randomUUID().slice(0, 8)}@example.org`);
  const guardianId = await guardianFor(t, family.accountId);
  const clientId = await clientListingOf(t, guardianId);
  const caregiverId = await caregiverListingFor(t, caregiver.accountId);
  const match = await openMatch(t.database.db, { clientId, caregiverId, initiator: 'CLIENT' });
  const [conversation] = await t.database.db
    .insert(conversations)
    .values({ participantAId: clientId, participantBId: caregiverId, matchId: match.id })
    .returning({ id: conversations.id });
  return {
    family,
    caregiver,
    guardianId,
    clientId,
    caregiverId,
    matchId: match.id,
    conversationId: conversation?.id as string,
  };
}

/** Stores a message from the family to the caregiver (or the other way with `to: 'CLIENT'`); resolves its id. */
export async function storeMessage(
  t: TestApp,
  pair: Pair,
  to: 'CLIENT' | 'CAREGIVER' = 'CAREGIVER',
  content = 'Hello, are you free on Tuesdays?',
): Promise<string> {
  const toCaregiver = to === 'CAREGIVER';
  const [row] = await t.database.db
    .insert(messages)
    .values({
      senderId: toCaregiver ? pair.clientId : pair.caregiverId,
      senderType: toCaregiver ? 'CLIENT' : 'CAREGIVER',
      recipientId: toCaregiver ? pair.caregiverId : pair.clientId,
      recipientType: to,
      content,
      matchId: pair.matchId,
      conversationId: pair.conversationId,
    })
    .returning({ id: messages.id });
  return row?.id as string;
}

/** The `messageSent` payload of message `messageId` to `to`. */
export const sentPayload = (pair: Pair, messageId: string, to: 'CLIENT' | 'CAREGIVER' = 'CAREGIVER') => ({
  messageId,
  conversationId: pair.conversationId,
  recipientSide: to,
  recipientListingId: to === 'CAREGIVER' ? pair.caregiverId : pair.clientId,
});

/** Sets an account's phone (E.164) and language. */
export async function setAccount(
  t: TestApp,
  accountId: string,
  values: { phone?: string; locale?: 'en' | 'es' },
) {
  if (values.phone !== undefined)
    await t.database.db.execute(sql`update user_account set phone = ${values.phone} where id = ${accountId}`);
  if (values.locale !== undefined)
    await t.database.db.execute(
      sql`update user_account set locale = ${values.locale} where id = ${accountId}`,
    );
}

/** A message request from `sender`'s side of `pair`, sent `daysAgo` days ago, `accepted` as given. */
export async function requestSent(
  t: TestApp,
  pair: Pair,
  options: {
    daysAgo: number;
    sender?: 'CLIENT' | 'CAREGIVER';
    accepted?: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  },
): Promise<string> {
  const createdAt = new Date(Date.now() - options.daysAgo * 24 * 60 * 60 * 1000);
  const [row] = await t.database.db
    .insert(messageRequests)
    .values({
      content: 'Hi, I saw your profile.',
      clientId: pair.clientId,
      caregiverId: pair.caregiverId,
      senderType: options.sender ?? 'CLIENT',
      accepted: options.accepted ?? 'PENDING',
      createdAt,
    })
    .returning({ id: messageRequests.id });
  return row?.id as string;
}

/** Sets the caregiver listing's (or with `guardianId`, the guardian record's) email/SMS choices and phone. */
export async function setChoices(
  t: TestApp,
  table: 'tinder_caregiver' | 'guardian',
  id: string,
  values: { email?: boolean; sms?: boolean; phone?: string | null },
) {
  const name = sql.raw(table);
  if (values.email !== undefined)
    await t.database.db.execute(
      sql`update ${name} set email_notifications_enabled = ${values.email} where id = ${id}`,
    );
  if (values.sms !== undefined)
    await t.database.db.execute(
      sql`update ${name} set sms_notifications_enabled = ${values.sms} where id = ${id}`,
    );
  if (values.phone !== undefined)
    await t.database.db.execute(sql`update ${name} set phone_number = ${values.phone} where id = ${id}`);
}
