import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function listSources(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full, pattern);
    return pattern.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function linesOf(file: string): number {
  return readFileSync(file, 'utf8').split('\n').length - 1;
}

function oversized(dir: string, pattern: RegExp, limit: number, except: RegExp = /$^/): string[] {
  return listSources(path.join(root, dir), pattern)
    .map((file) => path.relative(root, file).split(path.sep).join('/'))
    .filter((file) => !except.test(file))
    .map((file) => ({ file, lines: linesOf(path.join(root, file)) }))
    .filter(({ lines }) => lines > limit)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
}

// Short files with one job each: a file past its limit is split by job, not given a larger limit.
describe('file sizes', () => {
  it('keeps every React component file under 400 lines', () => {
    expect(oversized('src/web', /\.tsx$/, 400)).toEqual([]);
  });

  it('keeps every server file under 500 lines, the demo data aside', () => {
    expect(oversized('src/server', /\.ts$/, 500, /^src\/server\/db\/seed\//)).toEqual([]);
  });
});
