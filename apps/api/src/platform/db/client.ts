/**
 * Database handle: PGlite (embedded, default) or PostgreSQL (`DATABASE_URL`), behind one Drizzle type.
 * Both run the same SQL migrations from `apps/api/drizzle` (ARCHITECTURE.md "Runtime parts").
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { apiRoot } from '../../api-root.ts';
import * as schema from './schema.ts';

/**
 * The Drizzle database type used everywhere. PGlite's Drizzle driver has the same query-builder API;
 * it is typed as the node-postgres one so services need not care which engine runs.
 */
export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle (STYLE.md s.10: inside a transaction use only `tx`). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction: what services accept to run inside a caller's transaction. */
export type Executor = Database | Transaction;

export interface QueryResult<Row> {
  rows: Row[];
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** The embedded engine, when `kind` is 'pglite' (pg-boss runs through it). */
  readonly pglite?: PGlite;
  /** The connection string, when `kind` is 'postgres' (pg-boss opens its own small pool). */
  readonly url?: string;
  /** One parameterised statement (`$1`, `$2`, …). */
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<QueryResult<Row>>;
  /** Several statements without parameters. */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** The committed SQL migrations (`apps/api/drizzle`), applied on start. */
export const migrationsFolder = path.join(apiRoot, 'drizzle');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory (created if missing); absent = in-memory. */
  dataDir?: string | undefined;
  /** An already opened PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /**
   * Called when an idle pooled connection fails (database restart, admin termination). Without a
   * listener node-postgres would crash the process; the pool replaces the connection on next use.
   */
  onConnectionError?: (error: Error) => void;
}

/** Opens the database. Errors: whatever the driver throws when the database is unreachable. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    pool.on('error', (error) =>
      (options.onConnectionError ?? ((e: Error) => console.error(`database connection error: ${e.message}`)))(
        error,
      ),
    );
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      url: options.url,
      query: async <Row>(text: string, params?: unknown[]) => {
        const result = await pool.query(text, params);
        return { rows: result.rows as Row[] };
      },
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
    };
  }
  let lite = options.pglite;
  if (!lite) {
    if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
    lite = await PGlite.create(options.dataDir ?? 'memory://');
  }
  const client = lite;
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    query: async <Row>(text: string, params?: unknown[]) => {
      const result = await client.query<Row>(text, params);
      return { rows: result.rows };
    },
    exec: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

/** Applies every pending migration (idempotent). */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    await migratePg(handle.db, { migrationsFolder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}
