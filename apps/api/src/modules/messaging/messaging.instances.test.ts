import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationEvents } from '@tend/contracts';
import { createTestApp, testEngine, type TestApp } from '../../../test/helpers.ts';
import { connectSocket, emitAck, listening, nextEvent } from '../../../test/realtime.ts';
import { conversationOf, matchedPair } from './messaging.test-support.ts';
import { isOnline } from './presence.service.ts';

let t: TestApp;
let address: string;
beforeAll(async () => {
  t = await createTestApp();
  address = await listening(t);
});
afterAll(() => t.close());

describe('conversations across two API instances (issue 22)', () => {
  it.runIf(testEngine === 'postgres')(
    'a message sent on instance 1 reaches the recipient’s socket on instance 2',
    async () => {
      const second = await createTestApp({}, { database: t.database });
      try {
        const secondAddress = await second.app.listen({ port: 0, host: '127.0.0.1' });
        const pair = await matchedPair(t);
        const id = await conversationOf(pair);
        const sender = await connectSocket(address, pair.family.cookie);
        const recipient = await connectSocket(secondAddress, pair.caregiver.cookie);
        try {
          expect(
            await isOnline({ db: t.database.db, realtime: t.app.deps.realtime }, pair.caregiver.accountId),
          ).toBe(true);
          expect(await emitAck(recipient, conversationEvents.join, { conversationId: id })).toMatchObject({
            ok: true,
          });
          const pushed = nextEvent(recipient, conversationEvents.message);
          const typed = nextEvent(recipient, conversationEvents.typingChanged);
          await emitAck(sender, conversationEvents.join, { conversationId: id });
          await emitAck(sender, conversationEvents.typing, { conversationId: id, typing: true });
          expect(await typed).toMatchObject({ side: 'CLIENT', typing: true });
          const ack = await emitAck(sender, conversationEvents.send, {
            conversationId: id,
            content: 'Across',
          });
          expect(ack.ok).toBe(true);
          expect(await pushed).toMatchObject({ content: 'Across', fromMe: false });
        } finally {
          sender.close();
          recipient.close();
        }
      } finally {
        await second.app.close();
      }
    },
  );
});
