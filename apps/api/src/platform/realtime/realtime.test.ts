import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { defineClientEvent, defineServerEvent, realtimeEvents } from '@tend/contracts';
import { createTestApp, signInAs, testEngine, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, disconnected, emitAck, listening, nextEvent } from '../../../test/realtime.ts';
import { authSessions } from '../auth/auth.table.ts';
import { userAccounts } from '../auth/auth.table.ts';
import { AppError } from '../http/errors.ts';

// Test-only events: an echo that pushes to the caller's account, and a handler that refuses.
const echo = defineClientEvent({
  name: 'test:echo',
  payload: z.object({ text: z.string().min(1) }).strict(),
  ack: z.object({ text: z.string(), accountId: z.string() }),
});
const refuse = defineClientEvent({ name: 'test:refuse', payload: z.object({}), ack: z.null() });
const echoed = defineServerEvent({ name: 'test:echoed', payload: z.object({ text: z.string() }) });
// Answers what `ctx.remember` holds for `key` (a count of loads; `fail` makes the load throw).
const remembered = defineClientEvent({
  name: 'test:remembered',
  payload: z.object({ key: z.string(), fail: z.boolean() }).strict(),
  ack: z.number(),
});
let loads = 0;

let t: TestApp;
let address: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) => {
        app.deps.realtime.handle(echo, async ({ ctx }, payload) => {
          app.deps.realtime.toAccount(ctx.actor.userAccountId, echoed, { text: payload.text });
          return { text: payload.text, accountId: ctx.actor.userAccountId };
        });
        app.deps.realtime.handle(remembered, async ({ ctx }, { key, fail }) => {
          if (!ctx.remember) throw new Error('a socket context remembers');
          return ctx.remember(key, async () => {
            loads += 1;
            if (fail) throw new AppError('CONFLICT', 'load failed');
            return loads;
          });
        });
        app.deps.realtime.handle(refuse, async () => {
          throw new AppError('NOT_FOUND', 'Conversation not found');
        });
      },
    },
  );
  address = await listening(t);
});
afterAll(() => t.close());

describe('realtime channel (platform/realtime)', () => {
  it('refuses a handshake without a session, and one from another origin', async () => {
    await expect(connectSocket(address, null)).rejects.toThrow(/UNAUTHENTICATED/);
    const { cookie } = await signInAs(t, 'USER');
    await expect(connectSocket(address, cookie, { origin: 'https://evil.example' })).rejects.toThrow();
  });

  it('answers client events, validates payloads and pushes to every socket of the account', async () => {
    const { cookie, accountId } = await signInAs(t, 'USER');
    const first = await connectSocket(address, cookie);
    const second = await connectSocket(address, cookie);
    const other = await connectSocket(address, (await signInAs(t, 'USER')).cookie);
    try {
      const pushed = Promise.all([nextEvent(first, echoed), nextEvent(second, echoed)]);
      let otherGot = false;
      other.on(echoed.name, () => (otherGot = true));
      expect(await emitAck(first, echo, { text: 'hi' })).toEqual({
        ok: true,
        data: { text: 'hi', accountId },
      });
      expect(await pushed).toEqual([{ text: 'hi' }, { text: 'hi' }]);
      expect(otherGot).toBe(false);

      const invalid = await emitAck(first, echo, { text: '' });
      expect(invalid).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      if (!invalid.ok) expect(invalid.error.fields?.[0]?.path).toBe('text');
      expect(await emitAck(first, refuse, {})).toEqual({
        ok: false,
        error: { code: 'NOT_FOUND', message: 'Conversation not found' },
      });
      const ping = await emitAck(first, realtimeEvents.ping, { sentAt: 1 });
      expect(ping).toMatchObject({
        ok: true,
        data: { sentAt: 1, socketId: first.id, instanceId: t.app.deps.realtime.instanceId },
      });
      expect(await t.app.deps.realtime.socketCountOf(accountId)).toBe(2);
    } finally {
      for (const socket of [first, second, other]) socket.close();
    }
  });

  it('remembers per socket until an account changes, and forgets a failed load', async () => {
    const { cookie, accountId } = await signInAs(t, 'USER');
    const first = await connectSocket(address, cookie);
    const second = await connectSocket(address, cookie);
    try {
      const ask = (socket: typeof first, key = 'account', fail = false) =>
        emitAck(socket, remembered, { key, fail });
      const once = await ask(first);
      expect(once).toMatchObject({ ok: true });
      expect(await ask(first)).toEqual(once);
      // Another socket of the same account reads for itself.
      expect(await ask(second)).not.toEqual(once);

      await t.database.db
        .update(userAccounts)
        .set({ fullName: 'Renamed Person' })
        .where(eq(userAccounts.id, accountId));
      const after = await ask(first);
      expect(after).toMatchObject({ ok: true });
      expect(after).not.toEqual(once);

      expect(await ask(first, 'failing', true)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
      const before = loads;
      await ask(first, 'failing', true);
      expect(loads).toBe(before + 1);
    } finally {
      first.close();
      second.close();
    }
  });

  it('ends a socket when its session is deleted or its account deactivated', async () => {
    const one = await signInAs(t, 'USER');
    const two = await signInAs(t, 'USER');
    const socketOne = await connectSocket(address, one.cookie);
    const socketTwo = await connectSocket(address, two.cookie);
    try {
      const ended = nextEvent(socketOne, realtimeEvents.ended);
      const gone = disconnected(socketOne);
      const [account] = await t.database.db
        .select({ authUserId: userAccounts.authUserId })
        .from(userAccounts)
        .where(eq(userAccounts.id, one.accountId));
      await t.database.db.delete(authSessions).where(eq(authSessions.userId, account?.authUserId as string));
      expect(await ended).toEqual({ reason: 'session ended' });
      await gone;
      expect(socketTwo.connected).toBe(true);

      const goneTwo = disconnected(socketTwo);
      await t.database.db
        .update(userAccounts)
        .set({ isActive: false })
        .where(eq(userAccounts.id, two.accountId));
      await goneTwo;
      await expect(connectSocket(address, two.cookie)).rejects.toThrow(/UNAUTHENTICATED/);
    } finally {
      socketOne.close();
      socketTwo.close();
    }
  });

  it.runIf(testEngine === 'postgres')(
    'reaches a socket on another instance through the PostgreSQL adapter',
    async () => {
      const second = await createTestApp({}, { database: t.database });
      try {
        const secondAddress = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const { cookie, accountId } = await signInAs(t, 'USER');
        const onSecond = await connectSocket(secondAddress, cookie);
        try {
          const received = nextEvent(onSecond, echoed);
          // Pushed by the first instance, delivered by the second.
          t.app.deps.realtime.toAccount(accountId, echoed, { text: 'across' });
          expect(await received).toEqual({ text: 'across' });
          expect(await t.app.deps.realtime.socketCountOf(accountId)).toBe(1);
          expect(await t.app.deps.realtime.isConnected(onSecond.id as string)).toBe(true);
        } finally {
          onSecond.close();
        }
      } finally {
        await second.app.close();
      }
    },
  );
});
