/**
 * Audit-completeness cases of module messaging (issue 22; decision 0058): conversations, messages, message requests.
 * The first case prepares a matched guardian and caregiver (messaging.test-support.ts) and keeps their cookies.
 */
import { as } from '../helpers.ts';
import { conversationOf, matchedPair } from '../../src/modules/messaging/messaging.test-support.ts';
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
];
