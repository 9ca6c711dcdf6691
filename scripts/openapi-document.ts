// npm run lint:api writes the API's OpenAPI document with this, then lints it.
// `node --import tsx scripts/openapi-document.ts [file]` writes it to the file (default: openapi.json
// in the system's temporary folder) and prints the file's path.
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { buildApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { completeEnv, EnvSchema } from '../src/server/env';

/**
 * The document the running server serves at /api/docs/json, from an app built on an empty in-memory
 * database: routes and their schemas are all it reads, and building one touches no table.
 */
export async function createOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pfc-openapi-'));
  const database = await openDatabase({
    kind: 'pglite-instance',
    client: await PGlite.create({ extensions: { pg_trgm } }),
  });
  const env = completeEnv(
    EnvSchema.parse({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'openapi-document-openapi-document-0123',
      SEED_DEMO_DATA: 'false',
    }),
  );
  const app = await buildApp({ env, database, pages: 'none', logger: false });
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve(process.argv[2] ?? path.join(tmpdir(), 'openapi.json'));
  writeFileSync(file, `${JSON.stringify(await createOpenApiDocument(), null, 2)}\n`);
  console.log(file);
}
