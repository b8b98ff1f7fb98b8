/**
 * Authentication: better-auth (email + password, database sessions in HttpOnly cookies) on Drizzle.
 * Tend's `user_account` row carries the role (spec s.6); an inactive account cannot start a session.
 * Public sign-up is off: admins create accounts and the first admin comes from the setup flow
 * (docs/decisions/0001-foundation.md). Session tiers, MFA and the rest come with the accounts issue.
 * Every endpoint that sets a password applies the password policy (docs/decisions/0007-password-policy.md).
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { systemContext } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { checkPassword, type PasswordContext } from './password-policy.ts';
import { authAccounts, authSessions, authUsers, authVerifications, userAccounts } from './auth.table.ts';

/** Session lifetime (12 h) and how often its sliding expiry is pushed forward (15 min), in seconds. */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 12;
export const SESSION_UPDATE_AGE_S = 60 * 15;

/**
 * A 400 VALIDATION_FAILED for better-auth's endpoints: the problem+json body Tend's own routes send
 * (one `errors[]` entry per reason, each on `password`) plus better-auth's `message`. better-auth
 * writes it with `content-type: application/json`, and without `requestId` (the `x-request-id`
 * response header carries it).
 */
function weakPasswordError(reasons: string[]): APIError {
  const error = new AppError(
    'VALIDATION_FAILED',
    `password ${reasons.join('; ')}`,
    reasons.map((message) => ({ path: 'password', message })),
  );
  const { requestId: _requestId, ...problem } = error.toProblem('');
  return new APIError('BAD_REQUEST', { ...problem, message: error.message });
}

/**
 * better-auth's HTTP endpoints that set a password, and the body field carrying it.
 * (`setPassword` is server-only in better-auth and unused by Tend; setup and admin-created accounts
 * are checked in the users module.)
 */
const passwordFields: Record<string, string> = {
  '/sign-up/email': 'password',
  '/change-password': 'newPassword',
  '/reset-password': 'newPassword',
};

/**
 * The password policy (password-policy.ts) as a better-auth before hook. The account's email and
 * name come from the body (sign-up), the session (change-password) or the reset token's user; with
 * no session or no valid token the hook lets better-auth's endpoint refuse the request as it does.
 */
const passwordPolicyHook = createAuthMiddleware(async (ctx) => {
  const field = passwordFields[ctx.path];
  if (!field) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const password = body[field];
  if (typeof password !== 'string') return;
  let context: PasswordContext;
  if (ctx.path === '/sign-up/email') {
    context = {
      email: typeof body.email === 'string' ? body.email : undefined,
      names: typeof body.name === 'string' ? [body.name] : [],
    };
  } else if (ctx.path === '/change-password') {
    const session = await getSessionFromCtx(ctx);
    if (!session) return;
    context = { email: session.user.email, names: [session.user.name] };
  } else {
    const query = (ctx.query ?? {}) as Record<string, unknown>;
    const token = typeof body.token === 'string' ? body.token : query.token;
    if (typeof token !== 'string' || !token) return;
    const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!verification || verification.expiresAt < new Date()) return;
    const user = await ctx.context.internalAdapter.findUserById(verification.value);
    if (!user) return;
    context = { email: user.email, names: [user.name] };
  }
  const reasons = checkPassword(password, context);
  if (reasons.length > 0) throw weakPasswordError(reasons);
});

export interface AuthOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
}

/** Creates the better-auth instance mounted at `/api/auth`. */
export function createAuth({ db, secret, publicUrl, trustedOrigins }: AuthOptions) {
  return betterAuth({
    appName: 'Tend',
    secret,
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [new URL(publicUrl).origin, ...trustedOrigins],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
      },
    }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    advanced: { cookiePrefix: 'tend', database: { generateId: () => crypto.randomUUID() } },
    rateLimit: { enabled: false },
    hooks: { before: passwordPolicyHook },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const [account] = await db
              .select({ isActive: userAccounts.isActive })
              .from(userAccounts)
              .where(eq(userAccounts.authUserId, session.userId));
            // No account row or a deactivated one: refuse the session.
            if (!account?.isActive) return false;
            return { data: session };
          },
          after: async (session) => {
            const [account] = await db
              .update(userAccounts)
              .set({ lastLoginAt: new Date() })
              .where(eq(userAccounts.authUserId, session.userId))
              .returning({ id: userAccounts.id, email: userAccounts.email, role: userAccounts.role });
            if (account) {
              await recordAudit(
                db,
                { ...systemContext(), ip: session.ipAddress ?? null, userAgent: session.userAgent ?? null },
                { action: 'auth.sign_in', entityType: 'user_account', entityId: account.id },
              );
            }
          },
        },
      },
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;

/**
 * Creates an auth user with a credential (password) account, as better-auth's own sign-up does,
 * for server-side account creation (setup, admin). Errors: throws when the email is taken.
 */
export async function createCredentialUser(
  auth: Auth,
  input: { email: string; password: string; name: string },
) {
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(input.password);
  const user = await ctx.internalAdapter.createUser(
    { email: input.email.toLowerCase(), name: input.name, emailVerified: true },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: hash,
  });
  return user;
}
