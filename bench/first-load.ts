import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The browser build, as `npm run build` writes it. */
export const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The files a first visit downloads, from the build's manifest: the entry and its static imports,
 * plus the given pages' chunks with theirs. Paths are relative to `CLIENT_DIR`.
 */
export function firstLoadFiles(pageModules: string[] = []): string[] {
  const manifest = JSON.parse(readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const key of ['src/web/entry-client.tsx', ...pageModules]) visit(key);
  return [...files];
}
