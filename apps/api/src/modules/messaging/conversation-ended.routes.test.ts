import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { conversationEvents } from '@tend/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, emitAck, listening } from '../../../test/realtime.ts';
import { messages } from './messaging.table.ts';
import { conversationOf, matchedPair, stranger } from './messaging.test-support.ts';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await listening(t);
});
afterAll(() => t.close());

const base = (id: string) => `/api/matchmaking/conversations/${id}`;
const endedError = { path: 'conversation', message: 'the match has ended' };

/** A matched pair with a conversation and one message of the family's, sent before anything ended. */
async function pairWithMessage() {
  const pair = await matchedPair(t);
  const id = await conversationOf(pair);
  await t.database.db.execute(
    sql`update user_account set phone = '+13055550123' where id = ${pair.family.accountId}`,
  );
  const sent = await pair.family.call({
    method: 'POST',
    url: `${base(id)}/messages`,
    payload: { content: 'Hi' },
  });
  expect(sent.statusCode).toBe(201);
  return { pair, id, messageId: sent.json<{ id: string }>().id };
}

/** Send, edit and share contact as `call`; every status code. */
async function writes(
  call: Awaited<ReturnType<typeof matchedPair>>['family']['call'],
  id: string,
  messageId: string,
) {
  const send = await call({
    method: 'POST',
    url: `${base(id)}/messages`,
    payload: { content: 'Still there?' },
  });
  const edit = await call({
    method: 'PUT',
    url: `${base(id)}/messages/${messageId}`,
    payload: { content: 'Changed' },
  });
  const share = await call({ method: 'POST', url: `${base(id)}/share-contact` });
  return [send, edit, share];
}

describe('writing in an ended conversation (decision 0058 addendum)', () => {
  it('is open before the match ends, and shows ended: false', async () => {
    const { pair } = await pairWithMessage();
    const open = await pair.caregiver.call({
      method: 'GET',
      url: `/api/matchmaking/matches/${pair.matchId}/conversation`,
    });
    expect(open.json().conversation.ended).toBe(false);
  });

  it('refuses send, edit and share contact with 409 on `conversation` once a side ended the match; reading works', async () => {
    const { pair, id, messageId } = await pairWithMessage();
    const ended = await pair.caregiver.call({
      method: 'POST',
      url: `/api/matchmaking/matches/${pair.matchId}/end`,
    });
    expect(ended.statusCode).toBe(200);
    for (const response of await writes(pair.family.call, id, messageId)) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', errors: [endedError] });
    }
    const caregiverSend = await pair.caregiver.call({
      method: 'POST',
      url: `${base(id)}/messages`,
      payload: { content: 'Bye' },
    });
    expect(caregiverSend.statusCode).toBe(409);
    const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows.map((row) => row.content)).toEqual(['Hi']);
    const read = await pair.family.call({
      method: 'GET',
      url: `/api/matchmaking/matches/${pair.matchId}/conversation`,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().conversation.ended).toBe(true);
    expect(read.json().messages.items).toHaveLength(1);
    const list = await pair.caregiver.call({ method: 'GET', url: '/api/matchmaking/conversations' });
    expect(list.json().items.find((item: { id: string }) => item.id === id).ended).toBe(true);
    const markRead = await pair.caregiver.call({ method: 'POST', url: `${base(id)}/read` });
    expect(markRead.statusCode).toBe(200);
  });

  it('refuses the socket send with CONFLICT once the case manager declined (match REJECTED)', async () => {
    const { pair, id } = await pairWithMessage();
    await t.database.db.execute(sql`update match set status = 'REJECTED' where id = ${pair.matchId}`);
    const socket = await connectSocket(address, pair.family.cookie);
    try {
      const ack = await emitAck(socket, conversationEvents.send, { conversationId: id, content: 'Hello?' });
      expect(ack).toMatchObject({ ok: false, error: { code: 'CONFLICT', fields: [endedError] } });
    } finally {
      socket.close();
    }
  });

  it('refuses writing when either listing is archived, for both sides', async () => {
    const { pair, id, messageId } = await pairWithMessage();
    await t.database.db.execute(
      sql`update tinder_caregiver set archived = true where id = ${pair.caregiver.listingId}`,
    );
    for (const response of await writes(pair.family.call, id, messageId))
      expect(response.statusCode).toBe(409);
    const second = await pairWithMessage();
    await t.database.db.execute(
      sql`update tinder_client set archived = true where id = ${second.pair.family.listingId}`,
    );
    const [send] = await writes(second.pair.caregiver.call, second.id, second.messageId);
    expect(send!.statusCode).toBe(409);
    expect(send!.json().errors).toEqual([endedError]);
  });

  it('still answers 404 (not 409) to someone who is not a participant of an ended conversation', async () => {
    const { pair, id, messageId } = await pairWithMessage();
    await pair.caregiver.call({ method: 'POST', url: `/api/matchmaking/matches/${pair.matchId}/end` });
    for (const response of await writes((await stranger(t)).call, id, messageId))
      expect(response.statusCode).toBe(404);
  });
});
