import { describe, expect, it } from 'vitest';
import { completeEnv, EnvSchema } from './env';

const parse = (vars: Record<string, string>) => EnvSchema.safeParse(vars);

const SHARED = { DATABASE_URL: 'postgres://localhost/pfc', REDIS_URL: 'redis://localhost:6379' };

/** The processes, by default, on a machine with `cores`. */
function processesFor(vars: Record<string, string>, cores: number) {
  const parsed = parse(vars);
  if (!parsed.success) throw parsed.error;
  return completeEnv(parsed.data, cores).WEB_CONCURRENCY;
}

describe('WEB_CONCURRENCY', () => {
  it('is one process on the embedded database, whatever the cores', () => {
    expect(processesFor({}, 16)).toBe(1);
  });

  it('is one process per core on PostgreSQL and Redis', () => {
    for (const cores of [1, 2, 8]) expect(processesFor(SHARED, cores)).toBe(cores);
  });

  it('takes an explicit count', () => {
    expect(processesFor({ ...SHARED, WEB_CONCURRENCY: '3' }, 2)).toBe(3);
  });
});
