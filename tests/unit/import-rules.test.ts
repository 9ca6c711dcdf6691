import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return listSources(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g,
    ),
  ];
  return specifiers.map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Where a relative import lands, as a path from the repository root. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return path
    .relative(root, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
}

function violation(from: string, to: string, specifier: string): string | null {
  const rel = from;
  if (to.startsWith('tests/') || to.startsWith('bench/') || to.startsWith('scripts/'))
    return 'src never imports tests, bench or scripts';
  if (rel.startsWith('src/domain/')) {
    if (!to.startsWith('src/domain/')) return 'domain imports only domain and zod';
    return null;
  }
  // The demo data is written through the services that own it (the points writer, the draw ...).
  if (rel.startsWith('src/server/db/seed/') && /^src\/server\/modules\/[^/]+\/service$/.test(to)) return null;
  if (rel.startsWith('src/server/lib/') || rel.startsWith('src/server/db/')) {
    const ok = ['src/domain/', 'src/server/lib/', 'src/server/db/', 'src/server/env'].some((p) =>
      to.startsWith(p),
    );
    return ok ? null : 'server/lib and server/db import domain, lib and db only';
  }
  const moduleMatch = rel.match(/^src\/server\/modules\/([^/]+)\//);
  if (moduleMatch) {
    if (to.startsWith(`src/server/modules/${moduleMatch[1]}/`)) return null;
    if (/^src\/server\/modules\/[^/]+\/service$/.test(to)) return null;
    if (to === 'src/server/modules/register' && rel === 'src/server/modules/register.ts') return null;
    const ok = ['src/domain/', 'src/server/lib/', 'src/server/db/', 'src/server/env'].some((p) =>
      to.startsWith(p),
    );
    return ok ? null : `modules import domain, lib, db and other modules' service.ts only (${specifier})`;
  }
  if (rel.startsWith('src/web/')) {
    if (to.startsWith('src/server/')) return 'web never imports server';
    const featureMatch = rel.match(/^src\/web\/features\/([^/]+)\//);
    if (featureMatch) {
      if (to.startsWith('src/web/features/') && !to.startsWith(`src/web/features/${featureMatch[1]}/`)) {
        return 'a feature does not import another feature';
      }
      if (to.startsWith('src/web/pages/')) return 'a feature does not import pages';
    }
  }
  return null;
}

/** Pure libraries the domain may use: zod, and the password strength estimator (decision 0066). */
const DOMAIN_PACKAGES = /^(zod|@zxcvbn-ts\/.+)$/;

describe('import rules of the architecture', () => {
  it('holds for every source file', () => {
    const problems: string[] = [];
    for (const file of listSources(path.join(root, 'src'))) {
      const rel = path.relative(root, file).split(path.sep).join('/');
      for (const specifier of importsOf(file)) {
        if (rel.startsWith('src/domain/') && !specifier.startsWith('.') && !DOMAIN_PACKAGES.test(specifier)) {
          problems.push(`${rel}: imports ${specifier} (domain imports only zod and the password estimator)`);
          continue;
        }
        const to = target(file, specifier);
        if (!to) continue;
        const problem = violation(rel, to, specifier);
        if (problem) problems.push(`${rel} -> ${specifier}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('detects a violation', () => {
    expect(violation('src/domain/x.ts', 'src/server/lib/cache', '../server/lib/cache')).not.toBeNull();
    expect(violation('src/web/features/a/x.tsx', 'src/web/features/b/y', '../b/y')).not.toBeNull();
    expect(
      violation('src/server/modules/a/routes.ts', 'src/server/modules/b/routes', '../b/routes'),
    ).not.toBeNull();
    expect(
      violation('src/server/modules/a/routes.ts', 'src/server/modules/b/service', '../b/service'),
    ).toBeNull();
  });
});
