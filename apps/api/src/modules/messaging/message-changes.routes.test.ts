import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { conversationEvents } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, disconnected, emitAck, listening, nextEvent } from '../../../test/realtime.ts';
import { messages } from './messaging.table.ts';
import { conversationOf, matchedPair, stranger } from './messaging.test-support.ts';
import { isOnline, isViewingConversation } from './presence.service.ts';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await listening(t);
});
afterAll(() => t.close());

const messagesUrl = (id: string) => `/api/matchmaking/conversations/${id}/messages`;

describe('PUT /api/matchmaking/conversations/:id/messages/:messageId', () => {
  it('corrects the writer’s own message, keeps the first wording for admins, and pushes the change', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const sent = (
      await pair.family.call({ method: 'POST', url: messagesUrl(id), payload: { content: 'See you Munday' } })
    ).json();
    const socket = await connectSocket(address, pair.caregiver.cookie);
    try {
      const pushed = nextEvent(socket, conversationEvents.edited);
      const edited = await pair.family.call({
        method: 'PUT',
        url: `${messagesUrl(id)}/${sent.id}`,
        payload: { content: 'See you Monday' },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ content: 'See you Monday', originalContent: null });
      expect(edited.json().editedAt).toEqual(expect.any(String));
      expect(await pushed).toMatchObject({ id: sent.id, content: 'See you Monday', fromMe: false });
    } finally {
      socket.close();
    }
    await pair.family.call({
      method: 'PUT',
      url: `${messagesUrl(id)}/${sent.id}`,
      payload: { content: 'Monday!' },
    });
    const [row] = await t.database.db.select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ content: 'Monday!', originalContent: 'See you Munday' });
  });

  it('is 404 for the other side’s message, a third user and an unknown message; CONTACT_DETAILS applies', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const sent = (
      await pair.family.call({ method: 'POST', url: messagesUrl(id), payload: { content: 'Hi' } })
    ).json();
    const edit = (call: typeof pair.family.call, messageId: string, content = 'Changed') =>
      call({ method: 'PUT', url: `${messagesUrl(id)}/${messageId}`, payload: { content } });
    expect((await edit(pair.caregiver.call, sent.id)).statusCode).toBe(404);
    expect((await edit((await stranger(t)).call, sent.id)).statusCode).toBe(404);
    expect((await edit(pair.family.call, randomUUID())).statusCode).toBe(404);
    const flagged = await edit(pair.family.call, sent.id, 'mail me: pablo@example.com');
    expect(flagged.statusCode).toBe(409);
    expect(flagged.json().errors).toEqual([{ path: 'content', message: 'email' }]);
  });
});

describe('POST /api/matchmaking/conversations/:id/share-contact', () => {
  it('posts the caller’s phone and email as a contact_share message, audited without them', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    await t.database.db.execute(
      sql`update user_account set phone = '+13055550199' where id = ${pair.caregiver.accountId}`,
    );
    const shared = await pair.caregiver.call({
      method: 'POST',
      url: `/api/matchmaking/conversations/${id}/share-contact`,
    });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ kind: 'contact_share', fromMe: true, senderSide: 'CAREGIVER' });
    expect(shared.json().content).toMatch(/^\+13055550199\n.+@example\.org$/);
    const list = (await pair.family.call({ method: 'GET', url: '/api/matchmaking/conversations' })).json();
    expect(list.items[0].contactShared).toEqual({ mine: false, theirs: true });
    const [audit] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'conversation.share_contact'));
    expect(audit?.details).toMatchObject({ shared: ['phone', 'email'] });
    expect(JSON.stringify(audit)).not.toContain('3055550199');
    const third = await stranger(t);
    expect(
      (await third.call({ method: 'POST', url: `/api/matchmaking/conversations/${id}/share-contact` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('receipts, typing and presence over the socket', () => {
  it('delivers, shows typing to the other page only, and tracks presence', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const familySocket = await connectSocket(address, pair.family.cookie);
    try {
      const online = nextEvent(familySocket, conversationEvents.presence);
      const caregiverSocket = await connectSocket(address, pair.caregiver.cookie);
      expect(await online).toMatchObject({
        side: 'CAREGIVER',
        listingId: pair.caregiver.listingId,
        online: true,
      });
      expect(
        await isOnline({ db: t.database.db, realtime: t.app.deps.realtime }, pair.caregiver.accountId),
      ).toBe(true);

      for (const socket of [familySocket, caregiverSocket])
        expect(await emitAck(socket, conversationEvents.join, { conversationId: id })).toMatchObject({
          ok: true,
        });
      const deps = { db: t.database.db, realtime: t.app.deps.realtime };
      expect(await isViewingConversation(deps, pair.caregiver.accountId, id)).toBe(true);
      expect(await isViewingConversation(deps, pair.caregiver.accountId, randomUUID())).toBe(false);

      const typed = nextEvent(caregiverSocket, conversationEvents.typingChanged);
      let echoed = false;
      familySocket.on(conversationEvents.typingChanged.name, () => (echoed = true));
      expect(
        await emitAck(familySocket, conversationEvents.typing, { conversationId: id, typing: true }),
      ).toEqual({
        ok: true,
        data: null,
      });
      expect(await typed).toEqual({ conversationId: id, side: 'CLIENT', typing: true });

      const sent = await emitAck(familySocket, conversationEvents.send, {
        conversationId: id,
        content: 'Ping',
      });
      const messageId = sent.ok ? sent.data.id : '';
      const receipt = nextEvent(familySocket, conversationEvents.receipt);
      expect(
        await emitAck(caregiverSocket, conversationEvents.delivered, { conversationId: id, messageId }),
      ).toEqual({ ok: true, data: null });
      expect(await receipt).toMatchObject({ messageIds: [messageId], readAt: null });
      expect(echoed).toBe(false);

      const third = await connectSocket(address, (await stranger(t)).cookie);
      for (const [event, payload] of [
        [conversationEvents.typing, { conversationId: id, typing: true }],
        [conversationEvents.delivered, { conversationId: id, messageId }],
      ] as const)
        expect(
          await emitAck(third, event as typeof conversationEvents.typing, payload as never),
        ).toMatchObject({
          ok: false,
          error: { code: 'NOT_FOUND' },
        });
      third.close();

      expect(await emitAck(caregiverSocket, conversationEvents.leave, { conversationId: id })).toEqual({
        ok: true,
        data: null,
      });
      expect(await isViewingConversation(deps, pair.caregiver.accountId, id)).toBe(false);
      const offline = nextEvent(familySocket, conversationEvents.presence);
      caregiverSocket.close();
      expect(await offline).toMatchObject({ side: 'CAREGIVER', online: false });
      expect((await offline).lastSeenAt).toEqual(expect.any(String));
      expect(await isOnline(deps, pair.caregiver.accountId)).toBe(false);
      const list = (await pair.family.call({ method: 'GET', url: '/api/matchmaking/conversations' })).json();
      expect(list.items[0].other).toMatchObject({ online: false, lastSeenAt: expect.any(String) });
    } finally {
      familySocket.close();
      await disconnected(familySocket).catch(() => undefined);
    }
  });
});
