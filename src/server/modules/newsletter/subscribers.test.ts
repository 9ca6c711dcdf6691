import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { AdminSubscriberPage } from '../../../domain/admin-subscribers';
import { adminAuditLog, newsletterSubscribers } from '../../db/schema';

let ctx: TestContext;
let admin: TestUser;
let user: TestUser;

const call = (who: TestUser | null, method: 'GET' | 'DELETE', url: string) =>
  ctx.app.inject({ method, url, headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) } });

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'subadmin' });
  user = await signUpUser(ctx, { verified: true, prefix: 'subuser' });
  await ctx.db.insert(newsletterSubscribers).values([
    {
      email: 'ann@example.com',
      status: 'confirmed',
      tags: ['deals'],
      source: 'home',
      confirmedAt: new Date(),
    },
    {
      email: 'bob@example.com',
      status: 'pending',
      tags: ['deals', 'news'],
      source: '=HYPERLINK("http://x")',
    },
    {
      email: 'cy@other.test',
      status: 'unsubscribed',
      tags: [],
      source: 'footer',
      unsubscribedAt: new Date(),
    },
  ]);
}, 120_000);
afterAll(() => ctx.close());

describe('newsletter subscribers for admins', () => {
  it('is for admins only', async () => {
    expect((await call(null, 'GET', '/api/admin/subscribers')).statusCode).toBe(401);
    expect((await call(user, 'GET', '/api/admin/subscribers')).statusCode).toBe(403);
    expect((await call(user, 'GET', '/api/admin/subscribers.csv')).statusCode).toBe(403);
  });

  it('lists and filters by status, address and tag, with counts by status', async () => {
    const all = (await call(admin, 'GET', '/api/admin/subscribers')).json() as AdminSubscriberPage;
    expect(all.total).toBe(3);
    expect(all.counts).toEqual({ pending: 1, confirmed: 1, unsubscribed: 1 });
    const confirmed = (
      await call(admin, 'GET', '/api/admin/subscribers?status=confirmed')
    ).json() as AdminSubscriberPage;
    expect(confirmed.subscribers.map((s) => s.email)).toEqual(['ann@example.com']);
    const byAddress = (
      await call(admin, 'GET', '/api/admin/subscribers?q=EXAMPLE.com')
    ).json() as AdminSubscriberPage;
    expect(byAddress.subscribers.map((s) => s.email).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    const literal = (await call(admin, 'GET', '/api/admin/subscribers?q=%25')).json() as AdminSubscriberPage;
    expect(literal.total).toBe(0);
    const tagged = (
      await call(admin, 'GET', '/api/admin/subscribers?tag=news')
    ).json() as AdminSubscriberPage;
    expect(tagged.subscribers.map((s) => s.email)).toEqual(['bob@example.com']);
    expect((await call(admin, 'GET', '/api/admin/subscribers?status=gone')).statusCode).toBe(400);
  });

  it('exports the filtered list as CSV, quoted, with formulas neutralized', async () => {
    const res = await call(admin, 'GET', '/api/admin/subscribers.csv?q=example.com');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="newsletter-subscribers.csv"');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Email,Status,Tags,Source,Signed up,Confirmed,Unsubscribed');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain('"\'=HYPERLINK(""http://x"")"');
    expect(res.body).toContain('deals news');
  });

  it('removes a subscriber with an audit entry; an unknown one is a 404', async () => {
    const [row] = await ctx.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'cy@other.test'));
    expect((await call(admin, 'DELETE', `/api/admin/subscribers/${row.id}`)).statusCode).toBe(204);
    expect(await ctx.db.$count(newsletterSubscribers, eq(newsletterSubscribers.id, row.id))).toBe(0);
    const audit = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.entity, 'subscriber'));
    expect(audit.map((a) => a.summary)).toContain('Removed cy@other.test from the newsletter');
    expect((await call(admin, 'DELETE', `/api/admin/subscribers/${row.id}`)).statusCode).toBe(404);
  });
});
