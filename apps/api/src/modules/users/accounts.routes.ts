/**
 * Account lifecycle routes (spec issue 4; docs/accounts.md):
 * - admin: `POST /api/users/invitations` (invite), `POST /api/users/:id/invitation` (send again);
 * - public, for the `/confirm` links: `POST /api/invitations/lookup`, `POST /api/invitations/accept`,
 *   `POST /api/account/email-change/confirm` (tokens travel in the body, never in a logged path);
 * - signed in: `POST /api/account/email-change` (new email + current password).
 * The public routes and the email-change request are limited per client IP like the one-time-code endpoints
 * (AUTH_RATE_LIMIT_OTP_PER_5MIN, default 30 per 5 minutes; decision 0009). Password recovery itself is
 * better-auth's (`/api/auth/request-password-reset`, `/api/auth/reset-password`; platform/auth/recovery.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountEmail,
  emailChangeInput,
  emailChangeRequested,
  idParams,
  invitationAcceptInput,
  invitationDetails,
  invitationInput,
  invitationSent,
  linkTokenInput,
  userAccount,
} from '@tend/contracts';
import { guard, requireActor } from '../../platform/auth/auth.plugin.ts';
import { defaultAuthRateLimits } from '../../platform/config/config.ts';
import * as invitations from './invitations.service.ts';
import { confirmEmailChange, requestEmailChange } from './email-change.service.ts';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { auth, config, messaging } = app.deps;
  const sendEmail = (message: Parameters<typeof messaging.sendEmail>[0]) => messaging.sendEmail(message);
  const deps = { db, auth, publicUrl: config.publicUrl, sendEmail, phoneCountry: config.defaultPhoneCountry };
  const limits = { ...defaultAuthRateLimits, ...config.authRateLimits };
  /** Per-IP limit of the token and password endpoints (as better-auth's one-time-code endpoints). */
  const limited = {
    rateLimit: {
      max: limits.otpPer5Min,
      timeWindow: 5 * 60_000,
      keyGenerator: (request: { ip: string }) => `accounts:${request.ip}`,
    },
  };

  const adminOnly = guard(db, 'admin', 'user_account');
  app.post(
    '/api/users/invitations',
    {
      preValidation: adminOnly,
      schema: { tags: ['users'], body: invitationInput, response: { 201: userAccount } },
    },
    async (request, reply) => {
      const { account } = await invitations.inviteUser(deps, request.ctx, request.body);
      return reply.status(201).send(account);
    },
  );
  app.post(
    '/api/users/:id/invitation',
    {
      preValidation: adminOnly,
      schema: { tags: ['users'], params: idParams, response: { 200: invitationSent } },
    },
    (request) => invitations.resendInvitation(deps, request.ctx, request.params.id),
  );

  app.post(
    '/api/invitations/lookup',
    {
      config: limited,
      schema: { tags: ['auth'], body: linkTokenInput, response: { 200: invitationDetails } },
    },
    (request) => invitations.getInvitation(db, request.body.token),
  );
  app.post(
    '/api/invitations/accept',
    {
      config: limited,
      schema: { tags: ['auth'], body: invitationAcceptInput, response: { 200: accountEmail } },
    },
    (request) => invitations.acceptInvitation(db, auth, request.ctx, request.body),
  );

  app.post(
    '/api/account/email-change',
    {
      config: limited,
      // Not PHI, but an admin still needs aal2 here: the change is as sensitive as the MFA settings.
      preValidation: guard(db, 'auth', 'user_account'),
      schema: { tags: ['auth'], body: emailChangeInput, response: { 200: emailChangeRequested } },
    },
    (request) => requestEmailChange(deps, request.ctx, requireActor(request), request.body),
  );
  app.post(
    '/api/account/email-change/confirm',
    {
      config: limited,
      schema: { tags: ['auth'], body: linkTokenInput, response: { 200: accountEmail } },
    },
    (request) => confirmEmailChange(deps, request.ctx, request.body.token),
  );
};
