import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import type { AdminSubscriberPage, DigestPreview, DigestSend } from '../../../domain/admin-subscribers';
import { adminAuditLog, newsletterSends, newsletterSubscribers } from '../../db/schema';
import { insertCoupon } from '../../db/seed/factories';
import { readOutbox } from '../../lib/mailer';

let ctx: TestContext;
let admin: TestUser;
let user: TestUser;

const call = (who: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string) =>
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

describe('the weekly deals email for admins', () => {
  const sends = async () => (await call(admin, 'GET', '/api/admin/newsletter/sends')).json() as DigestSend[];
  const finished = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const send = (await sends()).find((s) => s.id === id);
      if (send && send.status !== 'sending') return send;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`send ${id} did not finish`);
  };

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/newsletter/digest'],
      ['GET', '/api/admin/newsletter/sends'],
      ['POST', '/api/admin/newsletter/sends'],
    ] as const) {
      expect((await call(null, method, url)).statusCode).toBe(401);
      expect((await call(user, method, url)).statusCode).toBe(403);
    }
  });

  it('previews the next email with its subject, deals and number of recipients, sending nothing', async () => {
    await insertCoupon(ctx.db, { code: 'PREVIEW15', expiryDate: new Date(Date.now() + 9 * 86_400_000) });
    const before = (await readOutbox(ctx.dataDir)).length;
    const preview = (await call(admin, 'GET', '/api/admin/newsletter/digest')).json() as DigestPreview;
    expect(preview.subject).toMatch(/^This week's prop firm deals: \d+ active code/);
    expect(preview.html).toContain('<code>PREVIEW15</code>');
    expect(preview.text).toContain('PREVIEW15');
    expect(preview.recipients).toBe(
      await ctx.db.$count(newsletterSubscribers, eq(newsletterSubscribers.status, 'confirmed')),
    );
    expect((await readOutbox(ctx.dataDir)).length).toBe(before);
  });

  it('sends now to every confirmed subscriber and records the send', async () => {
    await ctx.db.insert(newsletterSubscribers).values([
      { email: 'dee@example.com', status: 'confirmed', confirmedAt: new Date() },
      { email: 'eve@example.com', status: 'pending' },
    ]);
    const started = await call(admin, 'POST', '/api/admin/newsletter/sends');
    expect(started.statusCode).toBe(202);
    const send = started.json() as DigestSend;
    expect(send).toMatchObject({ trigger: 'admin', triggeredBy: admin.email, status: 'sending' });
    const done = await finished(send.id);
    const confirmed = await ctx.db
      .select({ email: newsletterSubscribers.email })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, 'confirmed'));
    expect(done).toMatchObject({
      status: 'sent',
      recipients: confirmed.length,
      sent: confirmed.length,
      failed: 0,
      subject: expect.stringMatching(/^This week's prop firm deals/),
    });
    const mailed = (await readOutbox(ctx.dataDir))
      .filter((m) => m.subject === done.subject)
      .map((m) => m.to)
      .sort();
    expect(new Set(mailed)).toEqual(new Set(confirmed.map((c) => c.email)));
    expect(mailed).not.toContain('eve@example.com');
  });

  it('refuses a send while another one runs, decided by the database', async () => {
    await ctx.db.insert(newsletterSends).values({ trigger: 'schedule', status: 'sending' });
    const res = await call(admin, 'POST', '/api/admin/newsletter/sends');
    expect(res.statusCode).toBe(409);
    // The schedule finds the same running send and skips instead of mailing twice.
    expect(await ctx.app.jobs.run('weekly-deals-email')).toEqual({ status: 'succeeded', attempts: 1 });
    expect(await ctx.db.$count(newsletterSends, eq(newsletterSends.status, 'sending'))).toBe(1);
    // A send left 'sending' by a process that died no longer blocks the next one.
    await ctx.db
      .update(newsletterSends)
      .set({ startedAt: new Date(Date.now() - 7 * 3_600_000) })
      .where(eq(newsletterSends.status, 'sending'));
    const next = await call(admin, 'POST', '/api/admin/newsletter/sends');
    expect(next.statusCode).toBe(202);
    await finished((next.json() as DigestSend).id);
    expect((await sends()).map((s) => s.status)).toContain('failed');
  });
});
