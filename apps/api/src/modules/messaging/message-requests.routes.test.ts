import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversationEvents } from '@tend/contracts';
import { auditEvents } from '../../platform/audit/audit.table.ts';
import { as, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, listening, nextEvent } from '../../../test/realtime.ts';
import { matchedPair, stranger, twoSides } from './messaging.test-support.ts';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await listening(t);
});
afterAll(() => t.close());

const url = '/api/matchmaking/message-requests';
const request = (call: ReturnType<typeof as>, payload: object) => call({ method: 'POST', url, payload });
const decide = (call: ReturnType<typeof as>, id: string, decision: string) =>
  call({ method: 'POST', url: `${url}/${id}/decision`, payload: { decision } });

describe('POST /api/matchmaking/message-requests', () => {
  it('sends a request the other side sees, read once listed, with a push to their account', async () => {
    const { family, caregiver } = await twoSides(t);
    const socket = await connectSocket(address, caregiver.cookie);
    try {
      const pushed = nextEvent(socket, conversationEvents.inboxChanged);
      const sent = await request(family.call, {
        fromListingId: family.listingId,
        toListingId: caregiver.listingId,
        content: 'Hello, could you help my father on weekdays?',
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({
        senderSide: 'CLIENT',
        fromMe: true,
        clientListingId: family.listingId,
        caregiverListingId: caregiver.listingId,
        other: { side: 'CAREGIVER', firstName: 'María', lastInitial: 'N' },
        status: 'PENDING',
        isRead: false,
        conversationId: null,
      });
      expect(await pushed).toEqual({ reason: 'request' });
    } finally {
      socket.close();
    }
    const received = (await caregiver.call({ method: 'GET', url })).json();
    expect(received.items).toHaveLength(1);
    expect(received.items[0]).toMatchObject({ fromMe: false, other: { side: 'CLIENT', firstName: 'Pablo' } });
    const again = (await caregiver.call({ method: 'GET', url })).json();
    expect(again.items[0].isRead).toBe(true);
    const [audit] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, received.items[0].id));
    expect(JSON.stringify(audit)).not.toContain('father');
  });

  it('refuses contact details with CONTACT_DETAILS unless confirmed, and stores nothing meanwhile', async () => {
    const { family, caregiver } = await twoSides(t);
    const payload = {
      fromListingId: caregiver.listingId,
      toListingId: family.listingId,
      content: 'Text me at 305-555-0199 or rosa@example.com',
    };
    const refused = await request(caregiver.call, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONTACT_DETAILS',
      errors: [{ path: 'content', message: 'phone, email' }],
    });
    expect((await caregiver.call({ method: 'GET', url })).json().items).toEqual([]);
    const confirmed = await request(caregiver.call, { ...payload, confirmFlagged: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().senderSide).toBe('CAREGIVER');
  });

  it('refuses a second pending request, and a listing that is not the caller’s or does not exist', async () => {
    const { family, caregiver } = await twoSides(t);
    const payload = { fromListingId: family.listingId, toListingId: caregiver.listingId, content: 'Hi' };
    expect((await request(family.call, payload)).statusCode).toBe(201);
    const twice = await request(family.call, payload);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].path).toBe('toListingId');
    const third = await stranger(t);
    expect((await request(third.call, payload)).statusCode).toBe(404);
    expect((await request(family.call, { ...payload, toListingId: randomUUID() })).statusCode).toBe(404);
    expect((await request(family.call, { ...payload, toListingId: family.listingId })).statusCode).toBe(404);
    const bad = await request(family.call, { ...payload, toListingId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('toListingId');
    expect((await as(t, null)({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a request to a listing the caller already has a conversation with', async () => {
    const pair = await matchedPair(t);
    await pair.family.call({ method: 'GET', url: `/api/matchmaking/matches/${pair.matchId}/conversation` });
    const response = await request(pair.caregiver.call, {
      fromListingId: pair.caregiver.listingId,
      toListingId: pair.family.listingId,
      content: 'Hi again',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /api/matchmaking/message-requests/:id/decision', () => {
  it('accepting opens the match and its conversation with the request as the first message', async () => {
    const { family, caregiver } = await twoSides(t);
    const sent = (
      await request(family.call, {
        fromListingId: family.listingId,
        toListingId: caregiver.listingId,
        content: 'Would you meet us on Tuesday?',
      })
    ).json();
    expect((await decide(family.call, sent.id, 'accept')).statusCode).toBe(409);
    const third = await stranger(t);
    expect((await decide(third.call, sent.id, 'accept')).statusCode).toBe(404);
    const socket = await connectSocket(address, family.cookie);
    try {
      const pushed = nextEvent(socket, conversationEvents.message);
      const accepted = await decide(caregiver.call, sent.id, 'accept');
      expect(accepted.statusCode).toBe(200);
      const body = accepted.json();
      expect(body).toMatchObject({ status: 'ACCEPTED', fromMe: false, closedReason: null });
      expect(body.conversationId).toEqual(expect.any(String));
      expect(body.matchId).toEqual(expect.any(String));
      expect(await pushed).toMatchObject({ content: 'Would you meet us on Tuesday?', fromMe: true });
      const opened = (
        await caregiver.call({ method: 'GET', url: `/api/matchmaking/matches/${body.matchId}/conversation` })
      ).json();
      expect(opened.conversation.id).toBe(body.conversationId);
      expect(opened.messages.items).toMatchObject([
        { content: 'Would you meet us on Tuesday?', senderSide: 'CLIENT', fromMe: false },
      ]);
      expect(opened.conversation.unreadCount).toBe(1);
    } finally {
      socket.close();
    }
    expect((await decide(caregiver.call, sent.id, 'accept')).statusCode).toBe(200);
    expect((await decide(caregiver.call, sent.id, 'decline')).statusCode).toBe(409);
  });

  it('declining closes the request without a conversation', async () => {
    const { family, caregiver } = await twoSides(t);
    const sent = (
      await request(caregiver.call, {
        fromListingId: caregiver.listingId,
        toListingId: family.listingId,
        content: 'I can help on weekends.',
      })
    ).json();
    const declined = (await decide(family.call, sent.id, 'decline')).json();
    expect(declined).toMatchObject({ status: 'REJECTED', closedReason: 'declined', conversationId: null });
    expect(
      (await family.call({ method: 'GET', url: '/api/matchmaking/conversations' })).json().items,
    ).toEqual([]);
    const bad = await decide(family.call, sent.id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('decision');
  });
});
