/**
 * The saved-search alerts after a firm save, at the demo data plus BENCH_FIRMS generated firms
 * (5,000 unless set) and BENCH_SEARCHES saved searches (10,000 unless set, 20 to a trader): the
 * admin's save (its price history included), then what the alerts job does after it: the catalog
 * re-reads the firm, matching compares its options for every search and records the changes, and
 * the emails of the searches they concern are sent (to the outbox folder). Goal: matching under 1 s.
 *   node --import tsx bench/saved-search-alerts.ts   (also a row of `npm run bench`)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { propFirms, savedSearchChanges, savedSearches, users } from '../src/server/db/schema';
import { buildUser } from '../src/server/db/seed/factories';
import { seedGeneratedFirms } from '../src/server/db/seed/generated-firms';
import { seedDemoData } from '../src/server/db/seed/seed-demo-data';
import { createMailer } from '../src/server/lib/mailer';
import { findAdminFirm, updateFirm } from '../src/server/modules/admin/firms';
import {
  ensureAlertBaseline,
  matchSavedSearches,
  sendDueAlerts,
} from '../src/server/modules/challenges/alerts';
import { loadCatalog, refreshCatalogFirms } from '../src/server/modules/challenges/catalog';

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

export async function runSavedSearchBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pfc-alerts-bench-'));
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { kind: 'postgres', url: process.env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(dir, 'pglite') },
  );
  try {
    const { db } = database;
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
    let catalog = await loadCatalog(db);
    await ensureAlertBaseline(db, catalog);
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
      `\nSaved-search alerts after a firm save (${catalog.rows.length} options of ${FIRMS} generated firms and the demo's, ${SEARCHES} saved searches; goal: matching < 1 s)`,
    );
    for (const [round, slug] of slugs.slice(0, 3).entries()) {
      const firmId = (await findFirmId(db, slug))!;
      const before = (await findAdminFirm(db, firmId))!;
      const { id: _id, version, createdAt: _c, updatedAt: _u, ...input } = before;
      for (const model of input.fundingModels)
        for (const account of model.accounts) account.price = Math.round(account.price * 0.85 * 100) / 100;
      let started = performance.now();
      await updateFirm(db, { id: traders[0].id, email: traders[0].email }, firmId, version, input);
      const save = performance.now() - started;
      started = performance.now();
      catalog = await refreshCatalogFirms(db, catalog, [firmId]);
      const refresh = performance.now() - started;
      started = performance.now();
      const recorded = await matchSavedSearches(db, catalog, [firmId]);
      const match = performance.now() - started;
      started = performance.now();
      const sent = await sendDueAlerts(app, db, catalog, new Set());
      const send = performance.now() - started;
      console.log(
        `  save ${round + 1}: firm save ${save.toFixed(0)} ms; then catalog ${refresh.toFixed(0)} ms + matching ${match.toFixed(0)} ms (${recorded} changes) = ${(refresh + match).toFixed(0)} ms; ${sent} emails sent in ${send.toFixed(0)} ms`,
      );
    }
    const [{ n }] = await db.select({ n: count() }).from(savedSearchChanges);
    console.log(`  ${n} changes recorded in all`);
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
