/**
 * The English of the feature areas (ISP acknowledgements, dashboards, access links, matchmaking, messaging), loaded on demand like the
 * Spanish catalogue (catalogues.ts): the /login page's first download carries only the frame's and sign-in's words.
 */
import isp from '../features/isp/messages/en.json';
import dashboards from '../features/dashboards/messages/en.json';
import access from '../features/access/messages/en.json';
import matchmaking from '../features/matchmaking/messages/en.json';
import messaging from '../features/messaging/messages/en.json';

export const englishAreaMessages = { ...isp, ...dashboards, ...access, ...matchmaking, ...messaging };
