// npm run db:migrate: applies pending migrations to the database the configuration names.
import { migrateDatabase } from '../src/server/db/migrate';
import { openDatabaseFromEnv } from '../src/server/db/open-from-env';
import { loadEnv } from '../src/server/env';

const env = loadEnv();
const database = await openDatabaseFromEnv(env);
try {
  await migrateDatabase(database);
  console.log(
    `Migrations applied (${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`}).`,
  );
} finally {
  await database.close();
}
