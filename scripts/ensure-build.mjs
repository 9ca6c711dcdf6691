// Builds the site when the production build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const marker = 'dist/server/entry-server.js';
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newest(full) : statSync(full).mtimeMs;
    return Math.max(max, time);
  }, 0);

const stale =
  !existsSync(marker) ||
  !existsSync('dist/client/.vite/manifest.json') ||
  Math.max(newest('src/web'), newest('src/domain'), newest('public'), statSync('vite.config.ts').mtimeMs) >
    statSync(marker).mtimeMs;

if (stale) {
  console.log('Building the site (npm run build)...');
  execSync('npm run build', { stdio: 'inherit' });
}
