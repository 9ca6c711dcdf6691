import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPLATE_DB } from '../../../tests/setup/test-database';
import { completeEnv, type Env, EnvSchema } from '../env';
import { LocalStorage } from '../lib/storage';
import { BackupError, createBackup, restoreBackup } from './backup';
import { migrateDatabase } from './migrate';
import { openDatabaseFromEnv } from './open-from-env';
import { seedDemoDataIfEmpty } from './seed/seed-demo-data';

/** PGlite in a data folder by default; with TEST_DATABASE_URL, databases of that PostgreSQL server. */
const serverUrl = process.env.TEST_DATABASE_URL;
const made: string[] = [];
const folders: string[] = [];

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pfc-backup-test-'));
  folders.push(dir);
  return dir;
}

/** A site's configuration: a fresh data folder, and on PostgreSQL a new database (from the migrated template, or empty). */
async function siteEnv(database: 'migrated' | 'empty'): Promise<Env> {
  const vars: Record<string, string> = { NODE_ENV: 'test', DATA_DIR: folder() };
  if (serverUrl) {
    const name = `pfc_backup_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await admin((client) =>
      client.query(`CREATE DATABASE ${name}${database === 'migrated' ? ` TEMPLATE ${TEMPLATE_DB}` : ''}`),
    );
    made.push(name);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    vars.DATABASE_URL = url.toString();
  }
  return completeEnv(EnvSchema.parse(vars));
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Rows of every table of the app's schema and of drizzle's migrations journal, by table. */
async function countRows(env: Env): Promise<Record<string, number>> {
  const database = await openDatabaseFromEnv(env);
  try {
    // Both drivers answer with `rows`.
    const query = async <T>(text: ReturnType<typeof sql.raw>) =>
      ((await database.db.execute(text)) as unknown as { rows: T[] }).rows;
    const tables = await query<{ name: string }>(
      sql.raw(
        "select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1",
      ),
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const [schema, table] = name.split('.');
      counts[name] = (
        await query<{ n: number }>(sql.raw(`select count(*)::int as n from "${schema}"."${table}"`))
      )[0].n;
    }
    return counts;
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  if (serverUrl)
    await admin(async (client) => {
      for (const name of made) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe(`db:backup and db:restore on ${serverUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  let source: Env;
  let counts: Record<string, number>;
  let archive: string;
  /** The site restored by the first case. */
  let target: Env;
  const logo = { key: '2026/11/7d0c0e1a-logo.webp', body: Buffer.alloc(0) };
  const receipt = { key: '2026/11/52b9f3c4-receipt.webp', body: Buffer.alloc(0) };

  beforeAll(async () => {
    // The demo site, with an uploaded image and a private receipt stored as the upload route stores them.
    source = await siteEnv('migrated');
    const database = await openDatabaseFromEnv(source);
    try {
      await migrateDatabase(database);
      expect(await seedDemoDataIfEmpty(database.db)).not.toBeNull();
    } finally {
      await database.close();
    }
    counts = await countRows(source);
    const storage = new LocalStorage(source.DATA_DIR);
    logo.body = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2563eb' } })
      .webp()
      .toBuffer();
    receipt.body = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#f59e0b' } })
      .webp()
      .toBuffer();
    await storage.put(logo.key, logo.body, 'public');
    await storage.put(receipt.key, receipt.body, 'private');
    archive = path.join(folder(), 'site.tar.gz');
  }, 300_000);

  it("restores the demo site into a fresh database and data folder: every table's rows, every upload", async () => {
    const manifest = await createBackup(source, archive);
    expect(manifest.database.kind).toBe(serverUrl ? 'postgres' : 'pglite');
    expect(manifest.database.migrations.applied).toBe(counts['drizzle.__drizzle_migrations']);
    expect(manifest.files.entries.map((f) => f.path).sort()).toEqual([
      `files/private-uploads/${receipt.key}`,
      `files/uploads/${logo.key}`,
    ]);

    target = await siteEnv('empty');
    const report = await restoreBackup(target, archive);
    expect(report.replaced).toEqual([]);
    expect(report.filesRestored).toBe(2);

    const restored = await countRows(target);
    expect(Object.keys(restored).length).toBeGreaterThan(30);
    expect(restored).toEqual(counts);
    expect(restored['public.prop_firms']).toBeGreaterThan(0);
    const storage = new LocalStorage(target.DATA_DIR);
    expect((await storage.read(logo.key, 'public'))?.equals(logo.body)).toBe(true);
    expect((await storage.read(receipt.key, 'private'))?.equals(receipt.body)).toBe(true);
    expect(await storage.read(receipt.key, 'public')).toBeNull();
  }, 300_000);

  it('refuses to restore over a site that is not empty, and replaces it whole with --force', async () => {
    // The site restored above, changed since: deleted rows and a new upload.
    const database = await openDatabaseFromEnv(target);
    await database.db.execute(sql`delete from newsletter_subscribers`);
    await database.close();
    const extra = new LocalStorage(target.DATA_DIR);
    await extra.put('2026/12/later.webp', Buffer.from('later'), 'public');

    const refusal = restoreBackup(target, archive);
    await expect(refusal).rejects.toThrow(BackupError);
    await expect(refusal).rejects.toThrow(
      /^Not empty: (the database \w+ has \d+ tables|an embedded database is in \S+); \S+uploads holds 2 files; \S+private-uploads holds 1 file\. Restore with --force/,
    );
    expect((await countRows(target))['public.newsletter_subscribers']).toBe(0);

    const report = await restoreBackup(target, archive, { force: true });
    expect(report.replaced.length).toBe(3);
    expect(await countRows(target)).toEqual(counts);
    expect(await extra.read('2026/12/later.webp', 'public')).toBeNull();
    expect((await extra.read(logo.key, 'public'))?.equals(logo.body)).toBe(true);
  }, 300_000);

  it('refuses a damaged archive and changes nothing', async () => {
    const target = await siteEnv('empty');
    const work = folder();
    await tar.extract({ file: archive, cwd: work });
    await writeFile(path.join(work, 'files/uploads', logo.key), Buffer.from('not the logo'));
    const damaged = path.join(work, 'damaged.tar.gz');
    await tar.create({ gzip: true, file: damaged, cwd: work }, [
      'manifest.json',
      'files',
      JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')).database.file,
    ]);
    await expect(restoreBackup(target, damaged)).rejects.toThrow(
      `The archive's files/uploads/${logo.key} is missing or damaged`,
    );

    const notABackup = path.join(work, 'other.tar.gz');
    await tar.create({ gzip: true, file: notABackup, cwd: work }, ['files']);
    await expect(restoreBackup(target, notABackup)).rejects.toThrow(/no readable manifest.json/);
    expect(await new LocalStorage(target.DATA_DIR).read(logo.key, 'public')).toBeNull();
  }, 300_000);
});
