import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '@tend/contracts';
import {
  applyReceipt,
  daysUntil,
  flagsFromRefusal,
  groupByDay,
  hasUnread,
  lastIncomingId,
  lastMessageId,
  mergeMessages,
  partyInitials,
  partyName,
  receiptOf,
} from './thread.ts';

const CONVERSATION = '00000000-0000-4000-8000-000000000001';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function message(
  n: number,
  sentAt: string,
  overrides: Partial<ConversationMessage> = {},
): ConversationMessage {
  return {
    id: id(n),
    conversationId: CONVERSATION,
    kind: 'text',
    senderSide: 'CLIENT',
    fromMe: true,
    senderName: 'Ana',
    content: `message ${n}`,
    sentAt,
    editedAt: null,
    originalContent: null,
    deliveredAt: null,
    readAt: null,
    flags: [],
    ...overrides,
  };
}

describe('mergeMessages', () => {
  it('keeps each id once, oldest first, the incoming copy winning', () => {
    const a = message(1, '2026-11-28T10:00:00Z');
    const b = message(2, '2026-11-28T10:01:00Z');
    const c = message(3, '2026-11-28T10:02:00Z');
    const editedB = { ...b, content: 'corrected', editedAt: '2026-11-28T10:05:00Z' };
    const merged = mergeMessages([c, a], [editedB, c]);
    expect(merged.map((m) => m.id)).toEqual([id(1), id(2), id(3)]);
    expect(merged[1]?.content).toBe('corrected');
  });

  it('orders equal instants by id so a reconnect never reorders', () => {
    const later = message(9, '2026-11-28T10:00:00Z');
    const earlier = message(4, '2026-11-28T10:00:00Z');
    expect(mergeMessages([later], [earlier]).map((m) => m.id)).toEqual([id(4), id(9)]);
  });
});

describe('receipts', () => {
  it('applies delivered and read times only to the listed messages, never clearing one', () => {
    const messages = [message(1, '2026-11-28T10:00:00Z'), message(2, '2026-11-28T10:01:00Z')];
    const delivered = applyReceipt(messages, {
      messageIds: [id(1)],
      deliveredAt: '2026-11-28T10:02:00Z',
      readAt: null,
    });
    expect(delivered[0]?.deliveredAt).toBe('2026-11-28T10:02:00Z');
    expect(delivered[1]?.deliveredAt).toBeNull();
    const read = applyReceipt(delivered, {
      messageIds: [id(1), id(2)],
      deliveredAt: null,
      readAt: '2026-11-28T10:03:00Z',
    });
    expect(read[0]).toMatchObject({ deliveredAt: '2026-11-28T10:02:00Z', readAt: '2026-11-28T10:03:00Z' });
    // Read implies delivered: a message read before any delivery receipt shows read time for both.
    expect(read[1]).toMatchObject({ deliveredAt: '2026-11-28T10:03:00Z', readAt: '2026-11-28T10:03:00Z' });
  });

  it('labels the writer’s own messages sent, delivered or read, and none of the other side’s', () => {
    expect(receiptOf(message(1, '2026-11-28T10:00:00Z'))).toEqual({ state: 'sent' });
    expect(receiptOf(message(1, '2026-11-28T10:00:00Z', { deliveredAt: '2026-11-28T10:01:00Z' }))).toEqual({
      state: 'delivered',
      at: '2026-11-28T10:01:00Z',
    });
    expect(
      receiptOf(
        message(1, '2026-11-28T10:00:00Z', {
          deliveredAt: '2026-11-28T10:01:00Z',
          readAt: '2026-11-28T10:02:00Z',
        }),
      ),
    ).toEqual({ state: 'read', at: '2026-11-28T10:02:00Z', deliveredAt: '2026-11-28T10:01:00Z' });
    expect(receiptOf(message(1, '2026-11-28T10:00:00Z', { fromMe: false }))).toBeNull();
    expect(receiptOf(message(1, '2026-11-28T10:00:00Z', { kind: 'system' }))).toBeNull();
  });

  it('finds the newest message, the newest from the other side, and unread ones', () => {
    const messages = [
      message(1, '2026-11-28T10:00:00Z', { fromMe: false }),
      message(2, '2026-11-28T10:01:00Z', { fromMe: false, readAt: '2026-11-28T10:02:00Z' }),
      message(3, '2026-11-28T10:03:00Z'),
    ];
    expect(lastMessageId(messages)).toBe(id(3));
    expect(lastIncomingId(messages)).toBe(id(2));
    expect(hasUnread(messages)).toBe(true);
    expect(hasUnread(messages.slice(1))).toBe(false);
    expect(lastMessageId([])).toBeNull();
    expect(lastIncomingId([message(5, '2026-11-28T10:00:00Z')])).toBeNull();
  });
});

describe('groupByDay', () => {
  it('starts a group at each calendar day of the given zone', () => {
    const groups = groupByDay(
      [
        message(1, '2026-11-28T07:00:00Z'), // Nov 27, 11 PM in Los Angeles
        message(2, '2026-11-28T09:00:00Z'), // Nov 28, 1 AM
        message(3, '2026-11-28T20:00:00Z'), // Nov 28, noon
      ],
      'America/Los_Angeles',
    );
    expect(groups.map((group) => [group.day, group.messages.length])).toEqual([
      ['2026-11-27', 1],
      ['2026-11-28', 2],
    ]);
  });
});

describe('daysUntil', () => {
  it('rounds up to whole days and never goes below zero', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(daysUntil('2026-12-05T12:00:00Z', now)).toBe(7);
    expect(daysUntil('2026-11-29T11:00:00Z', now)).toBe(1);
    expect(daysUntil('2026-11-28T11:00:00Z', now)).toBe(0);
  });
});

describe('flagsFromRefusal', () => {
  it('names what the contact-details check found, in the contract’s order', () => {
    expect(flagsFromRefusal('Looks like contact details: email, phone', [])).toEqual(['phone', 'email']);
    expect(flagsFromRefusal('Refused', [{ path: 'content', message: 'cash' }])).toEqual(['cash']);
    expect(flagsFromRefusal('Refused', [{ path: 'content', message: 'telephone-ish' }])).toEqual([]);
  });
});

describe('names', () => {
  it('writes a first name and initial, and initials for an avatar', () => {
    expect(partyName({ firstName: 'Ana', lastInitial: 'M' })).toBe('Ana M.');
    expect(partyName({ firstName: 'Ana', lastInitial: null })).toBe('Ana');
    expect(partyInitials({ firstName: 'ana', lastInitial: 'm' })).toBe('AM');
  });
});
