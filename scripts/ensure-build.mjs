// Builds the site when the production build is missing or older than the sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const marker = 'dist/server/entry-server.js';
// The render threads' entry, built with the render entry from src/server/render (decision 0072).
const worker = 'dist/server/render-worker.js';
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, entry) => {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newest(full) : statSync(full).mtimeMs;
    return Math.max(max, time);
  }, 0);

const stale =
  !existsSync(marker) ||
  !existsSync(worker) ||
  !existsSync('dist/client/.vite/manifest.json') ||
  Math.max(
    newest('src/web'),
    newest('src/domain'),
    newest('src/server/render'),
    newest('public'),
    statSync('vite.config.ts').mtimeMs,
  ) > statSync(marker).mtimeMs;

if (stale) {
  console.log('Building the site (npm run build)...');
  execSync('npm run build', { stdio: 'inherit' });
}
