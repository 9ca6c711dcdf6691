import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { migrateDatabase } from './db/migrate';
import { openDatabaseFromEnv } from './db/open-from-env';
import { seedIfEmpty } from './db/seed/seed-if-empty';
import { loadEnv } from './env';
import { ensureDemoAdmin } from './modules/accounts/service';

const env = loadEnv();
mkdirSync(path.resolve(env.DATA_DIR, 'uploads'), { recursive: true });

const database = await openDatabaseFromEnv(env);
await migrateDatabase(database);

const app = await buildApp({
  env,
  database,
  pages: env.NODE_ENV === 'development' ? 'development' : 'production',
});
if (env.SEED_DEMO_DATA) await seedIfEmpty(database, env, app.log);
if (env.SEED_DEMO_DATA || env.ADMIN_PASSWORD) await ensureDemoAdmin(app.auth, database.db, env, app.log);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: env.HOST, port: env.PORT });
