// npm run db:backup [-- --out FILE]: writes the database and the locally stored uploads to one
// .tar.gz (default backups/pfc-backup-<time>.tar.gz). docs/operations.md, "Backups and restore".
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, createBackup } from '../src/server/db/backup';
import { loadEnv } from '../src/server/env';

const USAGE = 'Usage: npm run db:backup [-- --out FILE.tar.gz]';
let out: string;
try {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, allowPositionals: false });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  out = values.out ?? path.join('backups', `pfc-backup-${stamp}.tar.gz`);
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const env = loadEnv();
try {
  const started = performance.now();
  const manifest = await createBackup(env, out);
  const { database, files } = manifest;
  const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)';
  const bytes = files.entries.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `Backup written: ${path.resolve(out)} (${formatBytes(statSync(out).size)}, ${Math.round(performance.now() - started)} ms)`,
  );
  console.log(
    `  database: ${kind} ${database.serverVersion}, ${database.migrations.applied} migrations (last ${database.migrations.last ?? 'none'})`,
  );
  console.log(
    files.storage === 'local'
      ? `  files: ${files.entries.length} uploads (${formatBytes(bytes)}) from ${path.resolve(env.DATA_DIR)}`
      : `  files: not included: uploads are in the bucket ${files.bucket} (keep them with its versioning or replication)`,
  );
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Backup failed: ${err.message}`);
  process.exit(1);
}

function formatBytes(n: number): string {
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
}
