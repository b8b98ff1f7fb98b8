import { describe, expect, it } from 'vitest';
import { createJobEvents, defineJobEvent } from './events.ts';

const done = defineJobEvent<{ id: string }>('test.done');
const other = defineJobEvent<{ id: string }>('test.other');

describe('job events', () => {
  it('runs the subscribers of the published event only, in subscription order, with the payload', async () => {
    const events = createJobEvents();
    const calls: string[] = [];
    events.subscribe(done, async ({ id }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push(`first ${id}`);
    });
    events.subscribe(done, async ({ id }) => {
      calls.push(`second ${id}`);
    });
    events.subscribe(other, async ({ id }) => {
      calls.push(`other ${id}`);
    });
    await events.publish(done, { id: 'a' });
    expect(calls).toEqual(['first a', 'second a']);
    expect(events.subscriberCount(done)).toBe(2);
    expect(events.subscriberCount(other)).toBe(1);
  });

  it('publishes to nobody without subscribers', async () => {
    const events = createJobEvents();
    await expect(events.publish(done, { id: 'a' })).resolves.toBeUndefined();
    expect(events.subscriberCount(done)).toBe(0);
  });

  it("rethrows a subscriber's error to the publisher and stops there", async () => {
    const events = createJobEvents();
    const calls: string[] = [];
    events.subscribe(done, async () => {
      throw new Error('queue unavailable');
    });
    events.subscribe(done, async () => {
      calls.push('after');
    });
    await expect(events.publish(done, { id: 'a' })).rejects.toThrow('queue unavailable');
    expect(calls).toEqual([]);
  });
});
