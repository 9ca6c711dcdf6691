import { sql } from 'drizzle-orm';
import type { Database } from '../../../src/server/db/client';

/**
 * Records every row a statement inserts, updates or deletes in any table of the public schema,
 * through row triggers installed on this test database only. The log is transactional: a write
 * that is rolled back leaves no trace, so "nothing logged" means "nothing changed".
 */
/**
 * Tables that record refused requests by design, so a refusal that writes to them is right: every
 * offerwall postback, refused ones included, is kept for the admin's audit (decision 0026).
 */
export const JOURNAL_TABLES = ['offer_postbacks'];
const sqlList = (names: string[]) => `ARRAY[${names.map((n) => `'${n}'`).join(', ')}]::name[]`;

export async function installWriteLog(database: Database) {
  const { db } = database;
  // One statement per call: PGlite's extended protocol takes a single statement.
  for (const statement of [
    'CREATE TABLE IF NOT EXISTS reliability_write_log (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)',
    `CREATE OR REPLACE FUNCTION reliability_log_write() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO reliability_write_log (tbl, op) VALUES (TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $fn$`,
    `DO $do$
    DECLARE t record;
    BEGIN
      FOR t IN SELECT tablename FROM pg_tables
        WHERE schemaname = 'public' AND tablename <> 'reliability_write_log'
          AND tablename <> ALL (${sqlList(JOURNAL_TABLES)})
      LOOP
        EXECUTE format('DROP TRIGGER IF EXISTS reliability_log ON %I', t.tablename);
        EXECUTE format(
          'CREATE TRIGGER reliability_log AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION reliability_log_write()',
          t.tablename);
      END LOOP;
    END $do$`,
  ]) {
    await db.execute(sql.raw(statement));
  }
  const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  return {
    /** The position of the newest committed write. */
    async position(): Promise<number> {
      const rows = rowsOf(
        await db.execute(sql.raw('SELECT coalesce(max(id), 0)::text AS n FROM reliability_write_log')),
      );
      return Number(rows[0]?.n ?? 0);
    },
    /**
     * The writes committed after a position, as "table op xN", and the new position: one query,
     * so that a caller checking every request pays one round trip for it.
     */
    async since(position: number): Promise<{ position: number; changed: string[] }> {
      const rows = rowsOf(
        await db.execute(
          sql`SELECT id::text AS n, tbl, op FROM reliability_write_log WHERE id > ${position} ORDER BY id`,
        ),
      );
      const counts = new Map<string, number>();
      for (const r of rows) counts.set(`${r.tbl} ${r.op}`, (counts.get(`${r.tbl} ${r.op}`) ?? 0) + 1);
      return {
        position: rows.length ? Number(rows[rows.length - 1].n) : position,
        changed: [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => `${key} x${n}`),
      };
    },
    /** Tables the log watches (every table of the public schema but its own). */
    async tables(): Promise<string[]> {
      const rows = rowsOf(
        await db.execute(
          sql.raw(
            "SELECT DISTINCT event_object_table AS t FROM information_schema.triggers WHERE trigger_name = 'reliability_log' ORDER BY 1",
          ),
        ),
      );
      return rows.map((r) => String(r.t));
    },
  };
}
export type WriteLog = Awaited<ReturnType<typeof installWriteLog>>;
