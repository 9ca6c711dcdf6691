import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { completeEnv, EnvSchema } from './env';

const parse = (vars: Record<string, string>) => EnvSchema.safeParse(vars);

const SHARED = { DATABASE_URL: 'postgres://localhost/pfc', REDIS_URL: 'redis://localhost:6379' };

/** The processes and render threads each, by default, on a machine with `cores`. */
function defaultsFor(vars: Record<string, string>, cores: number) {
  const parsed = parse(vars);
  if (!parsed.success) throw parsed.error;
  const env = completeEnv(parsed.data, cores);
  return [env.WEB_CONCURRENCY, env.RENDER_THREADS];
}

describe('WEB_CONCURRENCY', () => {
  it('is one process on the embedded database, whatever the cores', () => {
    expect(defaultsFor({}, 16)[0]).toBe(1);
  });

  it('is one process per 3 cores, rounded up, on PostgreSQL and Redis', () => {
    for (const [cores, processes] of [
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 2],
      [8, 3],
    ])
      expect(defaultsFor(SHARED, cores)[0]).toBe(processes);
  });

  it('takes an explicit count', () => {
    expect(defaultsFor({ ...SHARED, WEB_CONCURRENCY: '2' }, 2)[0]).toBe(2);
  });
});

describe('RENDER_THREADS', () => {
  it('defaults to the cores each process has, at most 4', () => {
    expect(defaultsFor({}, availableParallelism())[1]).toBe(Math.min(availableParallelism(), 4));
    for (const [vars, cores, threads] of [
      [{}, 1, 1],
      [{}, 2, 2],
      [{}, 16, 4],
      [SHARED, 2, 2],
      [SHARED, 4, 2],
      [SHARED, 8, 3],
      [{ ...SHARED, WEB_CONCURRENCY: '2' }, 2, 1],
      [{ ...SHARED, WEB_CONCURRENCY: '4' }, 2, 1],
    ] as const)
      expect(defaultsFor(vars, cores)[1]).toBe(threads);
  });

  it('takes 0 (render on the server thread) and explicit counts', () => {
    for (const [value, threads] of [
      ['0', 0],
      ['6', 6],
    ] as const) {
      const parsed = parse({ RENDER_THREADS: value });
      expect(parsed.success && completeEnv(parsed.data).RENDER_THREADS).toBe(threads);
    }
  });

  it.each(['-1', '1.5', 'many', '65'])('rejects %s', (value) => {
    const parsed = parse({ RENDER_THREADS: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0].path).toEqual(['RENDER_THREADS']);
  });
});
