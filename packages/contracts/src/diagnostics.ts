/**
 * Admin diagnostics (issue 24 "Diagnostics (admin only, never public)"; decision 0067): what the server thinks of
 * the calling session (`GET /api/diagnostics/session`, behind `/test`) and the smallest guarded API
 * (`GET /api/diagnostics/protected`, behind `/protected`), used by health checks of the guards themselves.
 * Both are admin only at aal2 (contracts `apiAccess`): anonymous 401, any other role 403.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { jobStatuses, role } from './enums.ts';
import { sessionTiers } from './session-tiers.ts';

const instant = z.iso.datetime({ offset: true });

/** Deadlines of a session as ISO instants (contracts `serverSessionDeadlines`, the computation the server enforces). */
export const diagnosticsDeadlines = z.object({
  /** Sign-in + the tier's absolute limit (strict 12 h, relaxed 14 d). */
  absoluteAt: instant,
  /** Last recorded activity + the tier's inactivity limit (strict 45 min, relaxed 14 d). */
  inactivityAt: instant,
  /** 5 minutes before the nearer deadline: when the browser's warning shows. */
  warningAt: instant,
});
export type DiagnosticsDeadlines = z.infer<typeof diagnosticsDeadlines>;

/** One pg-boss queue (a job type with a registered handler): its waiting and running jobs, its failures of 24 h. */
export const diagnosticsQueue = z.object({
  name: z.string(),
  /** pg-boss jobs waiting for a worker (states created and retry); null while the job runner is not started. */
  queued: z.number().int().nullable(),
  /** pg-boss jobs a worker holds now (state active); null while the job runner is not started. */
  active: z.number().int().nullable(),
  /** `processing_job` rows of this type that FAILED in the last 24 hours (by their last recorded time). */
  failedLast24h: z.number().int(),
});
export type DiagnosticsQueue = z.infer<typeof diagnosticsQueue>;

/** `GET /api/diagnostics/session`: the server's view of the calling session and of the server itself. */
export const sessionDiagnostics = z.object({
  user: z.object({ id: z.uuid(), email: z.string(), name: z.string().nullable() }),
  role,
  /** `cookie`: a browser session (tier, activity, deadlines below); `bearer`: an API client's access token. */
  credential: z.enum(['cookie', 'bearer']),
  /** The tier recorded on the session row; null for a bearer token (its family is held to the strict limits). */
  tier: z.enum(sessionTiers).nullable(),
  aal: z.enum(['aal1', 'aal2']),
  /** When the session (or the bearer token's family) began. */
  signedInAt: instant,
  /** The last activity recorded on the session row, this request's included; null for a bearer token. */
  lastActivityAt: instant.nullable(),
  /** What the server enforces on this session under its own tier; null for a bearer token. */
  deadlines: diagnosticsDeadlines.nullable(),
  /**
   * What a request for health information would enforce (the strict limits; decision 0009): equal to `deadlines`
   * for a strict session; for a relaxed one, the deadlines its next PHI request is held to.
   */
  phiDeadlines: diagnosticsDeadlines.nullable(),
  /** How long after activity the server writes it again (ms): its idle clock lags real activity by at most this. */
  activityWriteIntervalMs: z.number().int(),
  requestId: z.string(),
  build: z.object({
    version: z.string(),
    /** When the web build was made; null in development (no build manifest). */
    builtAt: instant.nullable(),
    /** `manifest`: the web build's `build-manifest.json`; `package`: the package version, in development. */
    source: z.enum(['manifest', 'package']),
  }),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    migrations: z.object({
      /** Rows of drizzle's migrations table. */
      applied: z.number().int(),
      /** Migrations this build ships (its journal). */
      available: z.number().int(),
      /** The tag of the newest applied migration (`0025_msgfix`), or null when none is known to the journal. */
      latest: z.string().nullable(),
    }),
  }),
  jobs: z.object({
    /** Whether this instance's job runner (pg-boss) is started. */
    runnerStarted: z.boolean(),
    queues: z.array(diagnosticsQueue),
    /** `processing_job` rows per status, every status listed. */
    rowsByStatus: z.array(z.object({ status: z.enum(jobStatuses), count: z.number().int() })),
  }),
  serverTime: instant,
});
export type SessionDiagnostics = z.infer<typeof sessionDiagnostics>;

/** `GET /api/diagnostics/protected`: the guard let the caller through. */
export const protectedCheck = z.object({
  ok: z.literal(true),
  actorId: z.uuid(),
  role,
  checkedAt: instant,
});
export type ProtectedCheck = z.infer<typeof protectedCheck>;

export const diagnosticsEndpoints = {
  getSessionDiagnostics: defineEndpoint({
    method: 'GET',
    path: '/api/diagnostics/session',
    response: { 200: sessionDiagnostics },
  }),
  checkProtected: defineEndpoint({
    method: 'GET',
    path: '/api/diagnostics/protected',
    response: { 200: protectedCheck },
  }),
};
