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
 * - **PostgreSQL, across instances**: each app keeps one dedicated connection that `LISTEN`s on
 *   `tend_session_cache` and, once listening, names itself `tend-session-cache:<instance id>` (`application_name`).
 *   After emptying its own cache a writer sends `clear:<instance>:<n>` from that connection, reading in the same
 *   statement which instances are listening (`pg_stat_activity`); every instance empties its cache on each notice
 *   and confirms with `ack:<writer>:<n>:<its id>`. The writer goes on once all of them (itself included) have
 *   confirmed, at most `ECHO_TIMEOUT_MS` later (then it logs which did not). So when the writing request answers,
 *   no instance still holds the old entry.
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

/** A notice this app sent, waiting for every listening instance to confirm it emptied its cache. */
interface PendingNotice {
  acked: Set<string>;
  /** The instances listening when it was sent (null until the sending statement answers). */
  expected: Set<string> | null;
  /** Records `instance`'s confirmation. */
  ack: (instance: string) => void;
  /** Resolves the wait once every expected instance has confirmed. */
  check: () => void;
  done: () => void;
}

/** The dedicated LISTEN connection of one app (PostgreSQL). */
interface Listener {
  /** The database's connection string. */
  url: string;
  client: pg.Client | null;
  listening: boolean;
  closed: boolean;
  timer: NodeJS.Timeout | null;
  pending: Map<string, PendingNotice>;
  sent: number;
}

/** `application_name` of a listening connection: this prefix and the instance id (how instances find each other). */
export const LISTENER_APPLICATION_PREFIX = 'tend-session-cache:';

export interface SessionCacheWatchOptions {
  /** Empties the cache (session-cache.ts `clear`). */
  clear: () => void;
  /** Switches serving from the cache on or off (off while PostgreSQL notices could be missed). */
  setEnabled: (enabled: boolean) => void;
  /** Reports a dropped or failed listening connection, or an instance that did not confirm in time (logged). */
  onError?: (error: Error) => void;
}

/** One app's watch: its instance id, its cache's callbacks and, on PostgreSQL, its listening connection. */
interface SessionWatch extends Required<SessionCacheWatchOptions> {
  instance: string;
  listener: Listener | null;
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
      ? {
          url: database.url,
          client: null,
          listening: false,
          closed: false,
          timer: null,
          pending: new Map(),
          sent: 0,
        }
      : null;
  const watch: SessionWatch = { instance: randomUUID(), clear, setEnabled, onError, listener };
  const invalidate: Invalidate = () => invalidateEverywhere(watch);
  const invalidators = invalidatorsOf(database, client);
  invalidators.add(invalidate);
  if (listener) setEnabled(false);
  return {
    ready: listener ? connectListener(watch, listener) : Promise.resolve(),
    async close() {
      invalidators.delete(invalidate);
      if (listener) await closeListener(watch, listener);
    },
  };
}

/** The invalidators registered on the driver `client`; the first call for a client wraps it (`watchPglite`/`watchPgPool`). */
function invalidatorsOf(database: DatabaseHandle, client: object): Set<Invalidate> {
  let invalidators = invalidatorsByClient.get(client);
  if (!invalidators) {
    invalidators = new Set();
    invalidatorsByClient.set(client, invalidators);
    if (database.kind === 'pglite') watchPglite(client as PGlite);
    else watchPgPool(client as pg.Pool);
  }
  return invalidators;
}

const notify = (connection: pg.Client, payload: string) =>
  connection.query('select pg_notify($1, $2)', [SESSION_CACHE_CHANNEL, payload]);

/**
 * Empties this cache, then (PostgreSQL) sends `clear:<instance>:<n>` and waits until every instance that was
 * listening (found by `application_name` in `pg_stat_activity`, in the same statement) has answered
 * `ack:<instance>:<n>:<its id>` — at most `ECHO_TIMEOUT_MS`.
 */
async function invalidateEverywhere(watch: SessionWatch): Promise<void> {
  watch.clear();
  const listener = watch.listener;
  const connection = listener?.listening ? listener.client : null;
  if (!listener || !connection) return;
  const n = String(++listener.sent);
  const { notice, confirmed } = awaitConfirmations(watch, listener, n);
  try {
    const { rows } = await connection.query<{ instances: string[] }>(
      `select pg_notify($1, $2), (select coalesce(array_agg(substr(application_name, $3)), '{}')
         from pg_stat_activity where datname = current_database() and application_name like $4) as instances`,
      [
        SESSION_CACHE_CHANNEL,
        `clear:${watch.instance}:${n}`,
        LISTENER_APPLICATION_PREFIX.length + 1,
        `${LISTENER_APPLICATION_PREFIX}%`,
      ],
    );
    notice.expected = new Set([...(rows[0]?.instances ?? []), watch.instance]);
    // Confirmations may have come in before the answer.
    notice.check();
  } catch (error) {
    notice.done();
    watch.onError(error as Error);
    return;
  }
  await confirmed;
}

/**
 * Registers notice `n` as pending on `listener`; `confirmed` resolves once every expected instance has confirmed
 * it, or after `ECHO_TIMEOUT_MS` (reporting the instances that did not), or when the listener goes down.
 */
function awaitConfirmations(
  watch: SessionWatch,
  listener: Listener,
  n: string,
): { notice: PendingNotice; confirmed: Promise<void> } {
  let notice!: PendingNotice;
  const confirmed = new Promise<void>((resolve) => {
    const timeout = setTimeout(() => {
      const missing = [...(notice.expected ?? [])].filter((id) => !notice.acked.has(id));
      watch.onError(
        new Error(`session cache notice not confirmed in time by ${missing.join(', ') || 'the database'}`),
      );
      notice.done();
    }, ECHO_TIMEOUT_MS);
    notice = {
      acked: new Set(),
      expected: null,
      ack(id) {
        this.acked.add(id);
        this.check();
      },
      check() {
        if (this.expected && [...this.expected].every((e) => this.acked.has(e))) this.done();
      },
      done() {
        clearTimeout(timeout);
        listener.pending.delete(n);
        resolve();
      },
    };
  });
  listener.pending.set(n, notice);
  return { notice, confirmed };
}

/**
 * Opens the listening connection: `LISTEN`, then the instance's `application_name`; only then is the cache
 * emptied and switched on. A failure or a later drop goes to {@link listenerDown}, which retries.
 */
async function connectListener(watch: SessionWatch, listener: Listener): Promise<void> {
  listener.timer = null;
  const next = new pg.Client({ connectionString: listener.url });
  const down = (error?: Error) => listenerDown(watch, listener, next, error);
  next.on('error', down);
  next.on('end', () => down());
  next.on('notification', (message) => onNotice(watch, listener, next, message));
  listener.client = next;
  try {
    await next.connect();
    await next.query(`listen ${SESSION_CACHE_CHANNEL}`);
    // Named only once listening: writers wait for the instances so named (see `invalidateEverywhere`).
    await next.query(`select set_config('application_name', $1, false)`, [
      `${LISTENER_APPLICATION_PREFIX}${watch.instance}`,
    ]);
  } catch (error) {
    down(error as Error);
    return;
  }
  if (listener.client !== next || listener.closed) return;
  // Notices sent while nobody listened are lost: start from empty.
  watch.clear();
  listener.listening = true;
  watch.setEnabled(true);
}

/**
 * The listening connection `connection` dropped or failed: switch the cache off and empty it, release the waiting
 * writers, report `error` and retry after `RECONNECT_MS` (unless closed). Ignored for a connection already replaced.
 */
function listenerDown(watch: SessionWatch, listener: Listener, connection: pg.Client, error?: Error): void {
  if (listener.client !== connection) return;
  listener.client = null;
  listener.listening = false;
  watch.setEnabled(false);
  watch.clear();
  for (const notice of [...listener.pending.values()]) notice.done();
  connection.end().catch(() => undefined);
  if (error) watch.onError(error);
  if (!listener.closed)
    listener.timer = setTimeout(() => void connectListener(watch, listener), RECONNECT_MS);
}

/** A notice on the channel: an `ack` of this instance's notice, or a `clear` (answered with an `ack`). */
function onNotice(
  watch: SessionWatch,
  listener: Listener,
  connection: pg.Client,
  message: pg.Notification,
): void {
  if (message.channel !== SESSION_CACHE_CHANNEL) return;
  const [kind, writer, n, from] = (message.payload ?? '').split(':');
  if (kind === 'ack') {
    if (writer === watch.instance && n !== undefined && from !== undefined)
      listener.pending.get(n)?.ack(from);
    return;
  }
  // `clear:…` from an instance, or any other notice (e.g. `NOTIFY tend_session_cache` by hand).
  watch.clear();
  if (kind !== 'clear' || writer === undefined || n === undefined) return;
  if (writer === watch.instance) listener.pending.get(n)?.ack(watch.instance);
  else
    notify(connection, `ack:${writer}:${n}:${watch.instance}`).catch((error: Error) => watch.onError(error));
}

/** Stops listening for good: no retry, the cache off, waiting writers released, the connection ended. */
async function closeListener(watch: SessionWatch, listener: Listener): Promise<void> {
  listener.closed = true;
  if (listener.timer) clearTimeout(listener.timer);
  const current = listener.client;
  listener.client = null;
  listener.listening = false;
  watch.setEnabled(false);
  for (const notice of [...listener.pending.values()]) notice.done();
  await current?.end().catch(() => undefined);
}
