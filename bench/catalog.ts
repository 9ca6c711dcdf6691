/**
 * The catalog import rows of `npm run bench` (issue #46, decision 0053); also runs alone:
 *   node --import tsx bench/catalog.ts
 *
 * A 5,000-firm catalog file (BENCH_CATALOG_FIRMS; the generated firms of the page rows, exported as
 * catalog.json) imported into an empty database (dry run, then apply: every firm created through
 * the editor's code), then the same file with one price changed in every firm (dry run: every firm
 * saved through the editor's code in a transaction rolled back; apply: the same, committed), timed
 * on the embedded database and, with BENCH_POSTGRES_URL, on PostgreSQL. Goal: under 30 s each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { CatalogDocument } from '../src/domain/catalog';
import { type Database, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedGeneratedFirms } from '../src/server/db/seed/generated-firms';
import { Changes } from '../src/server/lib/events';
import { exportCatalog, importCatalog } from '../src/server/modules/admin/catalog';
import { catalogJson, readCatalogFiles } from '../src/server/modules/admin/catalog-files';

const FIRMS = Number(process.env.BENCH_CATALOG_FIRMS ?? 5000);
const GOAL_MS = 30_000;
const actor = { id: null, email: 'bench' };
// No process listens: the import's change events go nowhere.
const changes = new Changes();

async function catalogFile(): Promise<string> {
  const source = await openDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(source);
    await seedGeneratedFirms(source.db, FIRMS, 5000);
    return catalogJson(await exportCatalog(source.db));
  } finally {
    await source.close();
  }
}

async function timed(database: Database, text: string) {
  // Each step reads the file as the screen's upload or the command line does: parsed and checked.
  const upload = () => ({ ...readCatalogFiles([{ name: 'catalog.json', text }]), replace: false });
  let started = performance.now();
  const dry = await importCatalog(database.db, changes, actor, upload(), { apply: false });
  const dryMs = performance.now() - started;
  if (dry.report.problems.length) throw new Error(`catalog problems: ${dry.report.problems[0].message}`);
  started = performance.now();
  const applied = await importCatalog(database.db, changes, actor, upload(), {
    apply: true,
    fingerprint: dry.report.fingerprint,
  });
  return { dryMs, applyMs: performance.now() - started, summary: applied.report.summary };
}

const seconds = (ms: number) =>
  `${(ms / 1000).toFixed(1).padStart(5)} s ${ms < GOAL_MS ? '(goal < 30 s: met)' : '(goal < 30 s: NOT met)'}`;

/**
 * Into an empty database (every firm new), then the same file with one price changed in every
 * firm (every firm saved over its version, with its rule change: the dry run's heavy case).
 */
async function timeImport(label: string, database: Database, text: string) {
  await migrateDatabase(database);
  const created = await timed(database, text);
  console.log(`  ${label.padEnd(12)} new firms:     dry run ${seconds(created.dryMs)}`);
  console.log(
    `  ${label.padEnd(12)} new firms:     apply   ${seconds(created.applyMs)}; ${created.summary.firmsNew} firms, ${created.summary.couponsNew} coupons created`,
  );
  const doc = JSON.parse(text) as CatalogDocument;
  for (const firm of doc.firms) {
    const account = firm.fundingModels[0]?.accounts[0];
    if (account) account.price += 1;
  }
  const changed = await timed(database, JSON.stringify(doc));
  console.log(`  ${label.padEnd(12)} changed price: dry run ${seconds(changed.dryMs)}`);
  console.log(
    `  ${label.padEnd(12)} changed price: apply   ${seconds(changed.applyMs)}; ${changed.summary.firmsChanged} firms saved, ${changed.summary.ruleChanges} rule changes`,
  );
}

/** Both databases; `npm run bench` calls it after the page rows. */
export async function runCatalogBench(): Promise<void> {
  console.log(`\nCatalog import: a ${FIRMS}-firm catalog.json into an empty database (goal < 30 s each)`);
  const text = await catalogFile();
  console.log(`  file: ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB`);
  // BENCH_PGLITE=0 skips the embedded rows, as in bench/run.ts.
  if (process.env.BENCH_PGLITE !== '0') {
    const dir = mkdtempSync(path.join(tmpdir(), 'pfc-bench-catalog-'));
    try {
      const embedded = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      try {
        await timeImport('embedded', embedded, text);
      } finally {
        await embedded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const postgresUrl = process.env.BENCH_POSTGRES_URL;
  if (!postgresUrl) return;
  const name = `pfc_bench_catalog_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 4 });
    try {
      await timeImport('PostgreSQL', database, text);
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runCatalogBench();
