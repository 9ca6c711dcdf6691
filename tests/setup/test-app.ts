import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type App, buildApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { completeEnv, type Env, EnvSchema } from '../../src/server/env';
import { createTestDatabase } from './test-database';
import { checkWrites } from './write-check';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  env: Env;
  /** Folder of this app's data (uploads, mail outbox). */
  dataDir: string;
  /** Prefix of its Redis keys and channels (shared by servers of one cluster). */
  redisPrefix: string;
  /** Closes the app; throws when one of its requests wrote without publishing its change (write-check.ts). */
  close: () => Promise<void>;
}

/** A real app on a fresh, migrated database, for integration tests through `app.inject`. */
export async function createTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  /**
   * 'production' serves pages from the production build (run `npm run build` first). `sharedWith`
   * builds a second server on another's database and Redis prefix, as a second process would be.
   * `databasePort`: the app reaches PostgreSQL through this local port (a fault test's proxy).
   * `routes` adds routes of the test's own before the app starts.
   */
  options: {
    pages?: 'production' | 'none';
    sharedWith?: TestContext;
    databasePort?: number;
    routes?: (app: App) => void;
  } = {},
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
  const database = options.sharedWith?.database ?? (await createTestDatabase({ port: options.databasePort }));
  const redisPrefix = options.sharedWith?.redisPrefix ?? `pfc-test-${crypto.randomUUID()}`;
  const app = await buildApp({
    env,
    database,
    pages: options.pages ?? 'none',
    // PFC_TEST_LOG=1 shows the logged errors (a 500's stack) of test apps.
    logger: process.env.PFC_TEST_LOG ? { level: 'error' } : false,
    redisPrefix,
  });
  options.routes?.(app);
  const staleWrites = checkWrites(app);
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    env,
    dataDir,
    redisPrefix,
    close: async () => {
      await app.close();
      // The database belongs to the server that made it.
      if (!options.sharedWith) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (staleWrites.length)
        throw new Error(
          `Requests wrote data a read model or a cached answer reads and published no change (Changes.commit):\n${staleWrites.join('\n')}`,
        );
    },
  };
}
