/**
 * Account lifecycle routes (spec issue 4; docs/accounts.md):
 * - admin: `POST /api/users/invitations` (invite), `POST /api/users/:id/invitation` (send again);
 * - public, for the `/confirm` links: `POST /api/invitations/lookup`, `POST /api/invitations/accept`,
 *   `POST /api/account/email-change/confirm` (tokens travel in the body, never in a logged path);
 * - signed in: `POST /api/account/email-change` (new email + current password), `PUT /api/account/locale` (the
 *   person's language for pages, emails and SMS; decision 0042).
 * The public routes and the email-change request are limited per client IP like the one-time-code endpoints
 * (AUTH_RATE_LIMIT_OTP_PER_5MIN, default 30 per 5 minutes; decision 0009). Password recovery itself is
 * better-auth's (`/api/auth/request-password-reset`, `/api/auth/reset-password`; platform/auth/recovery.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsEndpoints as endpoints } from '@tend/contracts';
import { guard, requireActor } from '../../platform/auth/auth.plugin.ts';
import { defaultAuthRateLimits } from '../../platform/config/config.ts';
import { route } from '../../platform/http/endpoint-route.ts';
import { saveAccountLocale } from '../../platform/auth/account-locale.ts';
import * as invitations from './invitations.service.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.service.ts';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { auth, config, messaging } = app.deps;
  const sendEmail = (message: Parameters<typeof messaging.sendEmail>[0]) => messaging.sendEmail(message);
  const deps = {
    db,
    auth,
    publicUrl: config.publicUrl,
    sendEmail,
    phoneCountry: config.defaultPhoneCountry,
    timeZone: config.agencyTimeZone,
  };
  const limits = { ...defaultAuthRateLimits, ...config.authRateLimits };
  /** Per-IP limit of the token and password endpoints (as better-auth's one-time-code endpoints). */
  const limited = {
    tags: ['auth'],
    config: {
      rateLimit: {
        max: limits.otpPer5Min,
        timeWindow: 5 * 60_000,
        keyGenerator: (request: { ip: string }) => `accounts:${request.ip}`,
      },
    },
  };

  const admin = { tags: ['users'], preValidation: guard(db, 'admin', 'user_account') };
  route(app, endpoints.inviteUser, admin, async (request) => {
    const { account } = await invitations.inviteUser(deps, request.ctx, request.body);
    return account;
  });
  route(app, endpoints.resendInvitation, admin, (request) =>
    invitations.resendInvitation(deps, request.ctx, request.params.id),
  );

  route(app, endpoints.getInvitation, limited, (request) =>
    invitations.getInvitation(db, request.body.token),
  );
  route(app, endpoints.acceptInvitation, limited, (request) =>
    invitations.acceptInvitation(db, auth, request.ctx, request.body),
  );

  // Not PHI, but an admin still needs aal2 here: the change is as sensitive as the MFA settings.
  const signedIn = { ...limited, preValidation: guard(db, 'auth', 'user_account') };
  route(app, endpoints.requestEmailChange, signedIn, (request) =>
    requestEmailChange(deps, request.ctx, requireActor(request), request.body),
  );
  route(app, endpoints.confirmEmailChange, limited, (request) =>
    confirmEmailChange(deps, request.ctx, request.body.token),
  );

  // Any signed-in person, their own account only; a language is no PHI, so no audit event.
  const ownAccount = { tags: ['users'], preValidation: guard(db, 'auth', 'user_account') };
  route(app, endpoints.setAccountLocale, ownAccount, async (request) => ({
    locale: await saveAccountLocale(db, requireActor(request).userAccountId, request.body.locale),
  }));
};
