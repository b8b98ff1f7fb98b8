import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signInAs, type TestApp } from '../../../test/helpers.ts';
import { messages } from './messaging.table.ts';
import { conversationOf, matchedPair } from './messaging.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/matchmaking/reply-times', () => {
  it('gives each listing the median minutes to answer a run of messages, null below three answers', async () => {
    const pair = await matchedPair(t);
    const conversationId = await conversationOf(pair);
    type Writer = { id: string; side: 'CLIENT' | 'CAREGIVER' };
    const family: Writer = { id: pair.family.listingId, side: 'CLIENT' };
    const carer: Writer = { id: pair.caregiver.listingId, side: 'CAREGIVER' };
    const start = Date.now() - 10 * 86_400_000;
    // [minute, writer]: the caregiver answers after 10, 20 and 30 minutes; the family after 50, 40 and 50.
    const script: [number, Writer][] = [
      [0, family],
      [1, family],
      [10, carer],
      [60, family],
      [80, carer],
      [120, family],
      [150, carer],
      [200, family],
    ];
    await t.database.db.insert(messages).values(
      script.map(([minute, writer]) => {
        const recipient = writer === family ? carer : family;
        return {
          conversationId,
          senderId: writer.id,
          senderType: writer.side,
          recipientId: recipient.id,
          recipientType: recipient.side,
          content: 'x',
          createdAt: new Date(start + minute * 60_000),
        };
      }),
    );
    const newcomer = randomUUID();
    const { cookie } = await signInAs(t, 'USER');
    const response = await as(
      t,
      cookie,
    )({
      method: 'GET',
      url: `/api/matchmaking/reply-times?listingIds=${carer.id},${family.id},${newcomer}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      { listingId: carer.id, medianReplyMinutes: 20, answered: 3 },
      { listingId: family.id, medianReplyMinutes: 50, answered: 3 },
      { listingId: newcomer, medianReplyMinutes: null, answered: 0 },
    ]);
  });

  it('is 400 on listingIds for a bad id, 401 without a session', async () => {
    const { cookie } = await signInAs(t, 'USER');
    const bad = await as(t, cookie)({ method: 'GET', url: '/api/matchmaking/reply-times?listingIds=nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toMatch(/^listingIds/);
    expect(
      (await as(t, null)({ method: 'GET', url: `/api/matchmaking/reply-times?listingIds=${randomUUID()}` }))
        .statusCode,
    ).toBe(401);
  });
});
