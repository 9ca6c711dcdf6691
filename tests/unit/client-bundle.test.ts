import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const client = path.resolve(import.meta.dirname, '../../dist/client');
const manifestPath = path.join(client, '.vite/manifest.json');

/** The files a first visit downloads: the entry and its static imports (the build's manifest). */
function firstLoadFiles(): string[] {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit('src/web/entry-client.tsx');
  return [...files];
}

// The first load stays near 105 KB gzip (docs/performance.md) only while the schemas stay out of
// it: zod is about 25 KB gzip, and one value import from a schema module in the entry's graph
// (src/domain/accounts.ts, say) brings all of it in.
describe('the browser bundle', () => {
  it('loads no zod on a first visit', () => {
    const files = firstLoadFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(path.join(client, file), 'utf8'), file).not.toContain('ZodError');
    }
  });
});
