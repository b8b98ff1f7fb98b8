/**
 * Sessions started by a DASHBOARD access link (issue 20 "Access links done right"; docs/access-links.md; decision
 * 0049): `POST /api/auth/access-link/open { token }`, a better-auth endpoint so that the session and its cookie are
 * better-auth's own (same cookie, same hooks: an inactive account gets no session, the sign-in is audited
 * `auth.sign_in` with method `access_link`).
 *
 * The platform never imports a module (decision 0030): what a token means (which link, which account, where it
 * goes) is the access module's `AccessLinkOpener`, passed in by `app-deps.ts`. The opener spends the link (once),
 * the endpoint starts the session in the strict tier whatever the sign-in path header says, sets the cookie, then
 * tells the opener which session the link started. A refused link is 400 VALIDATION_FAILED on `token` with the
 * sentence the person reads. The token itself is never logged: it is in the body only.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { eq } from 'drizzle-orm';
import * as z from 'zod';
import type { Database } from '../db/client.ts';
import type { RequestContext } from '../http/context.ts';
import { systemContext } from '../http/context.ts';
import { auditRequestId } from './auth-audit.ts';
import { validationApiError } from './auth-problem.ts';
import { authSessions } from './auth.table.ts';

/** The better-auth path of the endpoint (under `/api/auth`). */
export const ACCESS_LINK_OPEN_PATH = '/access-link/open';

/** A link the opener accepted (and spent): whom to sign in and where they go. */
export interface OpenedAccessLink {
  accessLinkId: string;
  authUserId: string;
  userAccountId: string;
  /** A path of the web app, e.g. `/dashboard/case-manager/<id>`. */
  redirectTo: string;
}

/** What a token means: the access module's side of the endpoint (see the file comment). */
export interface AccessLinkOpener {
  /**
   * Spends the DASHBOARD link `token` (once, atomically) and finds the account it signs in, or refuses with the
   * sentence to show (`{ refused }`: unknown, used, expired, revoked, or no account may be signed in).
   */
  open(token: string, ctx: RequestContext): Promise<OpenedAccessLink | { refused: string }>;
  /** Records that `sessionId` was started by the link (so reads in it are audited with access path `link`). */
  started(sessionId: string, opened: OpenedAccessLink, ctx: RequestContext): Promise<void>;
}

const openBody = z.object({ token: z.string().min(1).max(100) });

/** The request context of an audit event written inside the endpoint: request id, IP, user agent; no actor. */
function requestContext(headers: Headers | undefined, ip: string | null): RequestContext {
  return {
    ...systemContext(auditRequestId(headers)),
    ip,
    userAgent: headers?.get('user-agent')?.slice(0, 500) ?? null,
  };
}

/** The better-auth plugin serving {@link ACCESS_LINK_OPEN_PATH} over `opener` (see the file comment). */
export function accessLinkSignIn(db: Database, opener: AccessLinkOpener): BetterAuthPlugin {
  return {
    id: 'tend-access-link',
    endpoints: {
      openAccessLink: createAuthEndpoint(
        ACCESS_LINK_OPEN_PATH,
        { method: 'POST', body: openBody },
        async (ctx) => {
          const headers = ctx.request?.headers ?? ctx.headers;
          const ip = headers?.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
          const auditCtx = requestContext(headers, ip);
          const opened = await opener.open(ctx.body.token, auditCtx);
          if ('refused' in opened)
            throw validationApiError([{ path: 'token', message: opened.refused }], opened.refused);
          const user = await ctx.context.internalAdapter.findUserById(opened.authUserId);
          const session = user ? await ctx.context.internalAdapter.createSession(user.id) : null;
          if (!user || !session) {
            const refused = 'This link cannot open a session for this account. Please ask your agency.';
            throw validationApiError([{ path: 'token', message: refused }], refused);
          }
          // Links always start a strict (PHI) session, whatever path the sign-in says it returns to.
          await db.update(authSessions).set({ tier: 'strict_phi' }).where(eq(authSessions.id, session.id));
          await opener.started(session.id, opened, { ...auditCtx, ip: session.ipAddress ?? ip });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ redirectTo: opened.redirectTo });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
