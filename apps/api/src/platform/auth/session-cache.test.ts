import { describe, expect, it } from 'vitest';
import { SessionCache, sessionInvalidationSuppressed, withoutSessionInvalidation } from './session-cache.ts';
import { writesSessionTables } from './session-invalidation.ts';

const row = (sessionId: string, extra: Record<string, unknown> = {}) => ({ sessionId, ...extra });

describe('SessionCache', () => {
  it('serves an entry until its time limit, then drops it', () => {
    let now = 1_000;
    const cache = new SessionCache<{ sessionId: string }>({ ttlMs: 30_000, now: () => now });
    expect(cache.set('t1', row('s1'), cache.generation)).toBe(true);
    now += 29_999;
    expect(cache.get('t1')).toEqual(row('s1'));
    now += 1;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new SessionCache<{ sessionId: string }>({ maxEntries: 2 });
    cache.set('t1', row('s1'), cache.generation);
    cache.set('t2', row('s2'), cache.generation);
    expect(cache.get('t1')).toBeDefined(); // t2 is now the least recently used
    cache.set('t3', row('s3'), cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t1')).toBeDefined();
    expect(cache.get('t3')).toBeDefined();
  });

  it('does not store a row read before a clear (the read may predate the change)', () => {
    const cache = new SessionCache<{ sessionId: string }>();
    const before = cache.generation; // a read starts
    cache.clear(); // a change lands while it runs
    expect(cache.set('t1', row('s1'), before)).toBe(false);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.set('t1', row('s1'), cache.generation)).toBe(true);
    cache.clear();
    expect(cache.get('t1')).toBeUndefined();
  });

  it('neither serves nor stores while disabled', () => {
    const cache = new SessionCache<{ sessionId: string }>();
    cache.set('t1', row('s1'), cache.generation);
    cache.enabled = false;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.set('t2', row('s2'), cache.generation)).toBe(false);
  });

  it('patches the entry of a session id and forgets the id when its entry goes', () => {
    const cache = new SessionCache<{ sessionId: string; at?: number }>();
    cache.set('t1', row('s1', { at: 1 }), cache.generation);
    cache.patchSession('s1', { at: 2 });
    expect(cache.get('t1')).toEqual({ sessionId: 's1', at: 2 });
    cache.delete('t1');
    cache.patchSession('s1', { at: 3 });
    expect(cache.get('t1')).toBeUndefined();
  });
});

describe('withoutSessionInvalidation', () => {
  it('marks its async context, including a thenable awaited inside it', async () => {
    expect(sessionInvalidationSuppressed()).toBe(false);
    // Like a Drizzle query: the work starts when `then` is called.
    const thenable = { then: (resolve: (v: boolean) => void) => resolve(sessionInvalidationSuppressed()) };
    const seen = await withoutSessionInvalidation(() => thenable as unknown as Promise<boolean>);
    expect(seen).toBe(true);
    expect(sessionInvalidationSuppressed()).toBe(false);
  });
});

describe('writesSessionTables', () => {
  it('matches updates, deletes, truncates and upserts of the session and account tables (Drizzle and raw)', () => {
    for (const text of [
      'update "auth_session" set "tier" = $1 where "auth_session"."id" = $2',
      'delete from "auth_session" where "auth_session"."user_id" = $1',
      'UPDATE user_account SET is_active = false WHERE id = $1',
      'delete from "auth_user" where "auth_user"."id" = $1',
      'with gone as (delete from auth_session where user_id = $1 returning id) select count(*) from gone',
      'truncate table auth_session',
      'insert into "user_account" ("id") values ($1) on conflict ("id") do update set "role" = $2',
    ])
      expect(writesSessionTables(text), text).toBe(true);
  });

  it('ignores reads, plain inserts and writes of other tables, even when they name a watched table', () => {
    for (const text of [
      'select "auth_session"."id" from "auth_session" inner join "user_account" on true',
      'select * from user_account for update',
      'insert into "auth_session" ("id", "token") values ($1, $2)',
      'insert into "audit_event" ("entity_type") values (\'user_account\')',
      'update "client" set "name" = $1 from "user_account" where "user_account"."id" = $2',
      'with page as (select * from client join user_account on true) insert into audit_event select 1 from page',
      'insert into "audit_event" ("id") values ($1) on conflict do nothing',
    ])
      expect(writesSessionTables(text), text).toBe(false);
  });
});
