/**
 * Keeps the session cache (session-cache.ts) true to the database (issue 15 item 9;
 * docs/decisions/0028-session-cache.md).
 *
 * - **Every write this process makes** to `auth_session`, `user_account` or `auth_user` — whoever makes it:
 *   better-auth (sign-out, revoked sessions, password reset and change, MFA), Tend's services (deactivation, role
 *   change, API-token sign-out, the tier checks), a test — empties the cache before the writer goes on. The watch
 *   sits on the database handle itself (node-postgres: each pooled client's `query`; PGlite: `query`, `exec`,
 *   `transaction`), so no code path can forget it. A write inside a transaction empties it after the commit. Only
 *   writes run inside `withoutSessionInvalidation` are left out (session-cache.ts says which and why).
 * - **PostgreSQL, across instances**: after emptying its own cache the writer sends `NOTIFY tend_session_cache`
 *   from a dedicated listening connection and waits (at most `ECHO_TIMEOUT_MS`) until its own notification comes
 *   back on it; every instance empties its cache on each notification. So when the writing request answers, every
 *   instance listening has been sent the notice before it, and the one that wrote has processed it.
 * - If the listening connection drops, the cache is emptied and switched off (every request reads the database,
 *   as without a cache) until the connection is back and listening again (retried every `RECONNECT_MS`); it is
 *   emptied once more then, since notices of the gap are lost. A notice lost otherwise lives at most the cache's
 *   time limit (30 s).
 * - PGlite runs in this process only: emptying the cache is the whole of it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { PGlite, QueryOptions, Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type { DatabaseHandle } from '../db/client.ts';
import { sessionInvalidationSuppressed } from './session-cache.ts';

/** The LISTEN/NOTIFY channel shared by every Tend instance on one database. */
export const SESSION_CACHE_CHANNEL = 'tend_session_cache';
/** Longest wait for a writer's own notification to come back before it goes on anyway, in ms. */
export const ECHO_TIMEOUT_MS = 2_000;
/** Pause between attempts to reopen a dropped listening connection, in ms. */
export const RECONNECT_MS = 1_000;

/** The tables whose rows feed the actor query (directly, or by cascade from `auth_user`). */
const watchedTables = new Set(['auth_session', 'user_account', 'auth_user']);
const writeStart = /^\s*(?:update|delete|insert|with|merge|truncate)\b/i;
const writeTarget =
  /\b(?:update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?public"?\.)?"?(\w+)"?/gi;
const upsertTarget = /\binsert\s+into\s+(?:"?public"?\.)?"?(\w+)"?[^]*\bon\s+conflict\b[^]*\bdo\s+update\b/i;

/**
 * Whether SQL statement `text` may change a row of `auth_session`, `user_account` or `auth_user`: an `update`,
 * `delete`, `truncate` or `merge` of one of them anywhere in it (also inside a `with`), or an `insert … on conflict
 * do update` into one. Plain inserts add rows no cache holds; reads never match.
 */
export function writesSessionTables(text: string): boolean {
  if (!writeStart.test(text)) return false;
  for (const match of text.matchAll(writeTarget)) {
    if (watchedTables.has((match[1] as string).toLowerCase())) return true;
  }
  const upsert = upsertTarget.exec(text);
  return upsert !== null && watchedTables.has((upsert[1] as string).toLowerCase());
}

const beginStatement = /^\s*(?:begin|start\s+transaction)\b/i;
const commitStatement = /^\s*(?:commit|end)\b/i;
const rollbackStatement = /^\s*rollback\b(?!\s+to\b)/i;

/** The SQL text of a driver `query` call's first argument (a string or a `{ text }` config), or null. */
function statementText(query: unknown): string | null {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string')
    return query.text;
  return null;
}

/** What each registered cache does on a change: empty itself, then tell the other instances (and wait). */
type Invalidate = () => Promise<void>;
const invalidatorsByClient = new WeakMap<object, Set<Invalidate>>();

async function invalidateAll(client: object): Promise<void> {
  const invalidators = invalidatorsByClient.get(client);
  if (invalidators) await Promise.all([...invalidators].map((invalidate) => invalidate()));
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Wraps one node-postgres client's `query`: a watched write outside a transaction, or the commit of a transaction
 * that made one, completes (promise or callback, as the caller asked: `pg.Pool#query` passes a callback) only after
 * `invalidateAll`.
 */
function watchPgClient(pool: object, client: pg.PoolClient & { [watchedMark]?: true }): void {
  if (client[watchedMark]) return;
  client[watchedMark] = true;
  const query = client.query.bind(client) as QueryFn;
  let inTransaction = false;
  let dirty = false;
  const invalidating = (args: unknown[]) => {
    const last: unknown = args[args.length - 1];
    if (typeof last !== 'function') return afterwards(query(...args), () => invalidateAll(pool));
    const callback = last as (error: unknown, result: unknown) => void;
    return query(...args.slice(0, -1), (error: unknown, result: unknown) => {
      if (error) {
        callback(error, result);
        return;
      }
      invalidateAll(pool).then(
        () => callback(error, result),
        () => callback(error, result),
      );
    });
  };
  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const text = statementText(args[0]);
    // Streaming calls (a Submittable such as a cursor; not used by Drizzle) pass through untouched.
    if (text === null) return query(...args);
    if (beginStatement.test(text)) {
      inTransaction = true;
      dirty = false;
    } else if (rollbackStatement.test(text)) {
      inTransaction = false;
      dirty = false;
    } else if (commitStatement.test(text)) {
      const changed = dirty;
      inTransaction = false;
      dirty = false;
      if (changed) return invalidating(args);
    } else if (writesSessionTables(text) && !suppressedFor(args[0])) {
      if (inTransaction) dirty = true;
      else return invalidating(args);
    }
    return query(...args);
  };
}

const suppressedMark = Symbol('tend.sessionInvalidationSuppressed');

/**
 * Whether the statement `query` was issued inside `withoutSessionInvalidation`: as recorded by `watchPgPool` (a
 * `pg.Pool#query` runs its statement in whatever async context released a client, so it is read at the call), else
 * from the current async context.
 */
function suppressedFor(query: unknown): boolean {
  const recorded =
    query && typeof query === 'object'
      ? (query as { [suppressedMark]?: boolean })[suppressedMark]
      : undefined;
  return recorded ?? sessionInvalidationSuppressed();
}

/** Records, on each `pool.query` statement, whether its caller was inside `withoutSessionInvalidation`. */
function watchPgPool(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as QueryFn;
  (pool as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const first = args[0];
    if (typeof first !== 'string' && (!first || typeof first !== 'object' || !('text' in first)))
      return poolQuery(...args);
    const config = typeof first === 'string' ? { text: first } : { ...first };
    return poolQuery(
      Object.assign(config, { [suppressedMark]: sessionInvalidationSuppressed() }),
      ...args.slice(1),
    );
  };
  pool.on('acquire', (pooled: pg.PoolClient) =>
    watchPgClient(pool, pooled as pg.PoolClient & { [watchedMark]?: true }),
  );
}
const watchedMark = Symbol('tend.sessionCacheWatch');

/** `result`, resolved only after `then` has run on success. */
async function afterwards<T>(result: T, then: () => Promise<void>): Promise<Awaited<T>> {
  const value = await result;
  await then();
  return value;
}

/** Wraps PGlite's `query`, `exec` and `transaction` the same way (a transaction empties the cache after commit). */
function watchPglite(lite: PGlite & { [watchedMark]?: true }): void {
  if (lite[watchedMark]) return;
  lite[watchedMark] = true;
  const query = lite.query.bind(lite);
  const exec = lite.exec.bind(lite);
  const transaction = lite.transaction.bind(lite);
  const writes = (text: string) => writesSessionTables(text) && !sessionInvalidationSuppressed();
  lite.query = async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const result = await query<T>(text, params, options);
    if (writes(text)) await invalidateAll(lite);
    return result;
  };
  lite.exec = async (text: string, options?: object) => {
    const result = await exec(text, options);
    if (writes(text)) await invalidateAll(lite);
    return result;
  };
  lite.transaction = async <T>(fn: (tx: PGliteTransaction) => Promise<T>) => {
    let dirty = false;
    const mark = (text: string) => {
      if (writes(text)) dirty = true;
    };
    const result = await transaction((tx) =>
      fn({
        query: (text, params, options) => (mark(text), tx.query(text, params, options)),
        sql: (strings, ...params) => (mark(strings.join('?')), tx.sql(strings, ...(params as unknown[]))),
        exec: (text, options) => (mark(text), tx.exec(text, options)),
        rollback: () => ((dirty = false), tx.rollback()),
        listen: (channel, callback) => tx.listen(channel, callback),
        get closed() {
          return tx.closed;
        },
      }),
    );
    if (dirty) await invalidateAll(lite);
    return result;
  };
}

/** The dedicated LISTEN connection of one app (PostgreSQL). */
interface Listener {
  client: pg.Client | null;
  listening: boolean;
  closed: boolean;
  timer: NodeJS.Timeout | null;
  /** Notifications this app sent and is waiting to see come back, by payload. */
  echoes: Map<string, () => void>;
  sent: number;
}

export interface SessionCacheWatchOptions {
  /** Empties the cache (session-cache.ts `clear`). */
  clear: () => void;
  /** Switches serving from the cache on or off (off while PostgreSQL notices could be missed). */
  setEnabled: (enabled: boolean) => void;
  /** Reports a dropped or failed listening connection (the app logs it). */
  onError?: (error: Error) => void;
}

/**
 * Watches `database` for writes to sessions and accounts and, on PostgreSQL, listens for the other instances'
 * notices (see the file doc). Returns `ready` (resolves after the first attempt to listen, whether it worked) and
 * `close()` (stops listening; call it before the database closes).
 */
export function watchSessionWrites(
  database: DatabaseHandle,
  { clear, setEnabled, onError = () => undefined }: SessionCacheWatchOptions,
): { ready: Promise<void>; close: () => Promise<void> } {
  const client =
    database.kind === 'pglite' ? database.pglite : (database.db as unknown as { $client?: object }).$client;
  if (!client) throw new Error('session cache: the database handle has no driver client');
  const listener: Listener | null =
    database.kind === 'postgres' && database.url
      ? { client: null, listening: false, closed: false, timer: null, echoes: new Map(), sent: 0 }
      : null;
  const instance = randomUUID();

  const invalidate: Invalidate = async () => {
    clear();
    if (!listener?.listening || !listener.client) return;
    const payload = `${instance}:${++listener.sent}`;
    const echoed = new Promise<void>((resolve) => {
      const timeout = setTimeout(() => {
        listener.echoes.delete(payload);
        resolve();
      }, ECHO_TIMEOUT_MS);
      listener.echoes.set(payload, () => {
        clearTimeout(timeout);
        resolve();
      });
    });
    try {
      await listener.client.query('select pg_notify($1, $2)', [SESSION_CACHE_CHANNEL, payload]);
    } catch (error) {
      listener.echoes.get(payload)?.();
      onError(error as Error);
      return;
    }
    await echoed;
  };

  let invalidators = invalidatorsByClient.get(client);
  if (!invalidators) {
    invalidators = new Set();
    invalidatorsByClient.set(client, invalidators);
    if (database.kind === 'pglite') watchPglite(client as PGlite);
    else watchPgPool(client as pg.Pool);
  }
  invalidators.add(invalidate);

  let ready = Promise.resolve();
  if (listener) {
    setEnabled(false);
    const connect = async () => {
      listener.timer = null;
      const next = new pg.Client({ connectionString: database.url });
      const down = (error?: Error) => {
        if (listener.client !== next) return;
        listener.client = null;
        listener.listening = false;
        setEnabled(false);
        clear();
        for (const resolve of listener.echoes.values()) resolve();
        listener.echoes.clear();
        next.end().catch(() => undefined);
        if (error) onError(error);
        if (!listener.closed) listener.timer = setTimeout(() => void connect(), RECONNECT_MS);
      };
      next.on('error', down);
      next.on('end', () => down());
      next.on('notification', (message) => {
        if (message.channel !== SESSION_CACHE_CHANNEL) return;
        clear();
        const payload = message.payload ?? '';
        listener.echoes.get(payload)?.();
        listener.echoes.delete(payload);
      });
      listener.client = next;
      try {
        await next.connect();
        await next.query(`listen ${SESSION_CACHE_CHANNEL}`);
      } catch (error) {
        down(error as Error);
        return;
      }
      if (listener.client !== next || listener.closed) return;
      // Notices sent while nobody listened are lost: start from empty.
      clear();
      listener.listening = true;
      setEnabled(true);
    };
    ready = connect();
  }

  return {
    ready,
    async close() {
      invalidators.delete(invalidate);
      if (!listener) return;
      listener.closed = true;
      if (listener.timer) clearTimeout(listener.timer);
      const current = listener.client;
      listener.client = null;
      listener.listening = false;
      setEnabled(false);
      for (const resolve of listener.echoes.values()) resolve();
      listener.echoes.clear();
      await current?.end().catch(() => undefined);
    },
  };
}
