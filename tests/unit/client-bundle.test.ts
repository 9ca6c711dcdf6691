import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR, firstLoadFiles } from '../../bench/first-load';

// The first load stays near 105 KB gzip (docs/performance.md) only while the schemas stay out of
// it: zod is about 25 KB gzip, and one value import from a schema module in the entry's graph
// (src/domain/accounts.ts, say) brings all of it in.
describe('the browser bundle', () => {
  it('loads no zod on a first visit', () => {
    const files = firstLoadFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(path.join(CLIENT_DIR, file), 'utf8'), file).not.toContain('ZodError');
    }
  });
});
