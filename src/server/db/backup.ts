import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import type { Env } from '../env';
import { createStorage } from '../lib/create-storage';
import { isStorageKey, type Visibility } from '../lib/storage';
import { migrationsFolder } from './migrate';

/**
 * A backup is one .tar.gz (decision 0046; docs/operations.md, "Backups and restore"):
 *
 *   manifest.json                    what the archive holds (BackupManifest)
 *   database.pgdump                  PostgreSQL: pg_dump --format=custom
 *   database.pglite.tar.gz           or the embedded database: PGlite's dumpDataDir
 *   files/uploads/<key>              public uploads kept in DATA_DIR (none when in a bucket)
 *   files/private-uploads/<key>      private uploads kept in DATA_DIR
 */
export const BACKUP_FORMAT = 'prop-firm-club-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: {
    kind: 'postgres' | 'pglite';
    /** The dump's name in the archive. */
    file: string;
    /** The server's version (`SHOW server_version`). */
    serverVersion: string;
    /** pg_dump's major version: pg_restore must be at least as new. */
    dumpToolMajor?: number;
    /** Migrations applied (drizzle's journal) and the last one's name. */
    migrations: { applied: number; last: string | null };
  };
  files: {
    /** 'local': the uploads folders are in this archive; 's3': they are in the bucket, not here. */
    storage: 'local' | 's3';
    bucket?: string;
    entries: { path: string; bytes: number; sha256: string }[];
  };
}

/** A refusal or a failed step, said in words for the operator; the CLIs print its message alone. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const FOLDERS: Record<Visibility, string> = { public: 'uploads', private: 'private-uploads' };
const DUMP_FILE = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

// ---------------------------------------------------------------------------------------------
// Backup

/**
 * Writes a backup of the site the configuration names to `out` (a .tar.gz, written under a
 * temporary name and renamed, so a file at `out` is always whole). The embedded database must not
 * be open in a running server.
 */
export async function createBackup(env: Env, out: string): Promise<BackupManifest> {
  const target = path.resolve(out);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(target), '.backup-'));
  try {
    const database = env.DATABASE_URL
      ? await dumpPostgres(env.DATABASE_URL, path.join(staging, DUMP_FILE.postgres))
      : await dumpPglite(pgliteDir(env), path.join(staging, DUMP_FILE.pglite));
    const files: BackupManifest['files'] = env.S3_BUCKET
      ? { storage: 's3', bucket: env.S3_BUCKET, entries: [] }
      : { storage: 'local', entries: await copyUploads(env.DATA_DIR, staging) };
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database,
      files,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${target}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, await readdir(staging));
    await rename(partial, target);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpPostgres(url: string, file: string): Promise<BackupManifest['database']> {
  const { serverVersion, serverMajor, migrations } = await withPostgres(url, async (client) => ({
    ...(await postgresVersion(client)),
    migrations: await migrationLevel((sql) => client.query(sql)),
  }));
  const dumpToolMajor = await toolMajor('pg_dump');
  if (dumpToolMajor < serverMajor)
    throw new BackupError(
      `pg_dump ${dumpToolMajor} cannot dump a PostgreSQL ${serverMajor} server: install PostgreSQL's client tools version ${serverMajor} or newer (Debian: postgresql-client-${serverMajor}).`,
    );
  const { args, env } = connectionArgs(url);
  // Custom format: compressed, and pg_restore can restore it in one transaction.
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, ...args],
    env,
  );
  return { kind: 'postgres', file: DUMP_FILE.postgres, serverVersion, dumpToolMajor, migrations };
}

async function dumpPglite(dataDir: string, file: string): Promise<BackupManifest['database']> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`No embedded database in ${dataDir}: nothing to back up.`);
  assertPgliteClosed(dataDir);
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  try {
    const serverVersion = (await client.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0].v;
    const migrations = await migrationLevel((sql) => client.query(sql));
    const dump = await client.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { kind: 'pglite', file: DUMP_FILE.pglite, serverVersion, migrations };
  } finally {
    await client.close();
  }
}

/** Copies DATA_DIR's uploads folders into the staging folder, with each file's size and SHA-256. */
async function copyUploads(dataDir: string, staging: string): Promise<BackupManifest['files']['entries']> {
  const entries: BackupManifest['files']['entries'] = [];
  for (const folder of Object.values(FOLDERS)) {
    for (const key of await listKeys(path.resolve(dataDir, folder))) {
      const name = `files/${folder}/${key}`;
      const copy = path.join(staging, name);
      await mkdir(path.dirname(copy), { recursive: true });
      await copyFile(path.resolve(dataDir, folder, key), copy);
      const bytes = await readFile(copy);
      entries.push({ path: name, bytes: bytes.length, sha256: sha256(bytes) });
    }
  }
  return entries;
}

/** The storage keys under a folder (files being written, `*.tmp`, and anything else are left out). */
async function listKeys(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const found = await readdir(root, { recursive: true, withFileTypes: true });
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter(isStorageKey)
    .sort();
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreReport {
  manifest: BackupManifest;
  /** What was there before and was replaced (with `force`), in words. */
  replaced: string[];
  /** Files written to the storage. */
  filesRestored: number;
}

/**
 * Restores a backup into the database and storage the configuration names. Everything is checked
 * first (the archive's manifest and checksums, the database kind, the migration level, that the
 * target is empty); only then is anything written. A database with tables, or an uploads folder
 * with files, is replaced only with `force`.
 */
export async function restoreBackup(
  env: Env,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreReport> {
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new BackupError(`No backup at ${archive}.`);
  await mkdir(path.resolve(env.DATA_DIR), { recursive: true });
  const staging = await mkdtemp(path.join(path.resolve(env.DATA_DIR), '.restore-'));
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true });
    } catch (err) {
      throw new BackupError(`${archive} is not a readable backup archive: ${(err as Error).message}`);
    }
    const manifest = await readManifest(staging);
    await verifyFiles(staging, manifest);
    checkMigrationLevel(manifest);
    const kind = env.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database.kind !== kind)
      throw new BackupError(
        manifest.database.kind === 'pglite'
          ? 'This backup holds an embedded (PGlite) database, but DATABASE_URL is set: unset it to restore into DATA_DIR.'
          : 'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
      );

    const dump = path.join(staging, manifest.database.file);
    if (kind === 'postgres') await checkPostgresRestore(dump, manifest);
    const localFolders = env.S3_BUCKET
      ? []
      : Object.values(FOLDERS).map((f) => path.resolve(env.DATA_DIR, f));
    // What is there now, all of it named in one refusal.
    const existing = [
      ...(kind === 'postgres' ? await existingPostgres(env.DATABASE_URL!) : existingPglite(pgliteDir(env))),
      ...(await existingFiles(localFolders)),
    ];
    if (existing.length && !options.force)
      throw new BackupError(`Not empty: ${existing.join('; ')}. Restore with --force to replace it.`);

    if (kind === 'postgres') await restorePostgres(env.DATABASE_URL!, dump);
    else await restorePglite(pgliteDir(env), dump);
    for (const folder of localFolders) await rm(folder, { recursive: true, force: true });
    const storage = createStorage(env);
    try {
      for (const entry of manifest.files.entries) {
        const { visibility, key } = entryKey(entry.path);
        await storage.put(key, await readFile(path.join(staging, entry.path)), visibility);
      }
    } finally {
      storage.close?.();
    }
    return { manifest, replaced: existing, filesRestored: manifest.files.entries.length };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function readManifest(staging: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(staging, 'manifest.json'), 'utf8'));
  } catch {
    throw new BackupError('The archive has no readable manifest.json: it is not a backup of this site.');
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new BackupError(`The archive is not a ${BACKUP_FORMAT} of version 1.`);
  if (
    !Object.values(DUMP_FILE).includes(manifest.database?.file as never) ||
    !Array.isArray(manifest.files?.entries)
  )
    throw new BackupError("The archive's manifest.json is incomplete.");
  return manifest;
}

/** Every file the manifest lists is there, with its size and checksum; a damaged archive changes nothing. */
async function verifyFiles(staging: string, manifest: BackupManifest): Promise<void> {
  if (!existsSync(path.join(staging, manifest.database.file)))
    throw new BackupError(`The archive lacks its database dump (${manifest.database.file}).`);
  for (const entry of manifest.files.entries) {
    entryKey(entry.path);
    const file = path.join(staging, entry.path);
    const bytes = existsSync(file) ? await readFile(file) : null;
    if (!bytes || bytes.length !== entry.bytes || sha256(bytes) !== entry.sha256)
      throw new BackupError(`The archive's ${entry.path} is missing or damaged (size or SHA-256 differs).`);
  }
}

/** `files/uploads/<key>` -> public <key>; anything else in the list is refused. */
function entryKey(entryPath: string): { visibility: Visibility; key: string } {
  for (const [visibility, folder] of Object.entries(FOLDERS) as [Visibility, string][]) {
    const prefix = `files/${folder}/`;
    if (entryPath.startsWith(prefix) && isStorageKey(entryPath.slice(prefix.length)))
      return { visibility, key: entryPath.slice(prefix.length) };
  }
  throw new BackupError(`The archive lists a file outside the uploads folders: ${entryPath}`);
}

/** A backup from a newer version of the app has tables this one does not know. */
function checkMigrationLevel(manifest: BackupManifest): void {
  const known = readJournal();
  const { applied, last } = manifest.database.migrations;
  if (applied > known.length || (last && !known.some((m) => m.tag === last)))
    throw new BackupError(
      `The backup was made by a newer version of the app (${applied} migrations, the last ${last}; this version has ${known.length}): restore it with that version.`,
    );
}

/** pg_restore is new enough and reads the dump: checked before anything is dropped. */
async function checkPostgresRestore(dump: string, manifest: BackupManifest): Promise<void> {
  const restoreMajor = await toolMajor('pg_restore');
  const dumpMajor = manifest.database.dumpToolMajor;
  if (dumpMajor && restoreMajor < dumpMajor)
    throw new BackupError(
      `pg_restore ${restoreMajor} cannot read a dump of pg_dump ${dumpMajor}: install PostgreSQL's client tools version ${dumpMajor} or newer.`,
    );
  await runTool('pg_restore', ['--list', dump], process.env);
}

async function existingPostgres(url: string): Promise<string[]> {
  const tables = await withPostgres(url, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return rows[0].n;
  });
  return tables ? [`the database ${new URL(url).pathname.slice(1)} has ${plural(tables, 'table')}`] : [];
}

function existingPglite(dataDir: string): string[] {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) return [];
  // Even with --force: the files of a database a server has open are not swapped under it.
  assertPgliteClosed(dataDir);
  return [`an embedded database is in ${dataDir}`];
}

async function existingFiles(folders: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const folder of folders) {
    const count = (await listKeys(folder)).length;
    if (count) found.push(`${folder} holds ${plural(count, 'file')}`);
  }
  return found;
}

async function restorePostgres(url: string, dump: string): Promise<void> {
  await withPostgres(url, async (client) => {
    // Every schema goes: objects the backup lacks must not survive beside it.
    const schemas = await client.query<{ nspname: string }>(
      "select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
    );
    for (const { nspname } of schemas.rows)
      await client.query(`drop schema "${nspname.replaceAll('"', '""')}" cascade`);
    await client.query('create schema public');
  });
  const { args, env } = connectionArgs(url);
  // One transaction: a restore that fails half way leaves no half-restored tables.
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', ...args, dump],
    env,
  );
}

async function restorePglite(dataDir: string, dump: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
  const data = new Blob([await readFile(dump)], { type: 'application/x-gzip' });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm }, loadDataDir: data });
  try {
    // Opening it reads the catalog: a dump that did not load fails here, not at the next start.
    await client.query('select count(*) from pg_tables');
  } finally {
    await client.close();
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

// ---------------------------------------------------------------------------------------------
// Shared

const pgliteDir = (env: Env) => path.resolve(env.DATA_DIR, 'pglite');

/** PGlite writes postmaster.pid while a process has the database open, and removes it on close. */
function assertPgliteClosed(dataDir: string): void {
  if (existsSync(path.join(dataDir, 'postmaster.pid')))
    throw new BackupError(
      `The embedded database in ${dataDir} is open in a running server (or was not closed cleanly): stop the server first (after a crash, start and stop it once).`,
    );
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface JournalEntry {
  tag: string;
  when: number;
}

function readJournal(): JournalEntry[] {
  return JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries;
}

/** How far drizzle's migrator has brought the database: rows of its table, named by the journal. */
async function migrationLevel(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<BackupManifest['database']['migrations']> {
  const exists = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as present");
  if (!(exists.rows[0] as { present: boolean }).present) return { applied: 0, last: null };
  const { rows } = await query(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const { applied, last } = rows[0] as { applied: number; last: string | null };
  const tag = last ? (readJournal().find((m) => String(m.when) === last)?.tag ?? `unknown (${last})`) : null;
  return { applied, last: tag };
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(`Cannot connect to the database of DATABASE_URL: ${(err as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function postgresVersion(client: pg.Client): Promise<{ serverVersion: string; serverMajor: number }> {
  const { rows } = await client.query<{ v: string; n: string }>(
    "select current_setting('server_version') as v, current_setting('server_version_num') as n",
  );
  return { serverVersion: rows[0].v, serverMajor: Math.floor(Number(rows[0].n) / 10_000) };
}

/**
 * The URL without its password, which goes to the tool in PGPASSWORD: a command line is visible
 * to every user of the machine.
 */
function connectionArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    args: [`--dbname=${parsed.toString()}`],
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** The major version of a PostgreSQL client tool, or a clear error when it is not installed. */
async function toolMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  const output = await runTool(tool, ['--version'], process.env);
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(output);
  if (!match) throw new BackupError(`Cannot read the version of ${tool} from: ${output.trim()}`);
  return Number(match[1]);
}

function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (err) => {
      reject(
        (err as NodeJS.ErrnoException).code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install PostgreSQL's client tools of the server's version (Debian: apt-get install postgresql-client), or put them on PATH.`,
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}
