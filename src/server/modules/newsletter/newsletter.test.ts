import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { newsletterSubscribers } from '../../db/schema';
import { insertCoupon } from '../../db/seed/factories';
import { readOutbox } from '../../lib/mailer';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

let ip = 0;
const subscribe = (payload: unknown, remoteAddress = `10.1.0.${++ip}`) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: payload as object,
  });

const linkIn = (text: string, path: string) => {
  const match = text.match(new RegExp(`https?://[^\\s]+${path}\\?token=[^\\s"<]+`));
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return new URL(match[0]);
};

async function lastMailTo(to: string) {
  const mails = (await readOutbox(ctx.dataDir)).filter((m) => m.to === to);
  return mails.at(-1);
}

async function statusOf(email: string) {
  const [row] = await ctx.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return row;
}

describe('POST /api/newsletter/subscribe', () => {
  it('answers 422 for invalid addresses', async () => {
    for (const email of ['', 'no-at-sign', 'a@', '@b.com', 'a b@c.com', 'x@y']) {
      const res = await subscribe({ email, source: 'test' });
      expect(res.statusCode, email).toBe(422);
      expect(res.json()).toEqual({ message: 'Please enter a valid email address.', code: 'invalid_email' });
    }
    expect((await subscribe({ source: 'test' })).statusCode).toBe(400);
  });

  it('stores source and tags as pending, confirms through the emailed link, then says already subscribed', async () => {
    const res = await subscribe({
      email: ' Trader@Example.com ',
      source: 'coupons-page',
      tags: ['deals', 'deals'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending' });
    expect(await statusOf('trader@example.com')).toMatchObject({
      status: 'pending',
      source: 'coupons-page',
      tags: ['deals'],
      confirmedAt: null,
    });

    const mail = await lastMailTo('trader@example.com');
    expect(mail?.subject).toBe('Confirm your Prop Firm Club subscription');
    const eml = (await import('node:fs')).readFileSync(`${ctx.dataDir}/outbox/${mail?.file}`, 'utf8');
    expect(eml).toMatch(/List-Unsubscribe:\s+<http:\/\/localhost:3000\/newsletter\/unsubscribe\?token=/);
    expect(eml).toMatch(/List-Unsubscribe-Post:\s+List-Unsubscribe=One-Click/);

    // Resubscribing while pending resends and merges tags; no duplicate row.
    await subscribe({ email: 'trader@example.com', source: 'footer', tags: ['weekly'] });
    expect((await statusOf('trader@example.com')).tags).toEqual(['deals', 'weekly']);

    const confirm = linkIn(mail?.text ?? '', '/newsletter/confirm');
    const confirmed = await ctx.app.inject(`${confirm.pathname}${confirm.search}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Subscription confirmed');
    expect((await statusOf('trader@example.com')).status).toBe('confirmed');

    const again = await subscribe({ email: 'TRADER@example.com', source: 'coupons-page' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already subscribed');
  });

  it('rejects forged and tampered tokens', async () => {
    await subscribe({ email: 'forger@example.com' });
    const mail = await lastMailTo('forger@example.com');
    const confirm = linkIn(mail?.text ?? '', '/newsletter/confirm');
    const token = confirm.searchParams.get('token') ?? '';
    const [id] = token.split('.');
    for (const bad of [`${id}.AAAA`, `${Number(id) + 1}.${token.split('.')[1]}`, 'garbage', `${id}`]) {
      const res = await ctx.app.inject(`/newsletter/confirm?token=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
    }
    // An unsubscribe token cannot confirm, and the other way round.
    const unsub = linkIn(mail?.text ?? '', '/newsletter/unsubscribe');
    expect((await ctx.app.inject(`/newsletter/confirm${unsub.search}`)).statusCode).toBe(400);
    expect((await statusOf('forger@example.com')).status).toBe('pending');
    // A browser opening the link without its token gets a page, not the validation JSON.
    const bare = await ctx.app.inject({ url: '/newsletter/confirm', headers: { accept: 'text/html' } });
    expect(bare.statusCode).toBe(400);
    expect(bare.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(bare.body).toContain('<h1>This address is not valid</h1>');
  });

  it('rate limits per IP', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await subscribe({ email: `burst${i}@example.com` }, '10.9.9.9')).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('weekly deals email and unsubscribe', () => {
  it('goes to confirmed subscribers only, ending soon first, and unsubscribes in one click', async () => {
    await insertCoupon(ctx.db, {
      slug: 'digest-later',
      code: 'LATER10',
      expiryDate: new Date(Date.now() + 40 * 86_400_000),
    });
    await insertCoupon(ctx.db, {
      slug: 'digest-soon',
      code: 'SOON20',
      expiryDate: new Date(Date.now() + 2 * 86_400_000),
    });
    await insertCoupon(ctx.db, {
      slug: 'digest-gone',
      code: 'GONE30',
      expiryDate: new Date(Date.now() - 86_400_000),
    });
    await subscribe({ email: 'weekly@example.com' });
    const confirm = linkIn((await lastMailTo('weekly@example.com'))?.text ?? '', '/newsletter/confirm');
    await ctx.app.inject(`${confirm.pathname}${confirm.search}`);
    await subscribe({ email: 'pending-only@example.com' });

    expect(await ctx.app.jobs.run('weekly-deals-email')).toEqual({ status: 'succeeded', attempts: 1 });
    const digest = await lastMailTo('weekly@example.com');
    expect(digest?.subject).toMatch(/^This week's prop firm deals/);
    expect(digest?.text.indexOf('SOON20')).toBeLessThan(digest?.text.indexOf('LATER10') ?? -1);
    expect(digest?.text).not.toContain('GONE30');
    expect((await lastMailTo('pending-only@example.com'))?.subject).toBe(
      'Confirm your Prop Firm Club subscription',
    );

    const unsub = linkIn(digest?.text ?? '', '/newsletter/unsubscribe');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${unsub.pathname}${unsub.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect((await statusOf('weekly@example.com')).status).toBe('unsubscribed');
    // The GET link in the email works too and is idempotent.
    expect((await ctx.app.inject(`${unsub.pathname}${unsub.search}`)).body).toContain('You are unsubscribed');
  });
});
