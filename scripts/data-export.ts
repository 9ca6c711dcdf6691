// npm run data:export -- --format json --out catalog.json
// npm run data:export -- --format csv --out catalog/   (accounts.csv, coupons.csv, unlisted-firms.csv)
// The whole catalog of the database DATABASE_URL names (or the embedded one). Decision 0053.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase } from '../src/server/db/migrate';
import { openDatabaseFromEnv } from '../src/server/db/open-from-env';
import { loadEnv } from '../src/server/env';
import { exportCatalog } from '../src/server/modules/admin/catalog';
import { catalogCsvFiles, catalogJson } from '../src/server/modules/admin/catalog-files';

const USAGE = 'Usage: npm run data:export -- --format json|csv --out catalog.json|catalog/';
let format: string;
let out: string;
try {
  const { values } = parseArgs({
    options: { format: { type: 'string', default: 'json' }, out: { type: 'string' } },
    allowPositionals: false,
  });
  if (values.format !== 'json' && values.format !== 'csv') throw new Error('--format is json or csv');
  format = values.format;
  out = values.out ?? (format === 'json' ? 'catalog.json' : 'catalog');
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const database = await openDatabaseFromEnv(loadEnv());
try {
  await migrateDatabase(database);
  const doc = await exportCatalog(database.db);
  if (format === 'json') {
    writeFileSync(out, catalogJson(doc));
    console.log(`Wrote ${path.resolve(out)}`);
  } else {
    mkdirSync(out, { recursive: true });
    for (const [name, text] of Object.entries(catalogCsvFiles(doc)))
      writeFileSync(path.join(out, name), text);
    console.log(`Wrote accounts.csv, coupons.csv and unlisted-firms.csv in ${path.resolve(out)}`);
  }
  console.log(
    `  ${doc.firms.length} firms, ${doc.coupons.length} coupons, ${doc.unlistedFirms.length} not-yet-listed entries`,
  );
} finally {
  await database.close();
}
