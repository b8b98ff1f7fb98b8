import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { conversationEvents } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, emitAck, listening, nextEvent } from '../../../test/realtime.ts';
import { conversationOf, matchedPair, stranger } from './messaging.test-support.ts';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await listening(t);
});
afterAll(() => t.close());

const send = (call: ReturnType<typeof as>, id: string, payload: object) =>
  call({ method: 'POST', url: `/api/matchmaking/conversations/${id}/messages`, payload });

describe('GET /api/matchmaking/matches/:matchId/conversation', () => {
  it('opens the match’s conversation once, for either side, with the other side’s card', async () => {
    const pair = await matchedPair(t);
    const first = await pair.family.call({
      method: 'GET',
      url: `/api/matchmaking/matches/${pair.matchId}/conversation`,
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.conversation).toMatchObject({
      matchId: pair.matchId,
      me: { side: 'CLIENT', listingId: pair.family.listingId, firstName: 'Pablo' },
      other: { side: 'CAREGIVER', listingId: pair.caregiver.listingId, firstName: 'María', lastInitial: 'N' },
      lastMessage: null,
      unreadCount: 0,
    });
    expect(body.messages).toEqual({ items: [], hasOlder: false });
    const second = await pair.caregiver.call({
      method: 'GET',
      url: `/api/matchmaking/matches/${pair.matchId}/conversation`,
    });
    expect(second.json().conversation).toMatchObject({
      id: body.conversation.id,
      me: { side: 'CAREGIVER' },
      other: { side: 'CLIENT', firstName: 'Pablo', lastInitial: 'R' },
    });
    const opened = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'conversation.open'), eq(auditEvents.entityId, body.conversation.id)),
      );
    expect(opened).toHaveLength(1);
  });

  it('is 404 for a third user and for an unknown match, 401 without a session', async () => {
    const pair = await matchedPair(t);
    const third = await stranger(t);
    const url = `/api/matchmaking/matches/${pair.matchId}/conversation`;
    const refused = await third.call({ method: 'GET', url });
    const unknown = await third.call({
      method: 'GET',
      url: `/api/matchmaking/matches/${randomUUID()}/conversation`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().title).toBe(unknown.json().title);
    expect((await as(t, null)({ method: 'GET', url })).statusCode).toBe(401);
    expect(
      (await pair.family.call({ method: 'GET', url: url.replace(pair.matchId, 'nope') })).statusCode,
    ).toBe(400);
  });
});

describe('messages over HTTP', () => {
  it('sends, lists with unread counts, pages history and marks read', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const sent = await send(pair.family.call, id, { content: 'Hello María, are you free on Mondays?' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      conversationId: id,
      kind: 'text',
      senderSide: 'CLIENT',
      fromMe: true,
      senderName: 'Pablo',
      readAt: null,
      flags: [],
    });
    for (const n of [1, 2, 3]) await send(pair.caregiver.call, id, { content: `Answer ${n}` });

    const familyList = (
      await pair.family.call({ method: 'GET', url: '/api/matchmaking/conversations' })
    ).json();
    expect(familyList.items).toHaveLength(1);
    expect(familyList.items[0]).toMatchObject({
      id,
      unreadCount: 3,
      lastMessage: { preview: 'Answer 3', fromMe: false },
    });
    const caregiverList = (
      await pair.caregiver.call({ method: 'GET', url: '/api/matchmaking/conversations' })
    ).json();
    expect(caregiverList.items[0]).toMatchObject({ id, unreadCount: 1, lastMessage: { fromMe: true } });

    const newest = (
      await pair.family.call({ method: 'GET', url: `/api/matchmaking/conversations/${id}/messages?limit=2` })
    ).json();
    expect(newest.items.map((m: { content: string }) => m.content)).toEqual(['Answer 2', 'Answer 3']);
    expect(newest.hasOlder).toBe(true);
    const older = (
      await pair.family.call({
        method: 'GET',
        url: `/api/matchmaking/conversations/${id}/messages?limit=2&before=${newest.items[0].id}`,
      })
    ).json();
    expect(older.items.map((m: { content: string }) => m.content)).toEqual([
      'Hello María, are you free on Mondays?',
      'Answer 1',
    ]);
    expect(older.hasOlder).toBe(false);
    const after = (
      await pair.family.call({
        method: 'GET',
        url: `/api/matchmaking/conversations/${id}/messages?after=${older.items[1].id}`,
      })
    ).json();
    expect(after.items.map((m: { content: string }) => m.content)).toEqual(['Answer 2', 'Answer 3']);
    const badCursor = await pair.family.call({
      method: 'GET',
      url: `/api/matchmaking/conversations/${id}/messages?before=${randomUUID()}`,
    });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errors[0].path).toBe('before');

    const read = await pair.family.call({ method: 'POST', url: `/api/matchmaking/conversations/${id}/read` });
    expect(read.json()).toEqual({ read: 3 });
    const again = (await pair.family.call({ method: 'GET', url: '/api/matchmaking/conversations' })).json();
    expect(again.items[0].unreadCount).toBe(0);
    const seen = (
      await pair.caregiver.call({ method: 'GET', url: `/api/matchmaking/conversations/${id}/messages` })
    ).json();
    expect(
      seen.items.filter((m: { fromMe: boolean; readAt: string | null }) => m.fromMe && m.readAt),
    ).toHaveLength(3);
  });

  it('stores a resend with the same clientMessageId once', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const clientMessageId = randomUUID();
    const first = await send(pair.family.call, id, { content: 'Once', clientMessageId });
    const second = await send(pair.family.call, id, { content: 'Once', clientMessageId });
    expect(second.json().id).toBe(first.json().id);
    const page = (
      await pair.family.call({ method: 'GET', url: `/api/matchmaking/conversations/${id}/messages` })
    ).json();
    expect(page.items).toHaveLength(1);
  });

  it('refuses an empty message with 400 on content, and everything to a third user with 404', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const empty = await send(pair.family.call, id, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('content');
    const flagged = await send(pair.family.call, id, { content: 'Pay me by Venmo' });
    expect(flagged.statusCode).toBe(409);
    expect(flagged.json()).toMatchObject({
      code: 'CONTACT_DETAILS',
      errors: [{ path: 'content', message: 'cash' }],
    });
    const confirmed = await send(pair.family.call, id, { content: 'Pay me by Venmo', confirmFlagged: true });
    expect(confirmed.json()).toMatchObject({ flags: ['cash'] });
    const third = await stranger(t);
    expect((await send(third.call, id, { content: 'Hi' })).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', `/api/matchmaking/conversations/${id}/messages`],
      ['POST', `/api/matchmaking/conversations/${id}/read`],
    ] as const)
      expect((await third.call({ method, url })).statusCode).toBe(404);
    const list = (await third.call({ method: 'GET', url: '/api/matchmaking/conversations' })).json();
    expect(list.items).toEqual([]);
    expect(
      (
        await third.call({
          method: 'GET',
          url: `/api/matchmaking/conversations?listingId=${pair.family.listingId}`,
        })
      ).statusCode,
    ).toBe(404);
    const audited = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'message.send'));
    expect(JSON.stringify(audited)).not.toContain('Hello');
  });
});

describe('messages over the socket', () => {
  it('joins, sends with an ack, pushes to the other side, reads with a receipt', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const familySocket = await connectSocket(address, pair.family.cookie);
    const caregiverSocket = await connectSocket(address, pair.caregiver.cookie);
    try {
      expect(await emitAck(familySocket, conversationEvents.join, { conversationId: id })).toEqual({
        ok: true,
        data: { conversationId: id },
      });
      const pushed = nextEvent(caregiverSocket, conversationEvents.message);
      const inbox = nextEvent(caregiverSocket, conversationEvents.inboxChanged);
      const ack = await emitAck(familySocket, conversationEvents.send, {
        conversationId: id,
        content: 'Over the socket',
      });
      expect(ack).toMatchObject({ ok: true, data: { content: 'Over the socket', fromMe: true } });
      expect(await pushed).toMatchObject({
        conversationId: id,
        content: 'Over the socket',
        fromMe: false,
        senderSide: 'CLIENT',
      });
      expect(await inbox).toEqual({ reason: 'message' });

      const receipt = nextEvent(familySocket, conversationEvents.receipt);
      expect(await emitAck(caregiverSocket, conversationEvents.read, { conversationId: id })).toEqual({
        ok: true,
        data: { read: 1 },
      });
      expect(await receipt).toMatchObject({ conversationId: id, messageIds: [ack.ok ? ack.data.id : ''] });
    } finally {
      familySocket.close();
      caregiverSocket.close();
    }
  });

  it('answers a third user NOT_FOUND on every event and pushes them nothing', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const third = await stranger(t);
    const socket = await connectSocket(address, third.cookie);
    try {
      let got = false;
      socket.on(conversationEvents.message.name, () => (got = true));
      for (const [event, payload] of [
        [conversationEvents.join, { conversationId: id }],
        [conversationEvents.send, { conversationId: id, content: 'Let me in' }],
        [conversationEvents.read, { conversationId: id }],
      ] as const)
        expect(
          await emitAck(socket, event as typeof conversationEvents.join, payload as never),
        ).toMatchObject({
          ok: false,
          error: { code: 'NOT_FOUND' },
        });
      await send(pair.family.call, id, { content: 'Private' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(got).toBe(false);
    } finally {
      socket.close();
    }
  });
});
