/**
 * The measurement behind decision 0021: at the demo data plus BENCH_FIRMS generated firms (5,000
 * unless set), how long the challenge finder's in-memory catalog takes to build, and how long one
 * request's filtering, sorting and paging takes in memory against the same work as one SQL query
 * (PGlite unless DATABASE_URL is set). Every request is a new filter combination.
 *   node --import tsx bench/challenge-finder.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ChallengeQuery } from '../src/domain/challenge-rules';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedGeneratedFirms } from '../src/server/db/seed/generated-firms';
import { seedDemoData } from '../src/server/db/seed/seed-demo-data';
import { catalogRows, loadCatalog, refreshCatalogFirms } from '../src/server/modules/challenges/catalog';
import { listChallenges } from '../src/server/modules/challenges/service';

const FIRMS = Number(process.env.BENCH_FIRMS ?? 5000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

function query(i: number): ChallengeQuery {
  const sizes = [10_000, 25_000, 50_000, 100_000, 200_000];
  return {
    size: i % 2 === 0 ? [sizes[i % sizes.length]] : [],
    steps: i % 3 !== 0 ? [i % 4] : [],
    asset: i % 5 === 1 ? [(['cfd', 'futures', 'crypto'] as const)[i % 3]] : [],
    drawdownType: [],
    platform: [],
    noTimeLimit: i % 7 === 2 ? true : undefined,
    country: i % 11 === 3 ? 'United States' : undefined,
    priceMax: 150 + i * 0.01,
    passRate: (5 + (i % 40)) / 100,
    monthsPerAttempt: 1,
    sort: (['price', 'trueCost', 'costPer1k', 'rating', 'size', 'profitSplit'] as const)[i % 6],
    page: 1 + (i % 3),
    pageSize: 20,
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const report = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms  p99 ${percentile(times, 99).toFixed(2).padStart(7)} ms  mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2).padStart(7)} ms`,
  );

/** The same filters, true cost and order as one SQL query (the alternative decision 0021 weighed). */
function sqlQuery(q: ChallengeQuery) {
  const fee = sql.raw(`(a.price * (1 - coalesce(bc.discount_percent, 0) / 100.0))`);
  const perAttempt = sql`(case when a.pricing_type = 'monthly' then ${fee} * ${q.monthsPerAttempt} else ${fee} end)`;
  const retry = sql`(case when a.reset_price is not null then least(a.reset_price, ${perAttempt}) else ${perAttempt} end)`;
  const steps = sql.raw(
    '((m.profit_target_phase1 > 0)::int + (m.profit_target_phase2 > 0)::int + (m.profit_target_phase3 > 0)::int)',
  );
  const attempts = sql`(case when ${steps} = 0 then 1 else 1.0 / ${q.passRate} end)`;
  const trueCost = sql`greatest(0, (${perAttempt} + (${attempts} - 1) * ${retry}) * (1 - coalesce(case when f.cashback_provided then f.cashback_percentage end, 0) / 100.0) + coalesce(a.activation_fee, 0) - (case when m.fee_refundable then ${fee} * ${q.passRate} else 0 end))`;
  const where = [sql`f.status = 'listed'`];
  if (q.size.length) where.push(sql`a.capital in ${q.size}`);
  if (q.steps.length) where.push(sql`${steps} in ${q.steps}`);
  if (q.asset.length)
    where.push(
      sql`coalesce(nullif(m.asset_type, ''), f.asset_type) ilike ${`%${q.asset[0] === 'cfd' ? 'forex' : q.asset[0]}%`}`,
    );
  if (q.noTimeLimit) where.push(sql`not m.time_limits`);
  if (q.country)
    where.push(
      sql`not (lower(${q.country}) = any(select lower(btrim(c)) from unnest(f.restricted_countries) c))`,
    );
  if (q.priceMax != null) where.push(sql`round((${fee})::numeric, 2) <= ${q.priceMax}`);
  const order =
    q.sort === 'trueCost' || q.sort === 'costPer1k'
      ? sql`${trueCost}${q.sort === 'costPer1k' ? sql` / a.capital` : sql``}`
      : q.sort === 'size'
        ? sql`a.capital`
        : q.sort === 'profitSplit'
          ? sql`m.profit_split`
          : q.sort === 'rating'
            ? sql`f.trust_rating`
            : fee;
  return sql`with bc as (
      select distinct on (prop_firm_id) prop_firm_id, discount_percent from coupons
      where is_active and (expiry_date is null or expiry_date > now()) and prop_firm_id is not null
      order by prop_firm_id, discount_percent desc nulls last, id)
    select a.id, ${trueCost} as true_cost, count(*) over () as total
    from firm_accounts a join funding_models m on m.id = a.funding_model_id join prop_firms f on f.id = m.prop_firm_id
    left join bc on bc.prop_firm_id = f.id
    where ${sql.join(where, sql` and `)}
    order by ${order}, a.id limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`;
}

const dir = mkdtempSync(path.join(tmpdir(), 'pfc-challenge-bench-'));
const database = await openDatabase(
  process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
);
try {
  await migrateDatabase(database);
  await seedDemoData(database.db);
  await seedGeneratedFirms(database.db, FIRMS);
  const builds: number[] = [];
  let catalog = await loadCatalog(database.db);
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    catalog = await loadCatalog(database.db);
    builds.push(performance.now() - started);
  }
  console.log(
    `${catalogRows(catalog).length} account options of listed firms (${FIRMS} generated firms + demo data)`,
  );
  report('catalog build (3 queries + index)', builds);
  // A firm saved in the admin: only its rows are read again, the index rebuilt in memory.
  const patches: number[] = [];
  for (let i = 0; i < 10; i++) {
    const rows = catalogRows(catalog);
    const firmId = rows[(i * 997) % rows.length].option.firm.id;
    const started = performance.now();
    catalog = await refreshCatalogFirms(database.db, catalog, [firmId]);
    patches.push(performance.now() - started);
  }
  report('one firm changed (re-read + index)', patches);
  const memory: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    listChallenges(catalog, query(i));
    memory.push(performance.now() - started);
  }
  report('in memory, per request', memory);
  const inSql: number[] = [];
  for (let i = 0; i < Math.min(REQUESTS, 100); i++) {
    const started = performance.now();
    await database.db.execute(sqlQuery(query(i)));
    inSql.push(performance.now() - started);
  }
  report('one SQL query, per request', inSql);
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
