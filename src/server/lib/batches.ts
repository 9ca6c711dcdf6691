/** Helpers for reading and writing many rows in few statements (the catalog import's batches). */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';

/** Ids per statement of batched reads and deletes (far below the protocol's 65,535 parameters). */
export const IDS_PER_QUERY = 1000;
/** Rows per multi-row insert: a firm row has about 40 columns, so 500 stay under that limit too. */
export const ROWS_PER_INSERT = 500;

/** `items` in slices of at most `size` (a statement's parameters are limited to 65,535). */
export const chunksOf = <T>(items: T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};

/** The rows by `key`, each list in the rows' order. */
export const groupBy = <T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> => {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
};

/** Rows per batched update: their JSON stays a few megabytes per statement. */
const ROWS_PER_UPDATE = 500;

/**
 * Updates many rows of `table`, each by its `id` to its own values (`set`, by the schema's field
 * names), in one statement per few hundred rows that set the same fields: the rows travel as one
 * JSON parameter read as the table's row type (`jsonb_populate_recordset`). A row with a `version`
 * is updated only at that version, which goes up by one, with `updated_at` set to `touch`. Returns
 * the ids of the rows updated (a row at another version is left out).
 */
export async function updateRowsById(
  tx: Tx,
  table: PgTable,
  rows: { id: number; version?: number; set: Record<string, unknown> }[],
  touch?: Date,
): Promise<number[]> {
  const columns = getTableColumns(table);
  const name = getTableName(table);
  const updated: number[] = [];
  const groups = groupBy(rows, (row) => `${row.version === undefined}:${Object.keys(row.set).sort().join()}`);
  for (const group of groups.values()) {
    const keys = Object.keys(group[0].set);
    const versioned = group[0].version !== undefined;
    const assignments = keys.map((key) => {
      const column = columns[key].name;
      return sql.raw(`"${column}" = v."${column}"`);
    });
    if (versioned) assignments.push(sql.raw('"version" = t."version" + 1'), sql`"updated_at" = ${touch}`);
    for (const chunk of chunksOf(group, ROWS_PER_UPDATE)) {
      const json = JSON.stringify(
        chunk.map((row) => ({
          ...Object.fromEntries(keys.map((key) => [columns[key].name, row.set[key] ?? null])),
          id: row.id,
          ...(versioned ? { version: row.version } : {}),
        })),
      );
      const result = await tx.execute<{ id: number }>(
        sql`update ${sql.raw(`"${name}"`)} as t set ${sql.join(assignments, sql`, `)}
          from jsonb_populate_recordset(null::${sql.raw(`"${name}"`)}, ${json}::jsonb) as v
          where t."id" = v."id"${versioned ? sql` and t."version" = v."version"` : sql``}
          returning t."id"`,
      );
      for (const row of resultRows<{ id: number }>(result)) updated.push(Number(row.id));
    }
  }
  return updated;
}

/** The rows of `tx.execute`'s answer, which node-postgres and PGlite both give as `rows`. */
const resultRows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
