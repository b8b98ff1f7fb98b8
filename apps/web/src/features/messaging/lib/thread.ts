/**
 * The pure rules of a conversation thread on the page (issue 22; contracts `conversations.ts`): merging pages and
 * live messages in order without duplicates, applying read receipts and edits, grouping by day, the receipt a
 * message of the reader's shows, the days a pending request has left, and what the contact-details check found.
 */
import {
  contactFlags,
  type ContactFlag,
  type ConversationMessage,
  type ConversationParty,
} from '@tend/contracts';

/** A message the writer sent that the server has not acknowledged yet (shown greyed, resent on reconnect). */
export interface PendingMessage {
  clientMessageId: string;
  content: string;
  /** ISO instant it was written. */
  writtenAt: string;
  confirmFlagged: boolean;
  /** `sending` while an acknowledgement is awaited; `queued` while offline (resent on reconnect). */
  state: 'sending' | 'queued';
}

/** Orders messages by `sentAt`, then id (a stable order for equal instants). */
export function compareMessages(a: ConversationMessage, b: ConversationMessage): number {
  if (a.sentAt !== b.sentAt) return Date.parse(a.sentAt) - Date.parse(b.sentAt);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * `existing` and `incoming` in one list, oldest first, each id once (the incoming copy wins: it is newer — an
 * edit, or receipts). Used for history pages, live messages and what a reconnect fetched `after` the last id.
 */
export function mergeMessages(
  existing: readonly ConversationMessage[],
  incoming: readonly ConversationMessage[],
): ConversationMessage[] {
  const byId = new Map(existing.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}

/** The receipt event of contracts `conversationEvents.receipt`, applied to the listed messages. */
export function applyReceipt(
  messages: readonly ConversationMessage[],
  receipt: { messageIds: readonly string[]; deliveredAt: string | null; readAt: string | null },
): ConversationMessage[] {
  const ids = new Set(receipt.messageIds);
  return messages.map((message) =>
    ids.has(message.id)
      ? {
          ...message,
          deliveredAt: message.deliveredAt ?? receipt.deliveredAt ?? receipt.readAt,
          readAt: message.readAt ?? receipt.readAt,
        }
      : message,
  );
}

/** The id of the newest message, or null (what `after` asks for on a reconnect). */
export function lastMessageId(messages: readonly ConversationMessage[]): string | null {
  return messages.at(-1)?.id ?? null;
}

/** The newest message the other side wrote, or null (what `conversation:delivered` acknowledges). */
export function lastIncomingId(messages: readonly ConversationMessage[]): string | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index] as ConversationMessage;
    if (!message.fromMe) return message.id;
  }
  return null;
}

/** Whether any message from the other side is not read yet (so the page sends `conversation:read`). */
export function hasUnread(messages: readonly ConversationMessage[]): boolean {
  return messages.some((message) => !message.fromMe && message.readAt === null);
}

/** A receipt as the writer sees it: `read` (with its time), `delivered`, or `sent`. Null for the other side's. */
export type Receipt =
  | { state: 'sent' }
  | { state: 'delivered'; at: string }
  | { state: 'read'; at: string; deliveredAt: string | null };

export function receiptOf(message: ConversationMessage): Receipt | null {
  if (!message.fromMe || message.kind === 'system') return null;
  if (message.readAt) return { state: 'read', at: message.readAt, deliveredAt: message.deliveredAt };
  if (message.deliveredAt) return { state: 'delivered', at: message.deliveredAt };
  return { state: 'sent' };
}

/** The calendar day key (`YYYY-MM-DD`) of an instant in `timeZone` (the browser's when absent). */
export function dayKey(instant: string, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
  return parts;
}

/** Messages in runs of one calendar day each (oldest first), for the day headings of the thread. */
export function groupByDay(
  messages: readonly ConversationMessage[],
  timeZone?: string,
): { day: string; firstAt: string; messages: ConversationMessage[] }[] {
  const groups: { day: string; firstAt: string; messages: ConversationMessage[] }[] = [];
  for (const message of messages) {
    const day = dayKey(message.sentAt, timeZone);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(message);
    else groups.push({ day, firstAt: message.sentAt, messages: [message] });
  }
  return groups;
}

const DAY_MS = 86_400_000;

/** Whole days (rounded up, at least 0) from `now` until a pending request closes by itself (issue 22, 7 days). */
export function daysUntil(closesAt: string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((Date.parse(closesAt) - now.getTime()) / DAY_MS));
}

/**
 * What the contact-details check found, from a `CONTACT_DETAILS` refusal (its message and field errors naming
 * `phone`, `email` or `cash`); empty when it named nothing recognisable.
 */
export function flagsFromRefusal(
  message: string,
  fields: readonly { path: string; message: string }[],
): ContactFlag[] {
  const words = [message, ...fields.map((field) => `${field.path} ${field.message}`)].join(' ').toLowerCase();
  return contactFlags.filter((flag) => new RegExp(`\\b${flag}\\b`).test(words));
}

/** "Ana M." — a party's first name and initial (the privacy projection of the cards). */
export function partyName(party: Pick<ConversationParty, 'firstName' | 'lastInitial'>): string {
  return party.lastInitial ? `${party.firstName} ${party.lastInitial}.` : party.firstName;
}

/** Initials for an avatar without a photo ("AM"). */
export function partyInitials(party: Pick<ConversationParty, 'firstName' | 'lastInitial'>): string {
  return `${party.firstName.slice(0, 1)}${party.lastInitial ?? ''}`.toUpperCase();
}
