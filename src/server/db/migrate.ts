import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** The package root, found by walking up to package.json so bundles and sources agree. */
export function findPackageRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${from}`);
    dir = parent;
  }
  return dir;
}

export const migrationsFolder = path.join(findPackageRoot(), 'db', 'migrations');

export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder };
  if (database.kind === 'pglite') await migratePglite(database.db as never, config);
  else await migrateNodePg(database.db as never, config);
}
