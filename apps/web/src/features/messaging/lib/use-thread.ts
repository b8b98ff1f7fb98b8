/**
 * The live state of one conversation on the page (issue 22): its messages (oldest first, each once), the writer's
 * unacknowledged messages, the other side's presence and typing, and what to announce to assistive tech. Over the
 * realtime channel (`lib/realtime.ts`, contracts `conversationEvents`):
 *
 * - on open `conversation:join`, on leaving `conversation:leave`;
 * - a new message is merged, acknowledged with `conversation:delivered`, and `conversation:read` is sent while the
 *   page is visible (read receipts on by default);
 * - receipts, edits, typing and presence update what is shown;
 * - after a reconnect: join again, fetch every message `after` the newest one held (in order, page by page), then
 *   resend what was written offline — each with its `clientMessageId`, so a message whose acknowledgement was lost
 *   is not stored twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  conversationEvents,
  MESSAGE_PAGE_SIZE,
  type ConversationMessage,
  type ConversationParty,
  type ConversationSummary,
  type MessagePage,
} from '@tend/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  emitClientEvent,
  useRealtimeReconnected,
  useRealtimeStatus,
  useServerEvent,
} from '../../../lib/realtime.ts';
import { fetchMessages } from '../api/conversations.ts';
import {
  applyReceipt,
  hasUnread,
  lastIncomingId,
  lastMessageId,
  mergeMessages,
  type PendingMessage,
} from './thread.ts';

/** How long a "typing…" shows without a new typing event (the writer's page says `false` sooner). */
const TYPING_SHOWN_MS = 8_000;
/** A writer's page repeats `typing: true` at most this often, and says `false` after this long idle. */
const TYPING_REPEAT_MS = 3_000;

export type SendOutcome = { ok: true } | { ok: false; error: ApiError };

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';
const ignore = () => undefined;

/** The messages held, oldest first, with receipts, edits, "load older" and read marking while visible. */
function useMessages(conversationId: string, firstPage: MessagePage) {
  const [messages, setMessages] = useState<ConversationMessage[]>(firstPage.items);
  const [hasOlder, setHasOlder] = useState(firstPage.hasOlder);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const messagesRef = useRef(messages);
  useEffect(() => {
    messagesRef.current = messages;
  }, [messages]);

  const markRead = useCallback(() => {
    if (!isVisible() || !hasUnread(messagesRef.current)) return;
    const now = new Date().toISOString();
    setMessages((current) =>
      current.map((message) => (!message.fromMe && !message.readAt ? { ...message, readAt: now } : message)),
    );
    emitClientEvent(conversationEvents.read, { conversationId }).catch(ignore);
  }, [conversationId]);

  /** Merges messages that arrived (live or fetched) and acknowledges the newest from the other side. */
  const receive = useCallback(
    (incoming: ConversationMessage[]) => {
      if (incoming.length === 0) return;
      messagesRef.current = mergeMessages(messagesRef.current, incoming);
      setMessages((current) => mergeMessages(current, incoming));
      const newestIncoming = lastIncomingId(incoming);
      if (newestIncoming)
        emitClientEvent(conversationEvents.delivered, { conversationId, messageId: newestIncoming }).catch(
          ignore,
        );
    },
    [conversationId],
  );

  useEffect(() => {
    markRead();
  }, [messages, markRead]);
  useEffect(() => {
    document.addEventListener('visibilitychange', markRead);
    return () => document.removeEventListener('visibilitychange', markRead);
  }, [markRead]);

  useServerEvent(conversationEvents.receipt, (receipt) => {
    if (receipt.conversationId === conversationId) setMessages((current) => applyReceipt(current, receipt));
  });
  useServerEvent(conversationEvents.edited, (message) => {
    if (message.conversationId === conversationId)
      setMessages((current) => mergeMessages(current, [message]));
  });

  /**
   * Everything after message `from` (default: the newest held), page by page, in order: what the page missed while
   * offline. The caller passes the newest message held when the connection dropped, because a message written
   * offline goes out (and comes back acknowledged) the moment the socket is back, before this runs.
   */
  const catchUp = useCallback(
    async (from?: string | null) => {
      let after = from === undefined ? lastMessageId(messagesRef.current) : from;
      for (let page = 0; page < 20; page += 1) {
        const missed = await fetchMessages(conversationId, after ? { after } : {});
        receive(missed.items);
        if (missed.items.length < MESSAGE_PAGE_SIZE) break;
        after = lastMessageId(missed.items);
      }
    },
    [conversationId, receive],
  );

  const loadOlder = useCallback(async () => {
    const first = messagesRef.current[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const older = await fetchMessages(conversationId, { before: first.id });
      setMessages((current) => mergeMessages(current, older.items));
      setHasOlder(older.hasOlder);
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId]);

  return { messages, hasOlder, loadingOlder, loadOlder, receive, catchUp, messagesRef };
}

/** The writer's messages not acknowledged yet: sent over the socket, kept while offline, resent on reconnect. */
function useOutgoing(conversationId: string, receive: (messages: ConversationMessage[]) => void) {
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const setState = (clientMessageId: string, state: PendingMessage['state'] | null) =>
    setPending((current) =>
      state === null
        ? current.filter((item) => item.clientMessageId !== clientMessageId)
        : current.map((item) => (item.clientMessageId === clientMessageId ? { ...item, state } : item)),
    );

  const deliver = useCallback(
    async (message: PendingMessage): Promise<SendOutcome> => {
      setState(message.clientMessageId, 'sending');
      try {
        const stored = await emitClientEvent(conversationEvents.send, {
          conversationId,
          content: message.content,
          confirmFlagged: message.confirmFlagged,
          clientMessageId: message.clientMessageId,
        });
        setState(message.clientMessageId, null);
        receive([stored]);
        return { ok: true };
      } catch (error) {
        const apiError =
          error instanceof ApiError ? error : new ApiError(0, 'TIMEOUT', String(error), undefined, []);
        // A timeout keeps it, resent after the reconnect (the server knows it by its clientMessageId).
        const kept = apiError.code === 'TIMEOUT';
        setState(message.clientMessageId, kept ? 'queued' : null);
        return kept ? { ok: true } : { ok: false, error: apiError };
      }
    },
    [conversationId, receive],
  );

  /** Sends `content` (resolves a refusal such as `CONTACT_DETAILS` for the composer to show). */
  const send = useCallback(
    (content: string, confirmFlagged: boolean): Promise<SendOutcome> => {
      const message: PendingMessage = {
        clientMessageId: crypto.randomUUID(),
        content,
        writtenAt: new Date().toISOString(),
        confirmFlagged,
        state: 'sending',
      };
      setPending((current) => [...current, message]);
      return deliver(message);
    },
    [deliver],
  );

  const resend = useCallback(async () => {
    for (const message of pendingRef.current) await deliver(message);
  }, [deliver]);

  return { pending, send, resend };
}

/** The other side: presence (`presence:changed`) and "typing…" (`conversation:typing-changed`). */
function useOtherSide(conversation: ConversationSummary) {
  const [other, setOther] = useState<ConversationParty>(conversation.other);
  const [otherTyping, setOtherTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useServerEvent(conversationEvents.typingChanged, (event) => {
    if (event.conversationId !== conversation.id || event.side === conversation.me.side) return;
    setOtherTyping(event.typing);
    if (typingTimer.current) clearTimeout(typingTimer.current);
    if (event.typing) typingTimer.current = setTimeout(() => setOtherTyping(false), TYPING_SHOWN_MS);
  });
  useServerEvent(conversationEvents.presence, (event) => {
    if (event.listingId === other.listingId && event.side === other.side)
      setOther((current) => ({ ...current, online: event.online, lastSeenAt: event.lastSeenAt }));
  });
  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );
  return { other, otherTyping, setOtherTyping };
}

/** The writer's typing: `true` at most every 3 s while typing, `false` after 3 s idle or on send. */
function useOwnTyping(conversationId: string) {
  const lastTypingSent = useRef(0);
  const idleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTyping = useCallback(() => {
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = null;
    if (lastTypingSent.current === 0) return;
    lastTypingSent.current = 0;
    emitClientEvent(conversationEvents.typing, { conversationId, typing: false }).catch(ignore);
  }, [conversationId]);
  const typed = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current > TYPING_REPEAT_MS) {
      lastTypingSent.current = now;
      emitClientEvent(conversationEvents.typing, { conversationId, typing: true }).catch(ignore);
    }
    if (idleTimer.current) clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(stopTyping, TYPING_REPEAT_MS);
  }, [conversationId, stopTyping]);
  useEffect(() => stopTyping, [stopTyping]);
  return { typed, stopTyping };
}

/** See the module comment: the thread's messages, outgoing queue, other side and typing, live. */
export function useThread(conversation: ConversationSummary, firstPage: MessagePage) {
  const conversationId = conversation.id;
  const status = useRealtimeStatus();
  const held = useMessages(conversationId, firstPage);
  const { receive, catchUp, messagesRef } = held;
  const outgoing = useOutgoing(conversationId, receive);
  const otherSide = useOtherSide(conversation);
  const typing = useOwnTyping(conversationId);
  const [announcement, setAnnouncement] = useState<ConversationMessage | null>(null);

  // Join on open (and leave on close); acknowledge what is there.
  useEffect(() => {
    emitClientEvent(conversationEvents.join, { conversationId }).catch(ignore);
    const newestIncoming = lastIncomingId(messagesRef.current);
    if (newestIncoming)
      emitClientEvent(conversationEvents.delivered, { conversationId, messageId: newestIncoming }).catch(
        ignore,
      );
    return () => {
      emitClientEvent(conversationEvents.leave, { conversationId }).catch(ignore);
    };
  }, [conversationId, messagesRef]);

  useServerEvent(conversationEvents.message, (message) => {
    if (message.conversationId !== conversationId) return;
    receive([message]);
    if (!message.fromMe) {
      otherSide.setOtherTyping(false);
      setAnnouncement(message);
    }
  });

  // The newest message held when the connection dropped: the reconnect catches up from there.
  const heldAtDisconnect = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (status.state === 'connected') heldAtDisconnect.current = undefined;
    else if (heldAtDisconnect.current === undefined)
      heldAtDisconnect.current = lastMessageId(messagesRef.current);
  }, [status.state, messagesRef]);

  useRealtimeReconnected(() => {
    const from = heldAtDisconnect.current;
    void (async () => {
      await emitClientEvent(conversationEvents.join, { conversationId }).catch(ignore);
      await catchUp(from).catch(ignore);
      await outgoing.resend();
    })();
  });

  return {
    ...held,
    pending: outgoing.pending,
    send: outgoing.send,
    other: otherSide.other,
    otherTyping: otherSide.otherTyping,
    announcement,
    connected: status.state === 'connected',
    /** Replaces a message with its newer copy (an edit's or a contact share's answer). */
    replace: (message: ConversationMessage) => receive([message]),
    ...typing,
  };
}
