/**
 * What the server thinks of a session and of itself (issue 24 "Diagnostics"; decision 0067; contracts
 * `diagnostics.ts`): the caller, role, tier, aal, the deadlines the server enforces (contracts
 * `serverSessionDeadlines`, the computation behind the tier checks of auth.plugin.ts), the request id, the build,
 * the database engine and migration level, and the job queues. Ids, times and counts only: no health information.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  serverSessionDeadlines,
  type DiagnosticsDeadlines,
  type DiagnosticsQueue,
  type ServerSessionFacts,
  type SessionDiagnostics,
} from '@tend/contracts';
import { apiRoot } from '../../api-root.ts';
import type { ActorRecord } from '../http/context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { migrationsFolder } from '../db/client.ts';
import type { SessionState } from '../auth/actor.ts';
import type { ApiTokenState } from '../auth/bearer.ts';
import { ACTIVITY_WRITE_INTERVAL_MS } from '../auth/auth.plugin.ts';
import { countJobRows, type JobRunner } from '../jobs/jobs.service.ts';
import type { Config } from '../config/config.ts';
import { BUILD_MANIFEST_FILE } from '../http/web-app.ts';

/** The window of "failed lately" on the diagnostics page: 24 hours, in ms. */
export const FAILED_JOBS_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The web build's stamp (`<web dist>/build-manifest.json`, written by the web build; absent in development). */
const buildManifest = z.object({ version: z.string().min(1), builtAt: z.iso.datetime({ offset: true }) });

/** What the diagnostics read: where the web build is, the database and the job runner (the app's `deps`). */
export interface DiagnosticsDeps {
  config: Pick<Config, 'webDistDir'>;
  database: DatabaseHandle;
  jobs: JobRunner;
}

/** What the request knows of its caller: the actor, and its cookie session or its bearer token. */
export interface DiagnosticsCaller {
  actor: ActorRecord;
  /** The cookie session (`request.authSession`), with this request's recorded activity; null on a bearer request. */
  session: SessionState | null;
  /** The bearer token (`request.apiToken`); null on a cookie request. */
  apiToken: ApiTokenState | null;
  requestId: string;
}

/**
 * `GET /api/diagnostics/session`: the server's view of `caller`'s session and of this instance, at `now` (epoch ms,
 * default the clock). Reads the build manifest, drizzle's migrations table and the job counts; writes nothing.
 */
export async function readSessionDiagnostics(
  deps: DiagnosticsDeps,
  { caller, now = Date.now() }: { caller: DiagnosticsCaller; now?: number },
): Promise<SessionDiagnostics> {
  const { actor, session, apiToken } = caller;
  const [build, migrations, jobs] = await Promise.all([
    readBuild(deps.config.webDistDir),
    readMigrationLevel(deps.database),
    readJobs(deps, now),
  ]);
  const facts: ServerSessionFacts | null = session
    ? {
        tier: session.tier,
        issuedAt: session.issuedAt.getTime(),
        lastActivityAt: session.lastActivityAt.getTime(),
      }
    : null;
  return {
    user: { id: actor.userAccountId, email: actor.email, name: actor.fullName },
    role: actor.role,
    credential: session ? 'cookie' : 'bearer',
    tier: session?.tier ?? null,
    aal: session?.aal ?? apiToken?.aal ?? 'aal1',
    signedInAt: (session?.issuedAt ?? apiToken?.issuedAt ?? actor.sessionIssuedAt).toISOString(),
    lastActivityAt: session ? session.lastActivityAt.toISOString() : null,
    deadlines: facts ? deadlinesOf(facts) : null,
    phiDeadlines: facts ? deadlinesOf({ ...facts, tier: 'strict_phi' }) : null,
    activityWriteIntervalMs: ACTIVITY_WRITE_INTERVAL_MS,
    requestId: caller.requestId,
    build,
    database: { engine: deps.database.kind, migrations },
    jobs,
    serverTime: new Date(now).toISOString(),
  };
}

/** {@link serverSessionDeadlines} as ISO instants. */
function deadlinesOf(facts: ServerSessionFacts): DiagnosticsDeadlines {
  const { absoluteAt, inactivityAt, warningAt } = serverSessionDeadlines(facts);
  const iso = (at: number) => new Date(at).toISOString();
  return { absoluteAt: iso(absoluteAt), inactivityAt: iso(inactivityAt), warningAt: iso(warningAt) };
}

/**
 * The build this instance serves: `<webDistDir>/build-manifest.json` (`{ version, builtAt }`) when it is there and
 * well formed, else the API package's version with `-development` and no build time.
 */
export async function readBuild(webDistDir: string | undefined): Promise<SessionDiagnostics['build']> {
  if (webDistDir) {
    const manifest = await readJson(path.join(webDistDir, BUILD_MANIFEST_FILE));
    const parsed = buildManifest.safeParse(manifest);
    if (parsed.success) return { ...parsed.data, source: 'manifest' };
  }
  const pkg = z.object({ version: z.string() }).safeParse(await readJson(path.join(apiRoot, 'package.json')));
  return {
    version: `${pkg.success ? pkg.data.version : '0.0.0'}-development`,
    builtAt: null,
    source: 'package',
  };
}

/** A JSON file's value, or undefined when it is missing or not JSON. */
async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const journal = z.object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) });

/**
 * The migration level of `database`: the rows of drizzle's `drizzle.__drizzle_migrations` (the same table on both
 * engines), the migrations this build ships (`drizzle/meta/_journal.json`) and the tag of the newest applied one
 * (drizzle records each migration's journal `when` as its `created_at`).
 */
export async function readMigrationLevel(
  database: DatabaseHandle,
): Promise<SessionDiagnostics['database']['migrations']> {
  const { rows } = await database.query<{ applied: number; newest: string | number | null }>(
    'select count(*)::int as applied, max(created_at) as newest from drizzle.__drizzle_migrations',
  );
  const applied = Number(rows[0]?.applied ?? 0);
  const newest = rows[0]?.newest === null || rows[0]?.newest === undefined ? null : Number(rows[0].newest);
  const shipped = journal.safeParse(await readJson(path.join(migrationsFolder, 'meta', '_journal.json')));
  const entries = shipped.success ? shipped.data.entries : [];
  return {
    applied,
    available: entries.length,
    latest: entries.find((entry) => entry.when === newest)?.tag ?? null,
  };
}

/** The job runner's queues (pg-boss) beside the `processing_job` rows: per status, and failures in the last 24 h. */
async function readJobs(
  deps: Omit<DiagnosticsDeps, 'config'>,
  now: number,
): Promise<SessionDiagnostics['jobs']> {
  const [sizes, rows] = await Promise.all([
    deps.jobs.queueSizes(),
    countJobRows(deps.database.db, { failedSince: new Date(now - FAILED_JOBS_WINDOW_MS) }),
  ]);
  const names = [...new Set([...deps.jobs.jobTypes(), ...rows.failedByType.keys()])].sort();
  const bySize = new Map((sizes ?? []).map((size) => [size.name, size]));
  const queues: DiagnosticsQueue[] = names.map((name) => ({
    name,
    queued: bySize.get(name)?.queued ?? null,
    active: bySize.get(name)?.active ?? null,
    failedLast24h: rows.failedByType.get(name) ?? 0,
  }));
  return { runnerStarted: sizes !== null, queues, rowsByStatus: rows.byStatus };
}
