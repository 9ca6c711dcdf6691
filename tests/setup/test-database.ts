import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import { writeLogger } from './write-check';

// PFC_TEST_TEMPLATE lets two suites on one PostgreSQL server (two checkouts) keep their own template.
export const TEMPLATE_DB = process.env.PFC_TEST_TEMPLATE ?? 'pfc_test_template';
if (!/^[a-z_][a-z0-9_]*$/.test(TEMPLATE_DB))
  throw new Error('PFC_TEST_TEMPLATE must be a plain database name');

let pgliteTemplate: Promise<File | Blob> | undefined;

/** A migrated PGlite dump, made once per worker; each test database starts from a copy. */
function migratedPgliteDump(): Promise<File | Blob> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await migrateDatabase(await openDatabase({ kind: 'pglite-instance', client }));
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or with
 * TEST_DATABASE_URL a new PostgreSQL database copied from the migrated template. `port` makes the
 * pool connect through another local port (a proxy a fault test cuts), not straight to the server.
 */
export async function createTestDatabase(options: { port?: number } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    return openDatabase({ kind: 'pglite', loadDataDir: await migratedPgliteDump(), logger: writeLogger });
  }
  const name = `pfc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  if (options.port) {
    dbUrl.hostname = '127.0.0.1';
    dbUrl.port = String(options.port);
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: dbUrl.toString(),
    max: 5,
    // DROP DATABASE ... WITH (FORCE) below terminates connections the pool is still closing.
    onIdleError: () => {},
    logger: writeLogger,
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
