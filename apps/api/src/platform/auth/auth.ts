/**
 * Authentication: better-auth (email + password, database sessions in HttpOnly cookies) on Drizzle.
 * Tend's `user_account` row carries the role (spec s.6); an inactive account cannot start a session.
 * Public sign-up is off: admins create accounts and the first admin comes from the setup flow
 * (docs/decisions/0001-foundation.md). Session tiers, MFA and the rest come with the accounts issue.
 */
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { systemContext } from '../http/context.ts';
import { authAccounts, authSessions, authUsers, authVerifications, userAccounts } from './auth.table.ts';

/** Session lifetime (12 h) and how often its sliding expiry is pushed forward (15 min), in seconds. */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 12;
export const SESSION_UPDATE_AGE_S = 60 * 15;

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
