/**
 * The per-process cache of signed-in sessions (issue 15 item 9; docs/decisions/0028-session-cache.md): what the
 * actor query (actor.ts) read for a session token — the session's expiry, tier, sign-in time, last activity and
 * assurance level, and the account's role, names and active flag — kept so that a request needs no database round
 * trip to know its actor.
 *
 * Rules:
 * - An entry lives at most `SESSION_CACHE_TTL_MS` (30 s) after it was read, so a change the cache was never told
 *   about (a write from outside Tend, a lost notification) lasts at most that long. At most
 *   `SESSION_CACHE_MAX_ENTRIES` entries are kept; the least recently used goes first.
 * - `clear()` (every change to sessions or accounts: session-invalidation.ts) empties it and advances the
 *   generation. A read that began before a clear must not store what it read (it may be the pre-change row):
 *   `set` takes the generation `generation` had when the read began and stores nothing if it has moved.
 * - While `enabled` is false (PostgreSQL: the notification connection is down) nothing is served or stored.
 * - The cache decides nothing: expiry, refresh and the tier limits are checked on every request from the entry,
 *   as they are from a fresh row (actor.ts, auth.plugin.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** How long an entry may be served after it was read from the database, in ms. */
export const SESSION_CACHE_TTL_MS = 30_000;

/** Most entries kept per process (one per signed-in session token in use). */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** What an entry must carry: the session's id (activity updates find their entry by it). */
export interface CachedSessionRow {
  sessionId: string;
}

interface Entry<Row> {
  row: Row;
  storedAt: number;
}

export interface SessionCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
  /** The clock, epoch ms (tests inject one). */
  now?: () => number;
}

/** A token-keyed LRU of session rows with a time limit per entry and a generation counter (see the file doc). */
export class SessionCache<Row extends CachedSessionRow> {
  /** Advances with every `clear()`; a read records it before it starts (`set`). */
  generation = 0;
  /** False: `get` misses and `set` stores nothing (and everything held was dropped when it became false). */
  enabled = true;
  readonly #entries = new Map<string, Entry<Row>>();
  readonly #tokenBySession = new Map<string, string>();
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor({
    ttlMs = SESSION_CACHE_TTL_MS,
    maxEntries = SESSION_CACHE_MAX_ENTRIES,
    now = Date.now,
  }: SessionCacheOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The row stored for `token` if it is younger than the time limit, else undefined (an old one is dropped). */
  get(token: string): Row | undefined {
    if (!this.enabled) return undefined;
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (this.#now() - entry.storedAt >= this.#ttlMs) {
      this.delete(token);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.#entries.delete(token);
    this.#entries.set(token, entry);
    return entry.row;
  }

  /**
   * Stores `row` for `token`, read by a query that began when the generation was `generation`; stores nothing if a
   * `clear()` happened since (or the cache is disabled). Returns whether it stored.
   */
  set(token: string, row: Row, generation: number): boolean {
    if (!this.enabled || generation !== this.generation) return false;
    this.delete(token);
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.#entries.set(token, { row, storedAt: this.#now() });
    this.#tokenBySession.set(row.sessionId, token);
    return true;
  }

  /** Changes fields of the entry of session `sessionId`, if one is held (its age is kept). */
  patchSession(sessionId: string, patch: Partial<Row>): void {
    const token = this.#tokenBySession.get(sessionId);
    const entry = token === undefined ? undefined : this.#entries.get(token);
    if (entry) entry.row = { ...entry.row, ...patch };
  }

  /** Drops the entry of `token`, if any. */
  delete(token: string): void {
    const entry = this.#entries.get(token);
    if (!entry) return;
    this.#entries.delete(token);
    if (this.#tokenBySession.get(entry.row.sessionId) === token)
      this.#tokenBySession.delete(entry.row.sessionId);
  }

  /** Drops every entry and advances the generation (reads in flight will not store). */
  clear(): void {
    this.generation += 1;
    this.#entries.clear();
    this.#tokenBySession.clear();
  }
}

const unwatched = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with its writes to sessions and accounts not clearing session caches (session-invalidation.ts). Only for
 * writes that cannot make any cached entry too lenient, each named where it is used: the activity time (the writer
 * updates its own entry; older times elsewhere are stricter, and actor.ts re-reads before ending a session on a
 * cached row), better-auth's refresh or clean-up of an expired session (a later expiry; an earlier one elsewhere only
 * sends the request to better-auth), and a brand-new session's tier and the account's last sign-in time (nothing
 * cached yet; not a cached column).
 */
export function withoutSessionInvalidation<T>(fn: () => Promise<T>): Promise<T> {
  // `fn` is awaited inside the scope: a Drizzle query runs when it is awaited, not when it is built.
  return unwatched.run(true, async () => await fn());
}

/** Whether the current async context is inside `withoutSessionInvalidation`. */
export function sessionInvalidationSuppressed(): boolean {
  return unwatched.getStore() === true;
}
