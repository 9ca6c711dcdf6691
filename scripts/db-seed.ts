// npm run db:seed [-- --reset]: installs the demo data when the database has no firms; --reset
// first removes the demo content and demo users (real accounts and sessions are kept).
import { migrateDatabase } from '../src/server/db/migrate';
import { openDatabaseFromEnv } from '../src/server/db/open-from-env';
import { countListedFirms, deleteDemoData, seedDemoDataIfEmpty } from '../src/server/db/seed/seed-demo-data';
import { loadEnv } from '../src/server/env';

const reset = process.argv.includes('--reset');
const unknown = process.argv.slice(2).filter((a) => a !== '--reset');
if (unknown.length > 0) {
  console.error(`Unknown argument: ${unknown.join(' ')}\nUsage: npm run db:seed [-- --reset]`);
  process.exit(2);
}

const env = loadEnv();
const database = await openDatabaseFromEnv(env);
try {
  // Seeding a database that was never migrated would fail on missing tables.
  await migrateDatabase(database);
  if (reset) {
    await deleteDemoData(database.db);
    console.log('Demo content removed.');
  }
  const started = performance.now();
  const summary = await seedDemoDataIfEmpty(database.db);
  if (summary) {
    const ms = Math.round(performance.now() - started);
    const parts = Object.entries(summary).map(([k, v]) => `${v} ${k}`);
    console.log(`Demo data seeded in ${ms} ms: ${parts.join(', ')}.`);
  } else {
    const firms = await countListedFirms(database.db);
    console.log(`The database already has firms (${firms} listed): nothing seeded. Use --reset to reseed.`);
  }
} finally {
  await database.close();
}
