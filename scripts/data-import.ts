// npm run data:import -- catalog.json|catalog/ [--dry-run] [--replace] [--as admin@example.com]
// Imports a catalog file (or a folder with accounts.csv, and coupons.csv and unlisted-firms.csv
// if given: a part not given is left alone, --replace included) into the database
// DATABASE_URL names (or the embedded one): always the dry run first, printed; then, without
// --dry-run and with no problem, the apply. Exits 1 when the file has a problem. Decision 0053.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { migrateDatabase } from '../src/server/db/migrate';
import { openDatabaseFromEnv } from '../src/server/db/open-from-env';
import { users } from '../src/server/db/schema';
import { loadEnv } from '../src/server/env';
import { importCatalog } from '../src/server/modules/admin/catalog';
import { readCatalogFiles } from '../src/server/modules/admin/catalog-files';
import type { Actor } from '../src/server/modules/admin/service';
import { startRuleChangeEmails } from '../src/server/modules/rule-changes/service';
import { printCatalogReport } from './data-report';

const USAGE = 'Usage: npm run data:import -- catalog.json|catalog/ [--dry-run] [--replace] [--as EMAIL]';
let source: string;
let options: { 'dry-run'?: boolean; replace?: boolean; as?: string };
try {
  const { values, positionals } = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, replace: { type: 'boolean' }, as: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error('Name one file or folder.');
  source = positionals[0];
  options = values;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const files = statSync(source).isDirectory()
  ? readdirSync(source)
      .filter((name) => /\.(csv|json)$/i.test(name))
      .map((name) => ({ name, text: readFileSync(path.join(source, name), 'utf8') }))
  : [{ name: path.basename(source), text: readFileSync(source, 'utf8') }];
const upload = { ...readCatalogFiles(files), replace: options.replace === true };

const env = loadEnv();
const database = await openDatabaseFromEnv(env);
await migrateDatabase(database);
// The app without a port: the apply's change events and follower emails go through its jobs and
// Redis exactly as after an edit in the admin.
const app = await buildApp({ env, database, pages: 'none', logger: { level: 'warn' } });
try {
  await app.ready();
  let actor: Actor = { id: null, email: 'command line' };
  if (options.as) {
    const [user] = await database.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(sql`lower(${users.email})`, options.as.toLowerCase()));
    if (!user) throw new Error(`No account with the email ${options.as}.`);
    actor = user;
  }
  const started = performance.now();
  const dry = await importCatalog(database.db, app.changes, actor, upload, { apply: false });
  printCatalogReport(dry.report, performance.now() - started);
  if (dry.report.problems.length) process.exitCode = 1;
  else if (!options['dry-run']) {
    const applyStarted = performance.now();
    const applied = await importCatalog(database.db, app.changes, actor, upload, {
      apply: true,
      fingerprint: dry.report.fingerprint,
    });
    await startRuleChangeEmails(app, applied.effects.ruleChangeBatches, app.log);
    console.log(`Applied in ${Math.round(performance.now() - applyStarted)} ms.`);
  } else console.log('Dry run: nothing was changed.');
} catch (err) {
  console.error(`Import failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
