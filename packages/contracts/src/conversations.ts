/**
 * Conversations between a client listing and a caregiver listing (issue 22; spec s.2 `/messageHub`,
 * `/messager/{matchId}`; s.3 Conversation, MessageRequest, Message, UserPresence; s.4 SenderType). API module
 * `messaging` (`apps/api/src/modules/messaging`), web feature `messaging`.
 *
 * - **Safe first contact**: before a match, one side sends a message request; the other accepts (a match and its
 *   conversation open, the request's words are the first message) or declines. A request with no answer in
 *   {@link MESSAGE_REQUEST_REPLY_DAYS} days closes with a polite automatic decline ("no ghosting").
 * - After a match (mutual like, or an accepted request) the two sides write freely in the match's conversation.
 * - A message that looks like a phone number, an email address or a request for cash is refused with
 *   `CONTACT_DETAILS` naming what was found, unless resent with `confirmFlagged: true` (it is then stored with its
 *   flags). Contact details are shared through the logged `shareContact` action after a match.
 * - Read receipts on by default: `deliveredAt` and `readAt` of the recipient. A corrected message keeps its original
 *   (admins see it). Participants are addressed as `{ side, listingId }`; the caller acts for the listing of its side
 *   that it manages (a guardian for each of their client listings, a caregiver for their own).
 * - Anyone else gets 404 on every route and `NOT_FOUND` on every socket event of a conversation.
 */
import { z } from 'zod';
import { idParams, text } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { senderTypes } from './enums.ts';
import { defineClientEvent, defineServerEvent } from './realtime.ts';

/** Longest message or request, in characters. */
export const MESSAGE_MAX_CHARS = 4000;
/** Days a message request waits for an answer before it closes with an automatic decline (issue 22). */
export const MESSAGE_REQUEST_REPLY_DAYS = 7;
/** Default days a pre-match thread (a request never accepted) is kept before a job deletes it (issue 22). */
export const PRE_MATCH_RETENTION_DAYS = 180;
/** Messages per history page. */
export const MESSAGE_PAGE_SIZE = 50;

export const messageKinds = ['text', 'contact_share', 'system'] as const;
export type MessageKind = (typeof messageKinds)[number];
/** What the contact-details check can find in a message (issue 22 "safe first contact"). */
export const contactFlags = ['phone', 'email', 'cash'] as const;
export type ContactFlag = (typeof contactFlags)[number];
export const requestClosedReasons = ['declined', 'no_reply', 'withdrawn'] as const;

const dateTime = z.iso.datetime({ offset: true });
const side = z.enum(senderTypes);

/** One side of a conversation as the other side sees it (the privacy projection of `matchmaking-cards.ts`). */
export const conversationParty = z.object({
  side,
  listingId: z.uuid(),
  firstName: z.string(),
  lastInitial: z.string().nullable(),
  photoUrl: z.string().nullable(),
  online: z.boolean(),
  lastSeenAt: dateTime.nullable(),
});
export type ConversationParty = z.infer<typeof conversationParty>;

export const conversationMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  kind: z.enum(messageKinds),
  senderSide: side,
  /** True when the caller's side wrote it. */
  fromMe: z.boolean(),
  senderName: z.string().nullable(),
  content: z.string(),
  sentAt: dateTime,
  editedAt: dateTime.nullable(),
  /** Null unless the caller is an admin: what a corrected message first said. */
  originalContent: z.string().nullable(),
  deliveredAt: dateTime.nullable(),
  readAt: dateTime.nullable(),
  flags: z.array(z.enum(contactFlags)),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const conversationSummary = z.object({
  id: z.uuid(),
  matchId: z.uuid().nullable(),
  /** The caller's side and listing in this conversation. */
  me: z.object({ side, listingId: z.uuid(), firstName: z.string() }),
  other: conversationParty,
  lastMessage: z
    .object({
      id: z.uuid(),
      preview: z.string(),
      sentAt: dateTime,
      fromMe: z.boolean(),
      kind: z.enum(messageKinds),
    })
    .nullable(),
  unreadCount: z.number().int().nonnegative(),
  /** Whether each side has shared its contact details here. */
  contactShared: z.object({ mine: z.boolean(), theirs: z.boolean() }),
  /**
   * True when the match ended (REJECTED: by a side, the case manager or an admin) or either listing is archived: the
   * participants still read the conversation but can no longer send, edit or share contact (409 on `conversation`).
   */
  ended: z.boolean(),
  updatedAt: dateTime,
});
export type ConversationSummary = z.infer<typeof conversationSummary>;
export const conversationList = z.object({ items: z.array(conversationSummary) });

export const conversationListQuery = z.object({
  /** Only the conversations of this listing of the caller's (a guardian with several client listings). */
  listingId: z.uuid({ message: 'must be a valid id' }).optional(),
});

export const messagePageQuery = z.object({
  /** Messages sent before this message id (older page); absent: the newest page. */
  before: z.uuid({ message: 'must be a valid id' }).optional(),
  /** Messages sent after this message id, oldest first (what a reconnecting page missed). */
  after: z.uuid({ message: 'must be a valid id' }).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(MESSAGE_PAGE_SIZE),
});
/** A page of messages, oldest first; `hasOlder` when more exist before the first. */
export const messagePage = z.object({ items: z.array(conversationMessage), hasOlder: z.boolean() });
export type MessagePage = z.infer<typeof messagePage>;

export const sendMessageInput = z.object({
  content: text().trim().min(1, { message: 'must not be empty' }).max(MESSAGE_MAX_CHARS),
  /** Send even though the contact-details check flagged it (the writer saw the warning). */
  confirmFlagged: z.boolean().default(false),
  /** The writer's own id for the message, so a resend after a lost acknowledgement is not stored twice. */
  clientMessageId: z.uuid({ message: 'must be a valid id' }).optional(),
});
export type SendMessageInput = z.input<typeof sendMessageInput>;

export const editMessageInput = z.object({
  content: text().trim().min(1, { message: 'must not be empty' }).max(MESSAGE_MAX_CHARS),
  confirmFlagged: z.boolean().default(false),
});

export const conversationWithMessages = z.object({
  conversation: conversationSummary,
  messages: messagePage,
});

/** The conversation of a match (the `/messager/{matchId}` page opens it by the match's id). */
export const matchIdParams = z.object({ matchId: z.uuid({ message: 'must be a valid id' }) });

export const messageRequest = z.object({
  id: z.uuid(),
  /** The side that sent it, and whether the caller sent it. */
  senderSide: side,
  fromMe: z.boolean(),
  clientListingId: z.uuid(),
  caregiverListingId: z.uuid(),
  /** The other side, as the caller sees it. */
  other: conversationParty,
  content: z.string(),
  status: z.enum(['PENDING', 'ACCEPTED', 'REJECTED']),
  closedReason: z.enum(requestClosedReasons).nullable(),
  isRead: z.boolean(),
  sentAt: dateTime,
  respondedAt: dateTime.nullable(),
  /** Set once accepted. */
  conversationId: z.uuid().nullable(),
  matchId: z.uuid().nullable(),
  /** When a pending request closes by itself (sent + 7 days). */
  closesAt: dateTime,
});
export type MessageRequest = z.infer<typeof messageRequest>;
export const messageRequestList = z.object({ items: z.array(messageRequest) });

export const sendMessageRequestInput = z.object({
  /** The caller's listing that writes (a guardian names which client listing; a caregiver their own). */
  fromListingId: z.uuid({ message: 'must be a valid id' }),
  /** The other side's listing. */
  toListingId: z.uuid({ message: 'must be a valid id' }),
  content: text().trim().min(1, { message: 'must not be empty' }).max(MESSAGE_MAX_CHARS),
  confirmFlagged: z.boolean().default(false),
});
export type SendMessageRequestInput = z.input<typeof sendMessageRequestInput>;

export const messageRequestDecision = z.object({ decision: z.enum(['accept', 'decline']) });

/** Median time the listing's side takes to answer a message, over the last 90 days (issue 22 "no ghosting"). */
export const replyTime = z.object({
  listingId: z.uuid(),
  /** Null when fewer than 3 answered messages. */
  medianReplyMinutes: z.number().nonnegative().nullable(),
  answered: z.number().int().nonnegative(),
});
export const replyTimeList = z.object({ items: z.array(replyTime) });
export const replyTimeQuery = z.object({
  /** Comma-separated listing ids (at most 100). */
  listingIds: text()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ message: 'must be valid ids' }))
        .min(1)
        .max(100),
    ),
});

export const conversationEndpoints = {
  findConversations: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/conversations',
    query: conversationListQuery,
    response: { 200: conversationList },
  }),
  /** A match's conversation (created on first open) with its newest page of messages; 404 for anyone else. */
  openMatchConversation: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/matches/:matchId/conversation',
    params: matchIdParams,
    response: { 200: conversationWithMessages },
  }),
  findMessages: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/conversations/:id/messages',
    params: idParams,
    query: messagePageQuery,
    response: { 200: messagePage },
  }),
  /** The same as the socket event `conversation:send` (for clients without a socket). */
  sendMessage: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/conversations/:id/messages',
    params: idParams,
    body: sendMessageInput,
    response: { 201: conversationMessage },
  }),
  /** Marks every message to the caller in the conversation read (read receipts). */
  markRead: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/conversations/:id/read',
    params: idParams,
    response: { 200: z.object({ read: z.number().int() }) },
  }),
  editMessage: defineEndpoint({
    method: 'PUT',
    path: '/api/matchmaking/conversations/:id/messages/:messageId',
    params: z.object({
      id: z.uuid({ message: 'must be a valid id' }),
      messageId: z.uuid({ message: 'must be a valid id' }),
    }),
    body: editMessageInput,
    response: { 200: conversationMessage },
  }),
  /** The logged "share contact" action (after a match only): posts the caller's phone and email as a message. */
  shareContact: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/conversations/:id/share-contact',
    params: idParams,
    response: { 201: conversationMessage },
  }),
  findMessageRequests: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/message-requests',
    query: conversationListQuery,
    response: { 200: messageRequestList },
  }),
  sendMessageRequest: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/message-requests',
    body: sendMessageRequestInput,
    response: { 201: messageRequest },
  }),
  decideMessageRequest: defineEndpoint({
    method: 'POST',
    path: '/api/matchmaking/message-requests/:id/decision',
    params: idParams,
    body: messageRequestDecision,
    response: { 200: messageRequest },
  }),
  findReplyTimes: defineEndpoint({
    method: 'GET',
    path: '/api/matchmaking/reply-times',
    query: replyTimeQuery,
    response: { 200: replyTimeList },
  }),
} as const;

/** The realtime events of conversations (contracts `realtime.ts`). */
export const conversationEvents = {
  /** Opens a conversation on this socket: joins its room, marks presence `activeConversationId`. */
  join: defineClientEvent({
    name: 'conversation:join',
    payload: z.object({ conversationId: z.uuid() }).strict(),
    ack: z.object({ conversationId: z.uuid() }),
  }),
  leave: defineClientEvent({
    name: 'conversation:leave',
    payload: z.object({ conversationId: z.uuid() }).strict(),
    ack: z.null(),
  }),
  send: defineClientEvent({
    name: 'conversation:send',
    payload: sendMessageInput.extend({ conversationId: z.uuid() }).strict(),
    ack: conversationMessage,
  }),
  /** The recipient's device received messages up to `messageId` (delivery receipt). */
  delivered: defineClientEvent({
    name: 'conversation:delivered',
    payload: z.object({ conversationId: z.uuid(), messageId: z.uuid() }).strict(),
    ack: z.null(),
  }),
  read: defineClientEvent({
    name: 'conversation:read',
    payload: z.object({ conversationId: z.uuid() }).strict(),
    ack: z.object({ read: z.number().int() }),
  }),
  typing: defineClientEvent({
    name: 'conversation:typing',
    payload: z.object({ conversationId: z.uuid(), typing: z.boolean() }).strict(),
    ack: z.null(),
  }),
  /** Server → both sides' sockets: a new message (also to the sender's other devices). */
  message: defineServerEvent({ name: 'conversation:message', payload: conversationMessage }),
  /** Server → the sender's side: receipts changed for messages up to `messageId`. */
  receipt: defineServerEvent({
    name: 'conversation:receipt',
    payload: z.object({
      conversationId: z.uuid(),
      messageIds: z.array(z.uuid()),
      deliveredAt: dateTime.nullable(),
      readAt: dateTime.nullable(),
    }),
  }),
  edited: defineServerEvent({ name: 'conversation:edited', payload: conversationMessage }),
  typingChanged: defineServerEvent({
    name: 'conversation:typing-changed',
    payload: z.object({ conversationId: z.uuid(), side, typing: z.boolean() }),
  }),
  presence: defineServerEvent({
    name: 'presence:changed',
    payload: z.object({ side, listingId: z.uuid(), online: z.boolean(), lastSeenAt: dateTime.nullable() }),
  }),
  /** Server → an account: its requests or conversation list changed (new request, decision, unread counts). */
  inboxChanged: defineServerEvent({
    name: 'inbox:changed',
    payload: z.object({ reason: z.enum(['request', 'decision', 'message', 'read']) }),
  }),
} as const;
