import path from 'node:path';
import type { Env } from '../env';
import { type Database, openDatabase } from './client';

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export function openDatabaseFromEnv(env: Env): Promise<Database> {
  return openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.resolve(env.DATA_DIR, 'pglite') },
  );
}
