/**
 * Notification-settings routes (contracts `matchmakingNotificationEndpoints`; decision 0060): any signed-in account
 * in the relaxed tier (401 anonymous); a caller without a profile on the side asked is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { matchmakingNotificationEndpoints as e } from '@tend/contracts';
import { guard } from '../../../platform/auth/auth.plugin.ts';
import type { Database } from '../../../platform/db/client.ts';
import { route } from '../../../platform/http/endpoint-route.ts';
import { findNotificationSettings, updateNotificationSettings } from './notification-settings.service.ts';

/** Registers the routes over `db`. */
export function notificationSettingsRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    const options = { tags: ['matchmaking'], preValidation: guard(db, 'auth', 'notification_settings') };
    route(app, e.findNotificationSettings, options, (request) =>
      findNotificationSettings(db, request.ctx, request.query.side),
    );
    route(app, e.updateNotificationSettings, options, (request) =>
      updateNotificationSettings(db, request.ctx, request.body),
    );
  };
}
