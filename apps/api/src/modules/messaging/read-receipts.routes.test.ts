/**
 * Read receipts on by default, and off at the owner's choice (decision 0058 addendum), both engines: when the reader
 * turned them off, reading sets no `read_at` (delivered still does) and the writer's socket gets a delivered-only
 * receipt; the person who turned them off sees no read times of others either; the switch is 400 on a bad value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversationEvents } from '@tend/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, listening, nextEvent } from '../../../test/realtime.ts';
import { messages } from './messaging.table.ts';
import { conversationOf, matchedPair, stranger } from './messaging.test-support.ts';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await listening(t);
});
afterAll(() => t.close());

const settingsUrl = '/api/matchmaking/notification-settings';
const base = (id: string) => `/api/matchmaking/conversations/${id}`;

describe('read receipts', () => {
  it('are on by default: reading sets read_at and the writer sees it', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    await pair.family.call({ method: 'POST', url: `${base(id)}/messages`, payload: { content: 'Hi' } });
    expect((await pair.caregiver.call({ method: 'POST', url: `${base(id)}/read` })).json()).toEqual({
      read: 1,
    });
    const page = await pair.family.call({ method: 'GET', url: `${base(id)}/messages` });
    expect(page.json().items[0].readAt).toEqual(expect.any(String));
  });

  it('off for the reader: no read_at, a delivered-only receipt, unread count cleared, no read times seen', async () => {
    const pair = await matchedPair(t);
    const id = await conversationOf(pair);
    const off = await pair.caregiver.call({
      method: 'PUT',
      url: settingsUrl,
      payload: {
        side: 'caregiver',
        emailNotificationsEnabled: true,
        smsNotificationsEnabled: false,
        readReceiptsEnabled: false,
      },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ readReceiptsEnabled: false });
    await pair.family.call({ method: 'POST', url: `${base(id)}/messages`, payload: { content: 'Hi' } });
    const socket = await connectSocket(address, pair.family.cookie);
    try {
      const receipt = nextEvent(socket, conversationEvents.receipt);
      expect((await pair.caregiver.call({ method: 'POST', url: `${base(id)}/read` })).json()).toEqual({
        read: 1,
      });
      expect(await receipt).toMatchObject({ deliveredAt: expect.any(String), readAt: null });
    } finally {
      socket.close();
    }
    const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, id));
    expect(rows[0]).toMatchObject({ isRead: true, readAt: null });
    expect(rows[0]!.deliveredAt).toBeInstanceOf(Date);
    const list = await pair.caregiver.call({ method: 'GET', url: '/api/matchmaking/conversations' });
    expect(list.json().items.find((item: { id: string }) => item.id === id).unreadCount).toBe(0);
    // Reciprocal: the caregiver's own message, read by the family (receipts on), shows no read time to them.
    await pair.caregiver.call({ method: 'POST', url: `${base(id)}/messages`, payload: { content: 'Hello' } });
    await pair.family.call({ method: 'POST', url: `${base(id)}/read` });
    const mine = await pair.caregiver.call({ method: 'GET', url: `${base(id)}/messages` });
    expect(mine.json().items.map((m: { readAt: string | null }) => m.readAt)).toEqual([null, null]);
    const opened = await pair.caregiver.call({
      method: 'GET',
      url: `/api/matchmaking/matches/${pair.matchId}/conversation`,
    });
    expect(opened.json().messages.items.every((m: { readAt: string | null }) => m.readAt === null)).toBe(
      true,
    );
  });

  it('keeps the switch when an older client sends only the two notification choices; 400 on a bad value; 404 off-side', async () => {
    const pair = await matchedPair(t);
    const put = (payload: object) => pair.family.call({ method: 'PUT', url: settingsUrl, payload });
    await put({
      side: 'client',
      emailNotificationsEnabled: true,
      smsNotificationsEnabled: false,
      readReceiptsEnabled: false,
    });
    const older = await put({
      side: 'client',
      emailNotificationsEnabled: false,
      smsNotificationsEnabled: false,
    });
    expect(older.json()).toMatchObject({ readReceiptsEnabled: false, emailNotificationsEnabled: false });
    const bad = await put({
      side: 'client',
      emailNotificationsEnabled: true,
      smsNotificationsEnabled: false,
      readReceiptsEnabled: 'no',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'readReceiptsEnabled', message: 'must be true or false' }]);
    const third = await stranger(t);
    const caregiverSide = await third.call({
      method: 'PUT',
      url: settingsUrl,
      payload: {
        side: 'caregiver',
        emailNotificationsEnabled: true,
        smsNotificationsEnabled: false,
        readReceiptsEnabled: false,
      },
    });
    expect(caregiverSide.statusCode).toBe(404);
  });
});
