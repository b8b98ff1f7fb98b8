/** The Spanish catalogue, loaded on demand (catalogues.ts). Usted form; Oregon's terms (docs/languages.md). */
import app from '../app/messages/es.json';
import auth from '../features/auth/messages/es.json';
import isp from '../features/isp/messages/es.json';
import dashboards from '../features/dashboards/messages/es.json';
import access from '../features/access/messages/es.json';
import matchmaking from '../features/matchmaking/messages/es.json';
import messaging from '../features/messaging/messages/es.json';

export const spanishMessages: Record<string, string> = {
  ...app,
  ...auth,
  ...isp,
  ...dashboards,
  ...access,
  ...matchmaking,
  ...messaging,
};
