import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** The rows of a raw SQL query, which node-postgres and PGlite both answer with `rows`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
