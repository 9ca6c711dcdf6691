/**
 * The saved-search alerts after a firm save, at the demo data plus BENCH_FIRMS generated firms
 * (5,000 unless set) and BENCH_SEARCHES saved searches (10,000 unless set, 20 to a trader): the
 * admin's save (its price history included), then what the alerts job does after it: the catalog
 * re-reads the firm, matching compares its options for every search and records the changes, and
 * the emails of the searches they concern are sent (to the outbox folder). Goal: matching under 1 s.
 * The firms saved: the first three generated (few searches match their options) and the two whose
 * options most searches match (found by matching a sample of the searches), the heavy saves. Each
 * save also prints the same matching run again, as every other process makes it after the change,
 * and the longest the event loop waited while matching ran (requests wait as long on PGlite).
 *   node --import tsx bench/saved-search-alerts.ts   (also a row of `npm run bench`)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { matchesFilters } from '../src/domain/price-alerts';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { optionAlertChanges, propFirms, savedSearches, users } from '../src/server/db/schema';
import { buildUser } from '../src/server/db/seed/factories';
import { seedGeneratedFirms } from '../src/server/db/seed/generated-firms';
import { seedDemoData } from '../src/server/db/seed/seed-demo-data';
import { Changes } from '../src/server/lib/events';
import { createMailer } from '../src/server/lib/mailer';
import { ReadModel } from '../src/server/lib/read-model';
import { findAdminFirm } from '../src/server/modules/admin/firm-document';
import { updateFirm } from '../src/server/modules/admin/firms';
import { matchSavedSearches } from '../src/server/modules/challenges/alert-matching';
import { sendDueAlerts } from '../src/server/modules/challenges/alert-sending';
import { ensureAlertBaseline, optionFactsOf } from '../src/server/modules/challenges/alert-states';
import { catalogRows, loadCatalog, refreshCatalogFirms } from '../src/server/modules/challenges/catalog';
import type { Catalog } from '../src/server/modules/challenges/catalog-shape';
import { filtersOf } from '../src/server/modules/challenges/saved-searches';

const FIRMS = Number(process.env.BENCH_FIRMS ?? 5000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 10_000);

/** Searches as traders save them: a size or a range, steps, a price cap, a rule or two. */
function searchQuery(i: number): string {
  const sizes = [10_000, 25_000, 50_000, 100_000, 200_000];
  const params = new URLSearchParams();
  if (i % 2 === 0) params.append('size', String(sizes[i % sizes.length]));
  else if (i % 5 === 1) params.set('sizeMin', String(sizes[i % 3]));
  if (i % 3 !== 0) params.append('steps', String(1 + (i % 2)));
  if (i % 4 === 1) params.set('priceMax', String(100 + (i % 40) * 10));
  if (i % 7 === 2) params.set('noTimeLimit', 'true');
  if (i % 11 === 3) params.set('country', 'United States');
  if (i % 13 === 4) params.set('asset', 'futures');
  params.set('pass', String(5 + (i % 30)));
  if (i % 6 === 0) params.set('sort', 'trueCost');
  return params.toString();
}

/** The `n` firms whose options a sample of the searches (one in `every`) match most often. */
function mostMatchedFirms(catalog: Catalog, queries: string[], n: number, every = 25): number[] {
  const sample = queries.filter((_, i) => i % every === 0).map(filtersOf);
  const pairs = new Map<number, number>();
  for (const row of catalogRows(catalog)) {
    const facts = optionFactsOf(row);
    const matched = sample.filter((filters) => filters && matchesFilters(facts, filters)).length;
    pairs.set(facts.firmId, (pairs.get(facts.firmId) ?? 0) + matched);
  }
  return [...pairs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([id]) => id);
}

export async function runSavedSearchBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pfc-alerts-bench-'));
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
  );
  try {
    const { db } = database;
    const matching = { shared: database.kind === 'postgres' };
    await migrateDatabase(database);
    await seedDemoData(db);
    const slugs = await seedGeneratedFirms(db, FIRMS);
    const traders = Array.from({ length: Math.ceil(SEARCHES / 20) }, (_, i) =>
      buildUser({ id: `bench-trader-${i}`, email: `bench-${i}@example.test`, username: `bench_${i}` }),
    );
    for (let i = 0; i < traders.length; i += 500) await db.insert(users).values(traders.slice(i, i + 500));
    const rows = Array.from({ length: SEARCHES }, (_, i) => ({
      userId: traders[Math.floor(i / 20)].id,
      name: `Search ${i}`,
      query: searchQuery(i),
      unsubscribeToken: randomBytes(18).toString('base64url'),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await db.insert(savedSearches).values(rows.slice(i, i + 1000));
    // The bench's own catalog store below stands in for the read models: the saves' events reach no one.
    const changes = new Changes();
    let catalog = await loadCatalog(db);
    // The alerts read the catalog through a store, as the server's job does; this one hands out
    // the bench's own catalog, taken again after each refresh below.
    const store = new ReadModel<Catalog>({ affects: () => 'all', load: async () => catalog });
    await ensureAlertBaseline(db, store);
    const mailer = createMailer(
      { DATA_DIR: dir, MAIL_FROM: 'bench@example.test' } as never,
      {
        info() {},
        warn() {},
        error() {},
      } as unknown as FastifyBaseLogger,
    );
    const app = { mailer, env: { PUBLIC_URL: 'http://localhost' } };

    console.log(
      `\nSaved-search alerts after a firm save (${catalogRows(catalog).length} options of ${FIRMS} generated firms and the demo's, ${SEARCHES} saved searches; goal: matching < 1 s)`,
    );
    const light = await Promise.all(slugs.slice(0, 3).map((slug) => findFirmId(db, slug)));
    const heavy = mostMatchedFirms(
      catalog,
      rows.map((r) => r.query),
      2,
    ).filter((id) => !light.includes(id));
    const saves = [
      ...light.map((id) => ({ id: id!, heavy: false })),
      ...heavy.map((id) => ({ id, heavy: true })),
    ];
    for (const [round, { id: firmId, heavy: isHeavy }] of saves.entries()) {
      const before = (await findAdminFirm(db, firmId))!;
      const { id: _id, version, createdAt: _c, updatedAt: _u, ...input } = before;
      for (const model of input.fundingModels)
        for (const account of model.accounts) account.price = Math.round(account.price * 0.85 * 100) / 100;
      let started = performance.now();
      await updateFirm(db, changes, { id: traders[0].id, email: traders[0].email }, firmId, version, input);
      const save = performance.now() - started;
      started = performance.now();
      catalog = await refreshCatalogFirms(db, catalog, [firmId]);
      store.invalidate([{ type: 'firm.updated', id: firmId }]);
      const refresh = performance.now() - started;
      const [{ rowsBefore }] = await db.select({ rowsBefore: count() }).from(optionAlertChanges);
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      started = performance.now();
      const recorded = await matchSavedSearches(db, store, [firmId], undefined, matching);
      const match = performance.now() - started;
      delay.disable();
      const [{ rowsAfter }] = await db.select({ rowsAfter: count() }).from(optionAlertChanges);
      started = performance.now();
      const again = await matchSavedSearches(db, store, [firmId], undefined, matching);
      const other = performance.now() - started;
      started = performance.now();
      const sent = await sendDueAlerts(app, db, store, new Set());
      const send = performance.now() - started;
      console.log(
        `  save ${round + 1}${isHeavy ? ' (heavy: a firm most searches match)' : ''}: firm save ${save.toFixed(0)} ms; then catalog ${refresh.toFixed(0)} ms + matching ${match.toFixed(0)} ms (${recorded} search changes in ${rowsAfter - rowsBefore} rows; longest event-loop wait ${(delay.max / 1e6).toFixed(0)} ms) = ${(refresh + match).toFixed(0)} ms; the same run in another process ${other.toFixed(0)} ms (${again} changes); ${sent} emails sent in ${send.toFixed(0)} ms`,
      );
    }
    const [{ n }] = await db.select({ n: count() }).from(optionAlertChanges);
    console.log(`  ${n} option changes recorded in all`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function findFirmId(db: Awaited<ReturnType<typeof openDatabase>>['db'], slug: string) {
  const [row] = await db.select({ id: propFirms.id }).from(propFirms).where(eq(propFirms.slug, slug));
  return row?.id;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runSavedSearchBench();
