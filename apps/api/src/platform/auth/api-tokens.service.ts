/**
 * API token families (issue 4 "Tokens for API clients"; docs/decisions/0015-api-tokens-and-cookies.md): issue a
 * family (from a browser session or from email + password [+ TOTP]), rotate its refresh token with reuse
 * detection (GoTrue's rule: a used or revoked token presented again revokes the whole family), and sign out with a
 * scope. Only SHA-256 hashes of refresh tokens are stored (`api_refresh_token.token_hash`). Every change is audited
 * (`api_token.issue`, `.refresh`, `.reuse_detected`, `.revoke`) in the transaction that makes it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, min, ne } from 'drizzle-orm';
import type { ApiTokenPair, SignOutScope } from '@tend/contracts';
import type { Database, Executor } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { ActorRecord, RequestContext } from '../http/context.ts';
import type { Auth } from './auth.ts';
import { apiRefreshTokens, authSessions, userAccounts } from './auth.table.ts';
import {
  accessTokenTimes,
  ApiTokenError,
  hashRefreshToken,
  issuingSessionEnded,
  newRefreshToken,
  refreshTokenAal,
  refreshTokenExpiry,
  type AccessTokenClaims,
  type Aal,
  type ApiTokenLifetimes,
} from './api-tokens.ts';
import { assertSignInOpen, recordSignInOutcome } from './sign-in-lockout.ts';

/** The account a family belongs to, as the audit log and the access token need it. */
interface Account {
  id: string;
  authUserId: string;
  email: string;
  role: ActorRecord['role'];
  fullName: string | null;
  isActive: boolean;
}

async function accountOf(db: Executor, authUserId: string): Promise<Account | null> {
  const [row] = await db
    .select({
      id: userAccounts.id,
      email: userAccounts.email,
      role: userAccounts.role,
      fullName: userAccounts.fullName,
      isActive: userAccounts.isActive,
    })
    .from(userAccounts)
    .where(eq(userAccounts.authUserId, authUserId));
  return row ? { ...row, authUserId } : null;
}

/** `ctx` acting as `account` (token requests authenticate by their body, so `ctx.actor` may be null). */
function actingAs(ctx: RequestContext, account: Account, familyId: string, issuedAt: Date): RequestContext {
  return {
    ...ctx,
    actor: ctx.actor ?? {
      userAccountId: account.id,
      role: account.role,
      email: account.email,
      authUserId: account.authUserId,
      fullName: account.fullName,
      sessionId: familyId,
      sessionIssuedAt: issuedAt,
    },
  };
}

/** Signs an access token with the current key of better-auth's `jwt` plugin; returns the token pair. */
async function tokenPair(
  auth: Auth,
  claims: AccessTokenClaims,
  refreshToken: string,
  nowMs: number,
  familyEndsAtMs: number,
  lifetimes: ApiTokenLifetimes,
): Promise<ApiTokenPair> {
  const { iat, exp } = accessTokenTimes(nowMs, lifetimes.accessTokenTtlS, familyEndsAtMs);
  const { token } = await auth.api.signJWT({ body: { payload: { ...claims, iat, exp } } });
  return { accessToken: token, tokenType: 'Bearer', expiresIn: exp - iat, refreshToken };
}

export interface IssueSource {
  /** `session`: vouched for by a signed-in browser session; `password`: email + password (+ TOTP). */
  method: 'session' | 'password';
  /**
   * The browser session (session method): the family inherits its sign-in time (`auth_time`, and the family's
   * 12 h end counts from it) and ends with it (issue 17 item 1). Null for the password method.
   */
  session: { id: string; issuedAt: Date } | null;
  aal: Aal;
}

/**
 * Starts a new family for `authUserId`: a refresh token (valid `REFRESH_IDLE_TTL_S` unused, the family
 * `lifetimes.familyTtlS` in all, counted from the sign-in: the browser session's for the session method, else
 * now) and an access token. Audited `api_token.issue` with the family id, method and aal. Errors: 401
 * `account_inactive` when the account is missing or deactivated; `refresh_token_expired` when the session's
 * sign-in is already `familyTtlS` old.
 */
export async function issueFamily(
  db: Database,
  auth: Auth,
  ctx: RequestContext,
  authUserId: string,
  source: IssueSource,
  lifetimes: ApiTokenLifetimes,
): Promise<ApiTokenPair> {
  const account = await accountOf(db, authUserId);
  if (!account?.isActive) throw new ApiTokenError('account_inactive', 'This account is deactivated');
  const nowMs = Date.now();
  const signedInAtMs = source.session?.issuedAt.getTime() ?? nowMs;
  const familyEndsAtMs = signedInAtMs + lifetimes.familyTtlS * 1000;
  if (familyEndsAtMs <= nowMs)
    throw new ApiTokenError('refresh_token_expired', 'This sign-in reached its time limit; sign in again');
  const familyId = randomUUID();
  const refreshToken = newRefreshToken(source.aal);
  const claims: AccessTokenClaims = {
    sub: authUserId,
    uai: account.id,
    role: account.role,
    aal: source.aal,
    sid: familyId,
    auth_time: Math.floor(signedInAtMs / 1000),
  };
  const pair = await tokenPair(auth, claims, refreshToken, nowMs, familyEndsAtMs, lifetimes);
  await db.transaction(async (tx) => {
    await tx.insert(apiRefreshTokens).values({
      familyId,
      userId: authUserId,
      sessionId: source.session?.id ?? null,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(refreshTokenExpiry(nowMs, familyEndsAtMs)),
      createdAt: new Date(nowMs),
    });
    await recordAudit(tx, actingAs(ctx, account, familyId, new Date(signedInAtMs)), {
      action: 'api_token.issue',
      entityType: 'user_account',
      entityId: account.id,
      details: { familyId, method: source.method, aal: source.aal },
    });
  });
  return pair;
}

/** Marks every live token of `familyId` revoked with `reason`; returns how many rows it changed. */
async function revokeFamily(tx: Executor, familyId: string, reason: string, now: Date): Promise<number> {
  const rows = await tx
    .update(apiRefreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(apiRefreshTokens.familyId, familyId), isNull(apiRefreshTokens.revokedAt)))
    .returning({ id: apiRefreshTokens.id });
  return rows.length;
}

/**
 * Revokes every live refresh-token family of the better-auth user `authUserId` with `reason` (e.g.
 * `account_deactivated`, `password_reset`, `password_change`), in `executor`'s transaction when it is one: their
 * refresh tokens stop working at once and their access tokens at the next request (bearer.ts checks the family).
 * Returns how many families it ended (decision 0015: API clients end with the account's browser sessions).
 */
export async function revokeUserFamilies(
  executor: Executor,
  authUserId: string,
  reason: string,
  now = new Date(),
): Promise<number> {
  const rows = await executor
    .update(apiRefreshTokens)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(apiRefreshTokens.userId, authUserId), isNull(apiRefreshTokens.revokedAt)))
    .returning({ familyId: apiRefreshTokens.familyId });
  return new Set(rows.map((row) => row.familyId)).size;
}

/**
 * Rotates `refreshToken`: marks it used and returns a new pair of the same family (new refresh token with
 * `parentId` = the used one). Audited `api_token.refresh`. Errors (401, the family's fate in brackets):
 * `refresh_token_invalid` (unknown), `refresh_token_expired` (unused for 45 min, or the family's end passed),
 * `refresh_token_reused` (already used: the whole family is revoked as `reuse_detected`, audited
 * `api_token.reuse_detected`), `refresh_token_revoked` (the family was revoked; audited as reuse too),
 * `account_inactive` (deactivated account: family revoked), `refresh_token_revoked` also when the browser session
 * the family was issued from has ended (family revoked as `session_ended`). No grace window: a retried refresh counts as reuse
 * (only hashes are stored, so the first answer's token cannot be sent again; decision 0015).
 */
export async function rotateRefreshToken({
  db,
  auth,
  ctx,
  refreshToken,
  lifetimes,
}: {
  db: Database;
  auth: Auth;
  ctx: RequestContext;
  /** The refresh token the client sent. */
  refreshToken: string;
  lifetimes: ApiTokenLifetimes;
}): Promise<ApiTokenPair> {
  const aal = refreshTokenAal(refreshToken);
  if (!aal) throw new ApiTokenError('refresh_token_invalid', 'This refresh token is not valid');
  const tokenHash = hashRefreshToken(refreshToken);
  const nowMs = Date.now();
  const now = new Date(nowMs);
  const outcome = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(apiRefreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(apiRefreshTokens.tokenHash, tokenHash),
          isNull(apiRefreshTokens.usedAt),
          isNull(apiRefreshTokens.revokedAt),
          gt(apiRefreshTokens.expiresAt, now),
        ),
      )
      .returning();
    if (!used) return refusedRefresh(tx, ctx, tokenHash, now);
    const account = await accountOf(tx, used.userId);
    if (!account?.isActive) {
      await revokeFamily(tx, used.familyId, 'account_inactive', now);
      return new ApiTokenError('account_inactive', 'This account is deactivated');
    }
    return issueChild(tx, ctx, { used, account, aal, nowMs, lifetimes });
  });
  if (outcome instanceof ApiTokenError) throw outcome;
  // Signed after the commit: better-auth reads its keys through its own connection.
  return tokenPair(auth, outcome.claims, outcome.next, nowMs, outcome.familyEndsAtMs, lifetimes);
}

/**
 * Why the refresh token with hash `tokenHash` could not be used (invalid, expired, reused or revoked; see
 * {@link rotateRefreshToken}). A used or revoked token that comes back revokes its family and is audited
 * `api_token.reuse_detected` in `tx`.
 */
async function refusedRefresh(
  tx: Executor,
  ctx: RequestContext,
  tokenHash: string,
  now: Date,
): Promise<ApiTokenError> {
  const [row] = await tx.select().from(apiRefreshTokens).where(eq(apiRefreshTokens.tokenHash, tokenHash));
  if (!row) return new ApiTokenError('refresh_token_invalid', 'This refresh token is not valid');
  if (!row.usedAt && !row.revokedAt)
    return new ApiTokenError('refresh_token_expired', 'This refresh token has expired; sign in again');
  // Reuse: a used (or revoked) token came back. Whoever holds it, the family is no longer trusted.
  const revoked = await revokeFamily(tx, row.familyId, 'reuse_detected', now);
  const account = await accountOf(tx, row.userId);
  if (account)
    await recordAudit(tx, actingAs(ctx, account, row.familyId, row.createdAt), {
      action: 'api_token.reuse_detected',
      entityType: 'user_account',
      entityId: account.id,
      outcome: 'denied',
      details: { familyId: row.familyId, tokenId: row.id, revokedTokens: revoked },
    });
  return row.revokedAt && !row.usedAt
    ? new ApiTokenError('refresh_token_revoked', 'This refresh token was signed out; sign in again')
    : new ApiTokenError(
        'refresh_token_reused',
        'This refresh token was already used; every token of its sign-in is now revoked',
      );
}

/**
 * When the family of `used` began: the sign-in time of the browser session it was issued from (null once that
 * session has ended: {@link issuingSessionEnded}), else its first token's creation time.
 */
async function familyStart(
  tx: Executor,
  used: typeof apiRefreshTokens.$inferSelect,
  nowMs: number,
): Promise<Date | null> {
  if (used.sessionId) {
    const [session] = await tx
      .select({ issuedAt: authSessions.createdAt, lastActivityAt: authSessions.lastActivityAt })
      .from(authSessions)
      .where(eq(authSessions.id, used.sessionId));
    const state = session
      ? { issuedAtMs: session.issuedAt.getTime(), lastActivityAtMs: session.lastActivityAt.getTime() }
      : null;
    return issuingSessionEnded(state, nowMs) ? null : (session?.issuedAt ?? null);
  }
  const [family] = await tx
    .select({ startedAt: min(apiRefreshTokens.createdAt) })
    .from(apiRefreshTokens)
    .where(eq(apiRefreshTokens.familyId, used.familyId));
  return family?.startedAt ?? used.createdAt;
}

/**
 * Stores the successor of the just-used refresh token `used` (same family, `parentId` = `used.id`, expiring no
 * later than the family's end) and audits `api_token.refresh` in `tx`. Returns the access-token claims, the new
 * refresh token and the family's end (epoch ms); `refresh_token_expired` once the family's time limit has passed.
 */
async function issueChild(
  tx: Executor,
  ctx: RequestContext,
  {
    used,
    account,
    aal,
    nowMs,
    lifetimes,
  }: {
    used: typeof apiRefreshTokens.$inferSelect;
    account: Account;
    aal: AccessTokenClaims['aal'];
    nowMs: number;
    lifetimes: ApiTokenLifetimes;
  },
): Promise<{ claims: AccessTokenClaims; next: string; familyEndsAtMs: number } | ApiTokenError> {
  const startedAt = await familyStart(tx, used, nowMs);
  if (!startedAt) {
    await revokeFamily(tx, used.familyId, 'session_ended', new Date(nowMs));
    return new ApiTokenError(
      'refresh_token_revoked',
      'The sign-in this token came from has ended; sign in again',
    );
  }
  const familyEndsAtMs = startedAt.getTime() + lifetimes.familyTtlS * 1000;
  if (familyEndsAtMs <= nowMs)
    return new ApiTokenError('refresh_token_expired', 'This sign-in reached its time limit; sign in again');
  const next = newRefreshToken(aal);
  const [child] = await tx
    .insert(apiRefreshTokens)
    .values({
      familyId: used.familyId,
      parentId: used.id,
      userId: used.userId,
      sessionId: used.sessionId,
      tokenHash: hashRefreshToken(next),
      expiresAt: new Date(refreshTokenExpiry(nowMs, familyEndsAtMs)),
      createdAt: new Date(nowMs),
    })
    .returning({ id: apiRefreshTokens.id });
  await recordAudit(tx, actingAs(ctx, account, used.familyId, startedAt), {
    action: 'api_token.refresh',
    entityType: 'user_account',
    entityId: account.id,
    details: { familyId: used.familyId, tokenId: child?.id ?? null, parentId: used.id },
  });
  const claims: AccessTokenClaims = {
    sub: used.userId,
    uai: account.id,
    role: account.role,
    aal,
    sid: used.familyId,
    auth_time: Math.floor(startedAt.getTime() / 1000),
  };
  return { claims, next, familyEndsAtMs };
}

/** The family and user a refresh token belongs to (any state), or null for an unknown token. */
export async function findRefreshToken(db: Database, refreshToken: string) {
  const [row] = await db
    .select({ familyId: apiRefreshTokens.familyId, userId: apiRefreshTokens.userId })
    .from(apiRefreshTokens)
    .where(eq(apiRefreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  return row ?? null;
}

/** Who signs out: the user, and the family and/or browser session the request came with. */
export interface SignOutCaller {
  authUserId: string;
  familyId: string | null;
  sessionId: string | null;
}

/**
 * Signs out with a GoTrue scope (issue 4 "revocation on sign-out with a scope"): `local` revokes the caller's
 * family and ends the caller's browser session; `others` revokes every other family and ends every other browser
 * session of the user; `global` all of them. Revoked rows get `revoked_reason` 'sign_out'; ended sessions are
 * deleted (better-auth's sign-out does the same). Audited `api_token.revoke` with the counts. Returns the counts.
 */
export async function signOut(
  db: Database,
  ctx: RequestContext,
  caller: SignOutCaller,
  scope: SignOutScope,
): Promise<{ revokedFamilies: number; endedSessions: number }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    // Which families and sessions the scope reaches (undefined: all of the user's).
    const others = scope === 'others';
    const families =
      scope === 'local' && !caller.familyId
        ? []
        : await tx
            .update(apiRefreshTokens)
            .set({ revokedAt: now, revokedReason: 'sign_out' })
            .where(
              and(
                eq(apiRefreshTokens.userId, caller.authUserId),
                isNull(apiRefreshTokens.revokedAt),
                scope === 'global' || !caller.familyId
                  ? undefined
                  : others
                    ? ne(apiRefreshTokens.familyId, caller.familyId)
                    : eq(apiRefreshTokens.familyId, caller.familyId),
              ),
            )
            .returning({ familyId: apiRefreshTokens.familyId });
    const sessions =
      scope === 'local' && !caller.sessionId
        ? []
        : await tx
            .delete(authSessions)
            .where(
              and(
                eq(authSessions.userId, caller.authUserId),
                scope === 'global' || !caller.sessionId
                  ? undefined
                  : others
                    ? ne(authSessions.id, caller.sessionId)
                    : eq(authSessions.id, caller.sessionId),
              ),
            )
            .returning({ id: authSessions.id });
    const result = {
      revokedFamilies: new Set(families.map((f) => f.familyId)).size,
      endedSessions: sessions.length,
    };
    const account = ctx.actor ? null : await accountOf(tx, caller.authUserId);
    await recordAudit(tx, account ? actingAs(ctx, account, caller.familyId ?? '', now) : ctx, {
      action: 'api_token.revoke',
      entityType: 'user_account',
      entityId: ctx.actor?.userAccountId ?? account?.id ?? null,
      details: { scope, familyId: caller.familyId, ...result },
    });
    return result;
  });
}

/** The `name=value` pairs of a Fetch response's Set-Cookie headers, as one Cookie header. */
function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] as string)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * Checks email + password (+ TOTP) through better-auth's own sign-in endpoints — the same password check, the
 * same two-factor step with its lockout (10 wrong codes lock the factor), the same refusal of deactivated accounts
 * and the `auth.sign_in` audit — then deletes the browser session they create: an API client keeps only its token
 * family. Returns the auth user id and the assurance level reached (aal2 when a TOTP code was verified).
 * Errors: 429 while the address is locked after repeated wrong passwords (sign-in-lockout.ts); 401
 * `invalid_credentials` (wrong email or password, never saying which), `account_inactive` (right
 * password, deactivated account), `mfa_code_required` (the account has two-step verification and no `totpCode`
 * came), `mfa_code_invalid` (wrong, reused or locked-out code).
 */
export async function verifyCredentials(
  db: Database,
  auth: Auth,
  input: { email: string; password: string; totpCode?: string | undefined },
  userAgent: string | null,
): Promise<{ authUserId: string; aal: Aal }> {
  const headers = new Headers(userAgent ? { 'user-agent': userAgent } : {});
  await assertSignInOpen(db, input.email);
  const signIn = await auth.api.signInEmail({
    body: { email: input.email, password: input.password, rememberMe: false },
    headers,
    asResponse: true,
  });
  if (signIn.status === 200 || signIn.status === 401)
    await recordSignInOutcome(db, input.email, signIn.status === 200);
  if (!signIn.ok) {
    const refusal = (await signIn.json().catch(() => ({}))) as { code?: string };
    if (refusal.code === 'FAILED_TO_CREATE_SESSION') {
      // The password was right but no session may start: the account is deactivated (auth.ts session hook).
      const [row] = await db
        .select({ isActive: userAccounts.isActive })
        .from(userAccounts)
        .where(eq(userAccounts.email, input.email.toLowerCase()));
      if (row && !row.isActive) throw new ApiTokenError('account_inactive', 'This account is deactivated');
    }
    throw new ApiTokenError('invalid_credentials', 'Wrong email or password');
  }
  const body = (await signIn.json()) as {
    twoFactorRedirect?: boolean;
    token?: string;
    user?: { id: string };
  };
  const ctx = await auth.$context;
  if (!body.twoFactorRedirect) {
    if (body.token) await ctx.internalAdapter.deleteSession(body.token);
    if (!body.user) throw new ApiTokenError('invalid_credentials', 'Wrong email or password');
    return { authUserId: body.user.id, aal: 'aal1' };
  }
  if (!input.totpCode)
    throw new ApiTokenError(
      'mfa_code_required',
      'This account uses two-step verification: send totpCode from the authenticator app',
    );
  headers.set('cookie', cookiesFrom(signIn));
  const verify = await auth.api.verifyTOTP({ body: { code: input.totpCode }, headers, asResponse: true });
  if (!verify.ok) throw new ApiTokenError('mfa_code_invalid', 'The two-step verification code is not valid');
  const verified = (await verify.json()) as { token: string; user: { id: string } };
  await ctx.internalAdapter.deleteSession(verified.token);
  return { authUserId: verified.user.id, aal: 'aal2' };
}
