import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { completeEnv, EnvSchema } from './env';

const parse = (vars: Record<string, string>) => EnvSchema.safeParse(vars);

describe('RENDER_THREADS', () => {
  it('defaults to the number of cores, at most 4, with one process', () => {
    const parsed = parse({});
    expect(parsed.success && completeEnv(parsed.data).RENDER_THREADS).toBe(
      Math.min(availableParallelism(), 4),
    );
  });

  it('defaults to 0 with several processes, which use the cores themselves', () => {
    const parsed = parse({
      DATABASE_URL: 'postgres://localhost/pfc',
      REDIS_URL: 'redis://localhost:6379',
      WEB_CONCURRENCY: '2',
    });
    expect(parsed.success && completeEnv(parsed.data).RENDER_THREADS).toBe(0);
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
