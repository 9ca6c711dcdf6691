import { sql } from 'drizzle-orm';
import { seedDemoData } from '../../../src/server/db/seed/seed-demo-data';
import type { TestContext } from '../../setup/test-app';

/**
 * The demo data set, so generated slugs and ids also hit real firms, coupons and posts; returns
 * the slugs and ids of every table that has them (new tables join by having a slug or id column).
 */
export async function seedReliabilityData(ctx: TestContext): Promise<{ slugs: string[] }> {
  await seedDemoData(ctx.db);
  const tables = (
    (await ctx.db.execute(
      sql.raw(
        "SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = 'public' AND column_name IN ('slug', 'id')",
      ),
    )) as unknown as { rows: { t: string; c: string }[] }
  ).rows;
  const values = new Set<string>();
  for (const { t, c } of tables) {
    const rows = (
      (await ctx.db.execute(
        sql.raw(`SELECT "${c}"::text AS v FROM "${t}" ORDER BY 1 LIMIT 3`),
      )) as unknown as {
        rows: { v: string }[];
      }
    ).rows;
    for (const row of rows) values.add(row.v);
  }
  return { slugs: [...values] };
}
