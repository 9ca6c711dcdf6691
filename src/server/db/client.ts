import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction or the database: a write that may run inside a caller's transaction takes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a raw SQL string (used by migrations tooling and health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions = (
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** How long a query waits for a connection (opening one or a free one of the pool). */
      connectionTimeoutMillis?: number;
      /** Called when an idle pooled connection dies (server restart, terminated backend). */
      onIdleError?: (error: Error) => void;
    }
  /** PGlite on a thread of its own (`PgliteThread`), in `dataDir` or in memory. */
  | { kind: 'pglite'; dataDir?: string /* undefined = in memory */; loadDataDir?: Blob }
  /** A PGlite instance of the caller's, queried on this thread (tests, build scripts). */
  | { kind: 'pglite-instance'; client: PGlite }
) & {
  /** Sees every statement before it runs (the tests' check that a write publishes its changes). */
  logger?: Logger;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.max ?? 10,
      // While the server is down or unreachable a request fails after this wait (a 503 with
      // Retry-After, lib/error-handler.ts) instead of hanging; the same bound applies to waiting
      // for a free pooled connection under load.
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    });
    // Without a listener, an idle connection's error would crash the process; the pool already
    // drops the broken connection and opens a new one on the next query.
    pool.on('error', options.onIdleError ?? warnIdleError);
    const db = drizzleNodePg(pool, { schema, logger: options.logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite | PgliteThread;
  if (options.kind === 'pglite-instance') {
    client = options.client;
  } else {
    if (options.dataDir) mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
    client = await PgliteThread.open({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  }
  // The driver calls `query` and `transaction` only, which the thread's client answers as PGlite does.
  const db = drizzlePglite({ client: client as PGlite, schema, logger: options.logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

function warnIdleError(error: Error) {
  process.emitWarning(`idle PostgreSQL connection lost: ${error.message}`, 'DatabaseWarning');
}
