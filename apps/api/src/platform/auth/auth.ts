/**
 * Authentication: better-auth (email + password, database sessions in HttpOnly cookies) on Drizzle.
 * Tend's `user_account` row carries the role (spec s.6); an inactive account cannot start a session.
 * Public sign-up is off: admins create accounts and the first admin comes from the setup flow
 * (docs/decisions/0001-foundation.md). Every endpoint that sets a password applies the password policy
 * (docs/decisions/0007-password-policy.md). TOTP MFA is better-auth's `twoFactor` plugin; a session that verified
 * a code is marked `aal2`, and the tier a sign-in asks for is recorded on its session
 * (docs/decisions/0009-mfa.md; the server-side tier and aal checks are in auth.plugin.ts). Caregivers may also
 * sign in with a one-time code sent by email (`emailOTP` plugin, caregiver-otp.ts; docs/decisions/0011-caregiver-otp.md).
 * Public sign-up (role USER, no PHI) is `POST /api/sign-up` (sign-up.ts) with email confirmation by link; sign-in by
 * emailed link (magic-link.ts) and by phone + password or SMS code (phone.ts) (docs/decisions/0018-sign-up.md).
 * "Continue with Google" (when GOOGLE_CLIENT_ID/SECRET are set) is better-auth's Google provider (code exchange with
 * PKCE and state); it signs in existing accounts only and ends at the web app's `/auth/callback`
 * (google-sign-in.ts; docs/google-sign-in.md).
 */
import { betterAuth, type BetterAuthOptions, type GenericEndpointContext, type Session } from 'better-auth';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { sessionTierForPath, type SessionTier } from '@tend/contracts/session-tiers';
import type { Role } from '@tend/contracts';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { systemContext, type RequestContext } from '../http/context.ts';
import { auditRequestId } from './auth-audit.ts';
import { validationApiError } from './auth-problem.ts';
import { checkPassword, type PasswordContext } from './password-policy.ts';
import { caregiverEmailOtp, DISABLED_OTP_PATHS, type SignInCodeEmail } from './caregiver-otp.ts';
import { apiTokenJwt, DISABLED_JWT_PATHS, sessionCookieOptions } from './api-tokens.ts';
import { passwordRecoveryOptions, verificationStorage } from './recovery.ts';
import { magicLinkSignIn } from './magic-link.ts';
import { phoneSignIn, type SignInCodeSms } from './phone.ts';
import type { CountryCode } from './phone-numbers.ts';
import { signUpVerificationOptions } from './sign-up.ts';
import { googleSignInMethods, googleSocialProviders, type GoogleClient } from './google-sign-in.ts';
import { callbackUrlCheck } from './callback-url.ts';
import { CHANGE_PASSWORD_PATH, passwordChange } from './password-change.ts';
import { identityAudit } from './identities.ts';
import { ACCESS_LINK_OPEN_PATH, accessLinkSignIn, type AccessLinkOpener } from './access-link-sign-in.ts';
import { withoutSessionInvalidation } from './session-cache.ts';
import {
  authAccounts,
  authJwks,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
  userAccounts,
} from './auth.table.ts';

/**
 * better-auth's session lifetime: the longest tier's absolute limit (relaxed, 14 d; spec s.9), and how often its
 * sliding expiry is pushed forward (15 min), in seconds. The tier limits themselves (strict_phi 45 min idle / 12 h)
 * are enforced per request by auth.plugin.ts from `auth_session.tier`, `created_at` and `last_activity_at`.
 */
export const SESSION_EXPIRES_IN_S = 60 * 60 * 24 * 14;
export const SESSION_UPDATE_AGE_S = 60 * 15;

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
  if (reasons.length > 0)
    throw validationApiError(
      reasons.map((message) => ({ path: 'password', message })),
      `password ${reasons.join('; ')}`,
    );
});

/**
 * The request header with which the web app's sign-in says which path it returns to (`/login?redirect=`); the
 * new session's tier is `sessionTierForPath` of it (relaxed only for /matchmaking paths and the public ones),
 * strict_phi when absent. A client cannot gain anything by sending `relaxed`: every PHI API checks the strict
 * limits and makes the session strict (decision 0009).
 */
export const SIGN_IN_PATH_HEADER = 'x-tend-sign-in-path';

/** The tier a new session starts in, from the sign-in request's `SIGN_IN_PATH_HEADER` (strict_phi by default). */
export function tierForSignIn(headers: Headers | undefined): SessionTier {
  const path = headers?.get(SIGN_IN_PATH_HEADER);
  if (!path || !path.startsWith('/') || path.startsWith('//')) return 'strict_phi';
  return sessionTierForPath(path.split(/[?#]/)[0] as string);
}

/** The sign-in method recorded in `auth.sign_in` audit details, by better-auth path (password sign-in: none). */
const signInMethods: Record<string, string> = {
  '/sign-in/email-otp': 'email_otp',
  '/magic-link/verify': 'magic_link',
  '/sign-in/phone-number': 'phone_password',
  '/phone-number/verify': 'phone_otp',
  '/verify-email': 'email_confirmation',
  [ACCESS_LINK_OPEN_PATH]: 'access_link',
  ...googleSignInMethods,
};

/** better-auth endpoints that end in a session which has just verified a second factor. */
const secondFactorPaths = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

/**
 * After a successful TOTP or backup-code verification, marks the resulting session `aal2` (the sign-in's second
 * step creates a new session; enrolment replaces the session, which keeps its sign-in time). After
 * `/two-factor/disable` the replacing session is `aal1` again.
 */
function assuranceHook(db: Database) {
  return createAuthMiddleware(async (ctx) => {
    const disabling = ctx.path === '/two-factor/disable';
    if (!secondFactorPaths.has(ctx.path) && !disabling) return;
    const returned = ctx.context.returned;
    if (returned instanceof Error || (returned instanceof Response && !returned.ok)) return;
    const returnedToken: unknown =
      returned && typeof returned === 'object' && 'token' in returned ? returned.token : undefined;
    const token =
      ctx.context.newSession?.session.token ??
      (typeof returnedToken === 'string' ? returnedToken : undefined);
    if (!token) return;
    const previous = ctx.context.session?.session;
    await db
      .update(authSessions)
      .set({
        aal: disabling ? 'aal1' : 'aal2',
        // A replacing session keeps the sign-in time (enrolment must not extend the 12 h limit); its tier is
        // strict_phi (the column default; /account/mfa is a strict path anyway).
        ...(previous && previous.token !== token ? { createdAt: new Date(previous.createdAt) } : {}),
      })
      .where(eq(authSessions.token, token));
  });
}

export interface AuthOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  /** Sends a caregiver's sign-in code email through Tend's messaging service (it lands in the outbox). */
  sendEmail: (message: SignInCodeEmail) => Promise<unknown>;
  /** Sends a phone sign-in code SMS through Tend's messaging service (it lands in the outbox). */
  sendSms: (message: SignInCodeSms) => Promise<unknown>;
  /** Google's OAuth client (config `google`); null or absent: no Google sign-in. */
  google?: GoogleClient | null;
  /** The country of a phone number typed without a country code (config DEFAULT_PHONE_COUNTRY; `US` when absent). */
  defaultPhoneCountry?: CountryCode;
  /**
   * How passwords are hashed and checked. Absent (every real server): better-auth's own scrypt (N = 16384, r = 16,
   * p = 1, 64-byte key, stored as `salt:key` in hex). Tests pass a cheaper scrypt cost (apps/api/test/helpers.ts),
   * since a few hundred sign-ins at the real cost take minutes of CPU.
   */
  passwordHasher?: PasswordHasher;
  /**
   * What a DASHBOARD access link means (module `access`, passed in by app-deps.ts; decision 0049). Absent: no
   * `POST /api/auth/access-link/open` endpoint.
   */
  accessLinks?: AccessLinkOpener;
  /**
   * Runs after every sign-in is recorded (a new session, any method; not the session replacing one after a
   * password change), with the account and the audit context of the sign-in. The app wires the modules' reactions
   * here from outside the platform (app-deps.ts; e.g. module users links a caregiver by email on the first sign-in,
   * decision 0050). A throw fails the sign-in: wrap what may fail.
   */
  onSignIn?: (signIn: SignedIn) => Promise<void>;
}

/** A sign-in just recorded: the account, its role and email, and the context its audit events use. */
export interface SignedIn {
  userAccountId: string;
  role: Role;
  email: string;
  /** True when the account had never signed in before (its last sign-in time was empty). */
  firstSignIn: boolean;
  ctx: RequestContext;
}

/** A password hash function and its check, as better-auth's `emailAndPassword.password` option takes them. */
export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
}

/** better-auth's models and the tables they live in (auth.table.ts). */
const authSchema = {
  user: authUsers,
  session: authSessions,
  account: authAccounts,
  verification: authVerifications,
  twoFactor: authTwoFactors,
  jwks: authJwks,
};

/** Creates the better-auth instance mounted at `/api/auth`. */
export function createAuth({
  db,
  secret,
  publicUrl,
  trustedOrigins,
  sendEmail,
  sendSms,
  google,
  defaultPhoneCountry,
  passwordHasher,
  onSignIn,
  accessLinks,
}: AuthOptions) {
  return betterAuth({
    appName: 'Tend',
    secret,
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [new URL(publicUrl).origin, ...trustedOrigins],
    telemetry: { enabled: false },
    // Errors better-auth would show on its own page (an OAuth callback with an unknown, expired or replayed state)
    // go to the web app's /auth/callback, which says what happened in words (docs/google-sign-in.md).
    onAPIError: { errorURL: `${publicUrl}/auth/callback` },
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    plugins: [
      // callbackURL, errorCallbackURL, newUserCallbackURL and redirectTo: same-origin only, on every path.
      callbackUrlCheck(publicUrl),
      // Change password on /account: wrong current password named, replacing session kept, audited.
      passwordChange({ db }),
      // Sign-in methods linked and removed: audited.
      identityAudit({ db }),
      // better-auth's own lockout stays on (10 wrong codes lock the factor for 15 minutes), on top of the
      // per-IP limits in auth.plugin.ts.
      twoFactor({ issuer: 'Tend' }),
      // Caregiver sign-in by emailed code: active CAREGIVER accounts only, 6 digits, 5 min, 3 attempts.
      caregiverEmailOtp({ db, sendEmail }),
      // API clients' access-token signing keys and the JWKS at /api/auth/jwks (decision 0015).
      apiTokenJwt(publicUrl),
      // Sign-in by emailed link, active accounts only (decision 0018).
      magicLinkSignIn({ db, publicUrl, sendEmail }),
      // Phone + password and SMS codes, active accounts only (decision 0018); caregiver-only codes for the
      // caregiver page and password reset by SMS code for phone-only accounts (decision 0019).
      phoneSignIn({ db, sendSms, defaultCountry: defaultPhoneCountry }),
      // Dashboard access links (campaigns, admin-sent sign-in links): one session per link (decision 0049).
      ...(accessLinks ? [accessLinkSignIn(db, accessLinks)] : []),
    ],
    disabledPaths: [...DISABLED_OTP_PATHS, ...DISABLED_JWT_PATHS],
    emailAndPassword: {
      enabled: true,
      // Sign-up is Tend's own POST /api/sign-up (sign-up.ts), which confirms the email before the first sign-in.
      disableSignUp: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      ...(passwordHasher ? { password: passwordHasher } : {}),
      // Recovery by emailed link to /confirm?type=recovery (recovery.ts; decision 0014).
      ...passwordRecoveryOptions({ db, publicUrl, sendEmail }),
    },
    // Google sign-in for existing accounts (google-sign-in.ts); none without a configured client.
    ...googleSocialProviders(google),
    // Sign-up confirmation by emailed link to /confirm?type=signup (sign-up.ts).
    emailVerification: signUpVerificationOptions({ db, publicUrl, sendEmail }),
    verification: { storeIdentifier: verificationStorage },
    session: { expiresIn: SESSION_EXPIRES_IN_S, updateAge: SESSION_UPDATE_AGE_S },
    // `__Host-tend.*` cookie names over https, `tend.*` over http (decision 0015).
    advanced: { ...sessionCookieOptions(publicUrl), database: { generateId: () => crypto.randomUUID() } },
    rateLimit: { enabled: false },
    hooks: { before: passwordPolicyHook, after: assuranceHook(db) },
    databaseHooks: { session: { create: sessionCreateHooks(db, onSignIn) } },
  });
}
export type Auth = ReturnType<typeof createAuth>;

type SessionCreateHooks = NonNullable<
  NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['session']>['create']
>;

/**
 * better-auth's hooks around creating a session: before, refuse it unless the user has an active
 * `user_account` (spec s.6); after, record the sign-in ({@link recordSignIn}).
 */
function sessionCreateHooks(db: Database, onSignIn?: AuthOptions['onSignIn']): SessionCreateHooks {
  return {
    before: async (session) => {
      const [account] = await db
        .select({ isActive: userAccounts.isActive })
        .from(userAccounts)
        .where(eq(userAccounts.authUserId, session.userId));
      // No account row or a deactivated one: refuse the session.
      if (!account?.isActive) return false;
      return { data: session };
    },
    after: (session, ctx) => recordSignIn(db, session, ctx, onSignIn),
  };
}

/**
 * A new session is a sign-in (unless it replaces one after a password change): starts it relaxed when
 * the sign-in asked for a relaxed path ({@link tierForSignIn}), sets the account's last sign-in time
 * and audits `auth.sign_in` with the method ({@link signInMethods}).
 */
async function recordSignIn(
  db: Database,
  session: Session,
  ctx: GenericEndpointContext | null,
  onSignIn?: AuthOptions['onSignIn'],
): Promise<void> {
  // The session replacing the current one after a password change is no sign-in (password-change.ts).
  if (ctx?.path === CHANGE_PASSWORD_PATH) return;
  // Neither write empties the session caches (session-cache.ts): nobody holds this new session yet, and
  // the last sign-in time is no cached column.
  let firstSignIn = false;
  const [account] = await withoutSessionInvalidation(async () => {
    // New sessions are strict_phi / aal1 by column default; a sign-in for a relaxed path starts relaxed.
    if (tierForSignIn(ctx?.request?.headers ?? ctx?.headers) === 'relaxed') {
      await db.update(authSessions).set({ tier: 'relaxed' }).where(eq(authSessions.id, session.id));
    }
    const [before] = await db
      .select({ lastLoginAt: userAccounts.lastLoginAt })
      .from(userAccounts)
      .where(eq(userAccounts.authUserId, session.userId));
    firstSignIn = before !== undefined && before.lastLoginAt === null;
    return db
      .update(userAccounts)
      .set({ lastLoginAt: new Date() })
      .where(eq(userAccounts.authUserId, session.userId))
      .returning({ id: userAccounts.id, email: userAccounts.email, role: userAccounts.role });
  });
  if (!account) return;
  const auditContext: RequestContext = {
    ...systemContext(auditRequestId(ctx?.request?.headers ?? ctx?.headers)),
    ip: session.ipAddress ?? null,
    userAgent: session.userAgent ?? null,
  };
  await recordAudit(db, auditContext, {
    action: 'auth.sign_in',
    entityType: 'user_account',
    entityId: account.id,
    ...(ctx?.path && signInMethods[ctx.path] ? { details: { method: signInMethods[ctx.path] } } : {}),
  });
  await onSignIn?.({
    userAccountId: account.id,
    role: account.role,
    email: account.email,
    firstSignIn,
    ctx: auditContext,
  });
}

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
