import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { completeEnv, type Env, EnvSchema } from '../../src/server/env';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  env: Env;
  /** Folder of this app's data (uploads, mail outbox). */
  dataDir: string;
  close: () => Promise<void>;
}

/** A real app on a fresh, migrated database, for integration tests through `app.inject`. */
export async function createTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  /** 'production' serves pages from the production build (run `npm run build` first). */
  options: { pages?: 'production' | 'none' } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pfc-test-'));
  const env = completeEnv(
    EnvSchema.parse({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      SEED_DEMO_DATA: 'false',
      // Tests play clients from many addresses through X-Forwarded-For, as behind a proxy.
      TRUST_PROXY: 'true',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...overrides,
    }),
  );
  const database = await createTestDatabase();
  const app = await buildApp({
    env,
    database,
    pages: options.pages ?? 'none',
    logger: process.env.PFC_TEST_LOG ? { level: 'error' } : false,
    redisPrefix: `pfc-test-${crypto.randomUUID()}`,
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    env,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
