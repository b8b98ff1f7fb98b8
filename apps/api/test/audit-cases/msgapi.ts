/**
 * Audit-completeness cases of module messaging (issue 22; decision 0058): conversations, messages, message requests.
 * The first case prepares a matched guardian and caregiver (messaging.test-support.ts) and keeps their cookies.
 */
import { as } from '../helpers.ts';
import { conversationOf, matchedPair, twoSides } from '../../src/modules/messaging/messaging.test-support.ts';
import type { RouteCase, State } from './types.ts';

const family = (s: State) => as(s.t, s.ids.msgFamilyCookie as string);
const caregiver = (s: State) => as(s.t, s.ids.msgCaregiverCookie as string);

export const msgapiRouteCases: RouteCase[] = [
  {
    route: 'POST /api/matchmaking/conversations/:id/messages',
    request: async (s) => {
      const pair = await matchedPair(s.t);
      s.ids.msgFamilyCookie = pair.family.cookie;
      s.ids.msgCaregiverCookie = pair.caregiver.cookie;
      s.ids.msgConversation = await conversationOf(pair);
      return {
        method: 'POST',
        url: `/api/matchmaking/conversations/${s.ids.msgConversation}/messages`,
        payload: { content: 'Hello there' },
        as: family(s),
      };
    },
    after: (s, body) => {
      s.ids.msgMessage = (body as { id: string }).id;
    },
    events: [['message.send', 'message']],
  },
  {
    route: 'POST /api/matchmaking/conversations/:id/read',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/conversations/${s.ids.msgConversation}/read`,
      as: caregiver(s),
    }),
    events: [['conversation.mark_read', 'conversation']],
  },
  {
    route: 'PUT /api/matchmaking/conversations/:id/messages/:messageId',
    request: (s) => ({
      method: 'PUT',
      url: `/api/matchmaking/conversations/${s.ids.msgConversation}/messages/${s.ids.msgMessage}`,
      payload: { content: 'Hello again' },
      as: family(s),
    }),
    events: [['message.edit', 'message']],
  },
  {
    route: 'POST /api/matchmaking/conversations/:id/share-contact',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/conversations/${s.ids.msgConversation}/share-contact`,
      as: caregiver(s),
    }),
    events: [['conversation.share_contact', 'conversation']],
  },

  {
    route: 'POST /api/matchmaking/message-requests',
    request: async (s) => {
      const { family, caregiver: carer } = await twoSides(s.t);
      s.ids.msgRequestCaregiverCookie = carer.cookie;
      return {
        method: 'POST',
        url: '/api/matchmaking/message-requests',
        payload: { fromListingId: family.listingId, toListingId: carer.listingId, content: 'Hello' },
        as: family.call,
      };
    },
    after: (s, body) => {
      s.ids.msgRequest = (body as { id: string }).id;
    },
    events: [['message_request.send', 'message_request']],
  },
  {
    route: 'POST /api/matchmaking/message-requests/:id/decision',
    request: (s) => ({
      method: 'POST',
      url: `/api/matchmaking/message-requests/${s.ids.msgRequest}/decision`,
      payload: { decision: 'accept' },
      as: as(s.t, s.ids.msgRequestCaregiverCookie as string),
    }),
    events: [
      ['conversation.open', 'conversation'],
      ['message_request.decide', 'message_request'],
    ],
  },
];
