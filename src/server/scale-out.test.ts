import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../tests/setup/test-app';
import { insertFirm } from './db/seed/factories';
import { defineJob } from './lib/jobs';

/**
 * Two servers on one PostgreSQL and one Redis, as two processes behind a load balancer: what one
 * does, the other sees. PostgreSQL and Redis only (an embedded database has one process).
 */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.REDIS_URL)('two servers, one cluster', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, { sharedWith: a });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a session made on one server is valid on the other', async () => {
    const user = await signUpUser(a);
    const res = await b.app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(user.email);
  });

  it("a change published on one server drops the other's cached answers within a second", async () => {
    const total = async () => (await b.app.inject('/api/firms')).json().total as number;
    const before = await total();
    await total(); // stored from its second request (decision 0040)
    expect((await b.app.inject('/api/firms')).headers['x-cache']).toBe('hit');
    await insertFirm(a.db, { name: 'Cluster Firm' });
    a.app.changes.publishCommitted({ type: 'firm.created' });
    let seen = before;
    for (let i = 0; i < 50 && seen === before; i++) {
      await new Promise((r) => setTimeout(r, 20));
      seen = await total();
    }
    expect(seen).toBe(before + 1);
  });

  it('rate limits count requests on both servers together', async () => {
    const ip = '203.0.113.77';
    const send = (ctx: TestContext) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
        payload: {
          name: 'Ana',
          email: 'ana@example.com',
          topic: 'General question',
          message: 'Hello there, a question about listings.',
        },
      });
    const codes = [(await send(a)).statusCode, (await send(b)).statusCode, (await send(a)).statusCode];
    expect(codes.every((c) => c !== 429)).toBe(true);
    expect((await send(b)).statusCode).toBe(429);
  });

  it('a scheduled job slot runs on one server only', async () => {
    let runs = 0;
    const job = defineJob({
      name: 'cluster-once',
      schedule: '0 * * * *',
      handler: async () => {
        runs++;
      },
    });
    a.app.jobs.register(job);
    b.app.jobs.register(job);
    const slot = new Date('2026-11-25T10:00:00Z');
    const results = await Promise.all([a, b].map((ctx) => ctx.app.jobs.runScheduled('cluster-once', slot)));
    expect(results.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
    expect(runs).toBe(1);
  });
});
