// npm run db:restore -- FILE [--force]: restores a backup of npm run db:backup into the database
// and storage the configuration names. Refuses a database or uploads folder that is not empty
// unless --force. docs/operations.md, "Backups and restore".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../src/server/db/backup';
import { loadEnv } from '../src/server/env';

const USAGE = 'Usage: npm run db:restore -- FILE.tar.gz [--force]';
let file: string;
let force: boolean;
try {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new Error('Name one backup file.');
  file = positionals[0];
  force = values.force;
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const env = loadEnv();
try {
  const { manifest, replaced, filesRestored } = await restoreBackup(env, file, { force });
  const { database, files } = manifest;
  const target = env.DATABASE_URL
    ? `PostgreSQL database ${new URL(env.DATABASE_URL).pathname.slice(1)}`
    : `embedded database in ${path.resolve(env.DATA_DIR, 'pglite')}`;
  console.log(`Restored ${path.resolve(file)} (made ${manifest.createdAt}) into the ${target}.`);
  console.log(
    `  database: ${database.migrations.applied} migrations (last ${database.migrations.last ?? 'none'}); newer migrations of this version run at the next start`,
  );
  console.log(
    files.storage === 'local'
      ? `  files: ${filesRestored} uploads written to ${env.S3_BUCKET ? `the bucket ${env.S3_BUCKET}` : path.resolve(env.DATA_DIR)}`
      : `  files: none in the backup: they were in the bucket ${files.bucket}; point S3_BUCKET at it (or a copy)`,
  );
  if (replaced.length) console.log(`  replaced (--force): ${replaced.join('; ')}`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(`Restore failed: ${err.message}`);
  process.exit(1);
}
