import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import {
  adminAuditLog,
  firmPayoutTierHistory,
  payoutReportImages,
  payoutReports,
  pointsLedger,
  users,
} from '../../db/schema';
import {
  insertAccount,
  insertFirm,
  insertFundingModel,
  insertPayoutMethod,
  linkFirmPayoutMethods,
} from '../../db/seed/factories';

let ctx: TestContext;
let firm: { id: number; slug: string };
let otherFirm: { id: number; slug: string };
let methodId: number;
let foreignMethodId: number;
let modelId: number;
let accountId: number;
let foreignModelId: number;
let foreignAccountId: number;
let trader: TestUser;
let trader2: TestUser;
let admin: TestUser;
let receipt: Buffer;
let otherReceipt: Buffer;

type Upload = { name: string; type: string; body: Buffer };

/** A multipart body: text fields, then files, as the report form's FormData sends it. */
function form(fields: Record<string, string>, files: Upload[] = []) {
  const boundary = `----pfc${crypto.randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const hex64 = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');

const paid = (overrides: Record<string, string> = {}) => ({
  kind: 'paid',
  amount: '2500.00',
  method: String(methodId),
  requestedOn: daysAgo(10),
  receivedOn: daysAgo(7),
  comment: 'Paid in three days.',
  showUsername: 'true',
  network: 'ethereum',
  transactionReference: `0x${hex64()}`,
  ...overrides,
});

const png = (body: Buffer): Upload => ({ name: 'receipt.png', type: 'image/png', body });

const report = (
  user: TestUser | null,
  fields: Record<string, string>,
  files: Upload[] = [],
  slug = firm.slug,
) => {
  const body = form(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/firms/${slug}/payout-reports`,
    headers: { ...as(user), ...body.headers },
    payload: body.payload,
  });
};

const decide = (id: number, action: 'verify' | 'reject' | 'revoke', payload: object, user = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/payout-reports/${id}/${action}`,
    headers: as(user),
    payload,
  });

/** Files in the private uploads folder: a refused report must leave none. */
const storedFiles = () => {
  const dir = path.join(ctx.dataDir, 'private-uploads');
  return existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.webp')).length
    : 0;
};
const reportCount = async () => Number((await ctx.db.select({ n: count() }).from(payoutReports))[0].n);
const imageCount = async () => Number((await ctx.db.select({ n: count() }).from(payoutReportImages))[0].n);
const balanceOf = async (id: string) =>
  (await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0].points;
const ageAccount = (id: string, days: number) =>
  ctx.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
    .where(eq(users.id, id));

/** A receipt picture; `variant` draws another one. */
function receiptPng(variant: number): Promise<Buffer> {
  const bars = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="30" y="${120 + i * 40}" width="${100 + ((variant * 71 + i * 43) % 280)}" height="16" fill="#222"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="520"><rect width="480" height="520" fill="#fff"/>
    <rect width="480" height="${70 + variant * 20}" fill="#1e40af"/><circle cx="${380 - variant * 90}" cy="440" r="50" fill="#15803d"/>${bars}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

beforeAll(async () => {
  ctx = await createTestApp();
  firm = await insertFirm(ctx.db, { name: 'Pays Well', slug: 'pays-well' });
  otherFirm = await insertFirm(ctx.db, { name: 'Other Firm', slug: 'other-firm' });
  methodId = (await insertPayoutMethod(ctx.db, { name: 'Rise' })).id;
  foreignMethodId = (await insertPayoutMethod(ctx.db, { name: 'Carrier pigeon' })).id;
  await linkFirmPayoutMethods(ctx.db, firm.id, [methodId]);
  await linkFirmPayoutMethods(ctx.db, otherFirm.id, [foreignMethodId]);
  modelId = (await insertFundingModel(ctx.db, { propFirmId: firm.id, name: 'Two step' })).id;
  accountId = (
    await insertAccount(ctx.db, { propFirmId: firm.id, fundingModelId: modelId, capital: 100_000 })
  ).id;
  foreignModelId = (await insertFundingModel(ctx.db, { propFirmId: otherFirm.id })).id;
  foreignAccountId = (
    await insertAccount(ctx.db, { propFirmId: otherFirm.id, fundingModelId: foreignModelId })
  ).id;
  trader = await signUpUser(ctx, { verified: true, prefix: 'payer' });
  trader2 = await signUpUser(ctx, { verified: true, prefix: 'payer' });
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'payadmin' });
  await ageAccount(trader.id, 60);
  await ageAccount(trader2.id, 60);
  receipt = await receiptPng(0);
  otherReceipt = await receiptPng(2);
}, 120_000);
afterAll(() => ctx.close());

describe('POST /api/firms/{slug}/payout-reports', () => {
  it('files a pending paid report with its private images, shown to its reporter and admins only', async () => {
    const fields = paid({ accountId: String(accountId), fundingModelId: String(modelId) });
    const res = await report(trader, fields, [png(receipt)]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      firm: { id: firm.id, slug: firm.slug },
      kind: 'paid',
      amount: 2500,
      method: 'Rise',
      accountSize: 100_000,
      fundingModel: 'Two step',
      status: 'pending',
      grade: null,
      network: 'ethereum',
      transactionReference: fields.transactionReference.toLowerCase(),
      imageUrls: [`/api/payout-reports/${created.id}/images/1`],
    });
    const own = (await ctx.app.inject({ url: '/api/profile/payout-reports', headers: as(trader) })).json();
    expect(own[0].id).toBe(created.id);
    const image = await ctx.app.inject({ url: created.imageUrls[0], headers: as(trader) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await ctx.app.inject({ url: created.imageUrls[0], headers: as(admin) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: created.imageUrls[0], headers: as(trader2) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: created.imageUrls[0] })).statusCode).toBe(401);
    // Nothing of it is public before an admin verifies it.
    const list = (await ctx.app.inject(`/api/firms/${firm.slug}/payout-reports`)).json();
    expect(list.reports.map((r: { id: number }) => r.id)).not.toContain(created.id);
  });

  it('files a denied report without evidence', async () => {
    const res = await report(trader, {
      kind: 'denied',
      deniedOn: daysAgo(3),
      denialReason: 'consistency_rule',
      comment: 'Denied for the consistency rule.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'denied', method: null, denialReason: 'consistency_rule' });
  });

  it('refuses each broken rule with a 4xx naming it, and stores nothing', async () => {
    const longComment = 'x'.repeat(1001);
    const cases: [Record<string, string>, Upload[], number, RegExp][] = [
      [paid({ amount: '0' }), [], 400, /amount/],
      [paid({ amount: '1000000.01' }), [], 400, /amount/],
      [paid({ amount: 'lots' }), [], 400, /amount/],
      [paid({ method: String(foreignMethodId) }), [], 400, /method/],
      [paid({ method: 'wire' }), [], 400, /method/],
      [paid({ requestedOn: daysAgo(-1), receivedOn: daysAgo(-2) }), [], 400, /future/],
      [paid({ receivedOn: daysAgo(20) }), [], 400, /before the date requested/],
      [paid({ requestedOn: '2026-02-30' }), [], 400, /real date/],
      [paid({ accountId: String(foreignAccountId) }), [], 400, /accountId/],
      [paid({ fundingModelId: String(foreignModelId) }), [], 400, /fundingModelId/],
      [paid({ comment: longComment }), [], 400, /1,000/],
      [paid({ transactionReference: `0x${hex64().slice(1)}` }), [], 400, /Ethereum transaction hash/],
      [paid({ network: 'tron', transactionReference: `0x${hex64()}` }), [], 400, /Tron/],
      [paid({ network: 'solana', transactionReference: '0OIl'.repeat(22) }), [], 400, /Solana/],
      [paid({ network: 'dogecoin' }), [], 400, /network/],
      [paid({ network: '', transactionReference: '' }), [], 400, /evidence/],
      [paid({ processor: 'paypal', processorReference: 'short' }), [], 400, /PayPal/],
      [paid({ kind: 'maybe' }), [], 400, /kind/],
      [paid(), Array.from({ length: 5 }, () => png(receipt)), 400, /at most 4/],
      [
        paid(),
        [png(receipt), { name: 'big.png', type: 'image/png', body: Buffer.alloc(6 * 1024 * 1024) }],
        413,
        /too large/,
      ],
      [
        paid(),
        [{ name: 'x.png', type: 'image/png', body: Buffer.from('<svg onload=alert(1)>') }],
        415,
        /Invalid file type/,
      ],
    ];
    const before = [await reportCount(), await imageCount(), storedFiles()];
    for (const [fields, files, status, message] of cases) {
      const res = await report(trader, fields, files);
      expect(res.statusCode, `${JSON.stringify(fields).slice(0, 120)} -> ${res.body}`).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await report(trader, paid(), [], 'no-such-firm')).statusCode).toBe(404);
    expect((await report(null, paid())).statusCode).toBe(401);
    const unverified = await signUpUser(ctx, { prefix: 'unverified' });
    expect((await report(unverified, paid())).statusCode).toBe(403);
    expect([await reportCount(), await imageCount(), storedFiles()]).toEqual(before);
  });

  it('takes a transaction reference once on the whole site: 409 naming it, whatever its case', async () => {
    const reference = `0x${hex64()}`;
    expect((await report(trader, paid({ transactionReference: reference }))).statusCode).toBe(201);
    const before = await reportCount();
    const again = await report(
      trader2,
      paid({
        transactionReference: reference.toUpperCase().replace('0X', '0x'),
        method: String(foreignMethodId),
      }),
      [],
      otherFirm.slug,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain(reference.toLowerCase());
    // The same hash sent as another EVM network's is the same transaction.
    expect(
      (await report(trader2, paid({ network: 'polygon', transactionReference: reference }))).statusCode,
    ).toBe(409);
    const wise = { network: '', transactionReference: '', processor: 'wise', processorReference: '12345678' };
    expect((await report(trader, paid(wise))).statusCode).toBe(201);
    const wiseAgain = await report(trader2, paid({ ...wise, processorReference: '1234 5678' }));
    expect(wiseAgain.statusCode).toBe(409);
    expect(wiseAgain.json().message).toContain('Wise reference 12345678');
    expect(await reportCount()).toBe(before + 1);
  });

  it('flags a recycled image, the same amount and date from another account, and a new account', async () => {
    const amount = '4321.00';
    const receivedOn = daysAgo(5);
    const first = await report(trader, paid({ amount, receivedOn }), [png(otherReceipt)]);
    expect(first.statusCode, first.body).toBe(201);
    const copy = await sharp(otherReceipt).resize(360).jpeg({ quality: 70 }).toBuffer();
    const second = await report(trader2, paid({ amount, receivedOn }), [
      { name: 'copy.jpg', type: 'image/jpeg', body: copy },
    ]);
    expect(second.statusCode, second.body).toBe(201);
    const newbie = await signUpUser(ctx, { verified: true, prefix: 'newbie' });
    const third = await report(newbie, paid({ amount: '77.00' }));
    expect(third.statusCode, third.body).toBe(201);
    const flagged = (
      await ctx.app.inject({ url: '/api/admin/payout-reports?filter=flagged', headers: as(admin) })
    ).json();
    const byId = new Map(flagged.reports.map((r: { id: number }) => [r.id, r]));
    const kinds = (id: number) =>
      (byId.get(id) as { flags: { kind: string }[] } | undefined)?.flags.map((f) => f.kind);
    expect(kinds(second.json().id)).toEqual(['recycled_image', 'same_amount_and_date']);
    expect(
      (byId.get(second.json().id) as { flags: { relatedReportId: number }[] }).flags[0].relatedReportId,
    ).toBe(first.json().id);
    expect(kinds(third.json().id)).toEqual(['new_account']);
    expect(byId.has(first.json().id)).toBe(false);
    // The queue shows what an admin weighs: images, the reporter's age, other reports and points.
    const item = byId.get(second.json().id) as {
      imageUrls: string[];
      reporter: { accountAgeDays: number; otherReports: object; points: number };
    };
    expect(item.imageUrls).toHaveLength(1);
    expect(item.reporter.accountAgeDays).toBeGreaterThanOrEqual(59);
    // trader2's other reports were all refused (409s): none is stored.
    expect(item.reporter.otherReports).toEqual({ total: 0, verified: 0, rejected: 0, pending: 0 });
    // trader filed four pending reports before this one (two in the first tests, two in the 409 test).
    const pending = (await ctx.app.inject({ url: '/api/admin/payout-reports', headers: as(admin) })).json();
    const mine = pending.reports.find((r: { id: number }) => r.id === first.json().id);
    expect(mine.reporter.otherReports).toEqual({ total: 4, verified: 0, rejected: 0, pending: 4 });
  });

  it('takes 10 reports a day from a trader; the 11th is a 429 with Retry-After and stores nothing', async () => {
    const busy = await signUpUser(ctx, { verified: true, prefix: 'busy' });
    const denied = { kind: 'denied', deniedOn: daysAgo(1), denialReason: 'no_reason' };
    for (let i = 0; i < 10; i++) expect((await report(busy, denied)).statusCode).toBe(201);
    const before = await reportCount();
    const refused = await report(busy, denied);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    expect(await reportCount()).toBe(before);
  });
});

describe('decisions and the firm record', () => {
  it('verifies with a grade once, rejects with an emailed reason, revokes with points taken back, and audits each', async () => {
    const a = (await report(trader, paid())).json();
    const startBalance = await balanceOf(trader.id);
    const verified = await decide(a.id, 'verify', { grade: 'on_chain' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified', grade: 'on_chain', points: 100 });
    expect(await balanceOf(trader.id)).toBe(startBalance + 100);
    expect((await decide(a.id, 'verify', { grade: 'screenshot' })).statusCode).toBe(409);
    expect((await decide(a.id, 'reject', { reason: 'Too late' })).statusCode).toBe(409);
    expect(await balanceOf(trader.id)).toBe(startBalance + 100);

    const revoked = await decide(a.id, 'revoke', { reason: 'The hash is of another payment' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ status: 'rejected', revoked: true, points: 0 });
    expect(await balanceOf(trader.id)).toBe(startBalance);
    expect((await decide(a.id, 'revoke', { reason: 'again' })).statusCode).toBe(409);
    // Verified again after a revocation, it earns again, once.
    expect((await decide(a.id, 'verify', { grade: 'processor_receipt' })).statusCode).toBe(200);
    expect(await balanceOf(trader.id)).toBe(startBalance + 100);
    const ledger = await ctx.db
      .select({ delta: pointsLedger.delta, key: pointsLedger.idempotencyKey })
      .from(pointsLedger)
      .where(eq(pointsLedger.reference, `payout-report:${a.id}`));
    expect(ledger.map((l) => l.delta)).toEqual([100, -100, 100]);

    const b = (await report(trader, paid())).json();
    const rejected = await decide(b.id, 'reject', { reason: 'The image does not show the firm' });
    expect(rejected.statusCode).toBe(200);
    const own = (await ctx.app.inject({ url: '/api/profile/payout-reports', headers: as(trader) })).json();
    expect(own.find((r: { id: number }) => r.id === b.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The image does not show the firm',
      revoked: false,
    });
    const mails = await mailsTo(ctx, trader.email);
    expect(mails.some((m) => m.text.includes('The image does not show the firm'))).toBe(true);
    expect(mails.some((m) => m.text.includes('The hash is of another payment'))).toBe(true);
    expect((await decide(b.id, 'reject', { reason: 'x' })).statusCode).toBe(400);
    expect((await decide(999_999, 'verify', { grade: 'on_chain' })).statusCode).toBe(404);
    expect((await decide(b.id, 'verify', { grade: 'gold' })).statusCode).toBe(400);
    expect((await decide(b.id, 'verify', { grade: 'on_chain' }, trader)).statusCode).toBe(403);

    const audits = await ctx.db
      .select({ summary: adminAuditLog.summary })
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.entity, 'payout_report'),
          sql`${adminAuditLog.entityId} in (${String(a.id)}, ${String(b.id)})`,
        ),
      );
    expect(audits.map((x) => x.summary).sort()).toEqual(
      [
        `verify payout report #${a.id}`,
        `revoke payout report #${a.id}`,
        `verify payout report #${a.id}`,
        `reject payout report #${b.id}`,
      ].sort(),
    );
  });

  it('pages a firm with more verified reports than memory keeps as the table orders them, and shows a new verification at once', async () => {
    const slug = 'many-payouts';
    const many = await insertFirm(ctx.db, { name: 'Many Payouts', slug });
    await linkFirmPayoutMethods(ctx.db, many.id, [methodId]);
    // 57 verified reports, a day apart, some on the same day (ties go to the newer report).
    await ctx.db.insert(payoutReports).values(
      Array.from({ length: 57 }, (_, i) => ({
        userId: i % 2 ? trader.id : trader2.id,
        propFirmId: many.id,
        kind: 'paid' as const,
        amountCents: 100_000 + i * 100,
        requestedOn: daysAgo(40 + Math.floor(i / 2)),
        receivedOn: daysAgo(30 + Math.floor(i / 2)),
        status: 'verified' as const,
        grade: 'screenshot' as const,
        showUsername: i % 3 === 0,
        // Sent weeks ago: not today's reports of these traders (the daily limit).
        createdAt: new Date(Date.now() - 20 * 86_400_000),
        verifiedAt: new Date(),
      })),
    );
    // Written past the services, so told as they would tell it.
    ctx.app.changes.publishCommitted(
      { type: 'firm.created', id: many.id },
      { type: 'payout.updated', firmId: many.id },
    );
    await ctx.app.readModels.settled();
    const page = async (query: string) => {
      const res = await ctx.app.inject(`/api/firms/${slug}/payout-reports?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        reports: { id: number; amount: number; reporter: string | null }[];
        total: number;
      };
    };
    // Newest date first, then the newest report: the table's own order.
    const expected = await ctx.db
      .select({ id: payoutReports.id })
      .from(payoutReports)
      .where(eq(payoutReports.propFirmId, many.id))
      .orderBy(sql`${payoutReports.receivedOn} desc, ${payoutReports.id} desc`);
    const ids = expected.map((r) => r.id);
    const first = await page('pageSize=50');
    expect(first.total).toBe(57);
    expect(first.reports.map((r) => r.id)).toEqual(ids.slice(0, 50));
    // Pages that end beyond what is kept in memory come from the table, in the same order.
    expect((await page('pageSize=50&page=2')).reports.map((r) => r.id)).toEqual(ids.slice(50));
    expect((await page('pageSize=20&page=3')).reports.map((r) => r.id)).toEqual(ids.slice(40, 57));
    expect((await page('pageSize=10&page=4')).reports.map((r) => r.id)).toEqual(ids.slice(30, 40));
    expect((await page('pageSize=10&page=7')).reports).toEqual([]);
    const shown = first.reports.find((r) => r.reporter !== null);
    expect([trader.username, trader2.username]).toContain(shown?.reporter);

    // A report verified now, received today, leads the first page at once, and counts.
    const fields = paid({ requestedOn: daysAgo(1), receivedOn: daysAgo(0) });
    const res = await report(await signUpUser(ctx, { verified: true, prefix: 'payer' }), fields, [], slug);
    expect(res.statusCode, res.body).toBe(201);
    expect((await decide(res.json().id, 'verify', { grade: 'on_chain' })).statusCode).toBe(200);
    const after = await page('');
    expect(after.total).toBe(58);
    expect(after.reports[0]?.id).toBe(res.json().id);
    expect(after.reports).toHaveLength(10);
    expect((await ctx.app.inject('/api/firms/no-such-firm/payout-reports')).statusCode).toBe(404);
  });

  it('shows verified reports publicly without images or references, and the firm record with its tier everywhere', async () => {
    const slug = 'tier-firm';
    const tierFirm = await insertFirm(ctx.db, { name: 'Tier Firm', slug });
    await linkFirmPayoutMethods(ctx.db, tierFirm.id, [methodId]);
    const model = await insertFundingModel(ctx.db, { propFirmId: tierFirm.id });
    await insertAccount(ctx.db, {
      propFirmId: tierFirm.id,
      fundingModelId: model.id,
      capital: 50_000,
      price: 300,
    });
    const details = async () => (await ctx.app.inject(`/api/firms/${slug}/details`)).json();
    expect((await details()).payoutTier).toBeNull();

    const references: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const fields = paid({
        amount: String(1000 + i * 100),
        requestedOn: daysAgo(20 + i),
        receivedOn: daysAgo(18 + i),
        showUsername: i === 0 ? 'true' : 'false',
      });
      references.push(fields.transactionReference.slice(2));
      const res = await report(
        i < 2 ? trader : trader2,
        fields,
        i === 0 ? [png(await receiptPng(3))] : [],
        slug,
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    // Two on-chain payouts: evidence 2, not enough for a tier; three make Low, six Medium.
    for (const id of ids.slice(0, 2))
      expect((await decide(id, 'verify', { grade: 'on_chain' })).statusCode).toBe(200);
    expect((await details()).payoutTier).toBe('insufficient');
    for (const id of ids.slice(2))
      expect((await decide(id, 'verify', { grade: 'on_chain' })).statusCode).toBe(200);
    const record = await details();
    expect(record.payoutTier).toBe('medium');
    expect(record.payoutMedianDays).toBe(2);
    expect(record.payoutRecord).toMatchObject({
      tier: 'medium',
      paidLast90Days: 6,
      paidAll: 6,
      medianDays: 2,
      p90Days: 2,
      medianAmount: 1250,
      largestAmount: 1500,
      methodShares: [{ method: 'Rise', count: 6, share: 1 }],
      deniedCount: 0,
    });
    expect(record.payoutRecord.monthly).toHaveLength(12);
    expect(record.payoutRecord.monthly.reduce((n: number, m: { count: number }) => n + m.count, 0)).toBe(6);
    const history = await ctx.db
      .select({ tier: firmPayoutTierHistory.tier })
      .from(firmPayoutTierHistory)
      .where(eq(firmPayoutTierHistory.propFirmId, tierFirm.id))
      .orderBy(firmPayoutTierHistory.id);
    expect(history.map((h) => h.tier)).toEqual(['insufficient', 'low', 'medium']);

    const publicList = await ctx.app.inject(`/api/firms/${slug}/payout-reports?pageSize=5`);
    expect(publicList.statusCode).toBe(200);
    const page = publicList.json();
    expect(page.total).toBe(6);
    expect(page.reports).toHaveLength(5);
    for (const reference of references) expect(publicList.body).not.toContain(reference);
    expect(publicList.body).not.toContain('/images/');
    expect(page.reports[0]).toMatchObject({ kind: 'paid', method: 'Rise', daysTaken: 2, grade: 'on_chain' });
    expect(Object.keys(page.reports[0]).sort()).toEqual(
      [
        'amount',
        'comment',
        'date',
        'daysTaken',
        'denialReason',
        'grade',
        'id',
        'kind',
        'method',
        'reply',
        'reporter',
        'verifiedAt',
      ].sort(),
    );
    const second = (await ctx.app.inject(`/api/firms/${slug}/payout-reports?page=2&pageSize=5`)).json();
    const shown = [...page.reports, ...second.reports];
    expect(shown.filter((r: { reporter: string | null }) => r.reporter === trader.username)).toHaveLength(1);
    expect(shown.filter((r: { reporter: string | null }) => r.reporter === null)).toHaveLength(5);
    expect((await ctx.app.inject(`/api/firms/${slug}/payout-reports?pageSize=500`)).statusCode).toBe(400);

    // The directory card and the finder carry the tier and median days; the finder filters and sorts on them.
    const cards = (await ctx.app.inject('/api/firms?q=Tier%20Firm')).json();
    expect(cards.firms[0]).toMatchObject({ slug, payoutTier: 'medium', payoutMedianDays: 2 });
    const medium = (await ctx.app.inject('/api/challenges?payoutRecord=medium&pageSize=100')).json();
    expect(medium.options.map((o: { firm: { slug: string } }) => o.firm.slug)).toEqual([slug]);
    expect(medium.options[0].firm).toMatchObject({ payoutTier: 'medium', payoutMedianDays: 2 });
    expect((await ctx.app.inject('/api/challenges?payoutRecord=high')).json().total).toBe(0);
    expect((await ctx.app.inject('/api/challenges?payoutRecord=low')).statusCode).toBe(400);
    const fastest = (await ctx.app.inject('/api/challenges?sort=payoutDays&pageSize=100')).json();
    expect(fastest.options[0].firm.slug).toBe(slug);

    // Revoking brings the tier down again, with its history kept.
    expect((await decide(ids[5], 'revoke', { reason: 'Recycled' })).statusCode).toBe(200);
    expect((await details()).payoutTier).toBe('low');
    expect((await ctx.app.inject('/api/firms?q=Tier%20Firm')).json().firms[0].payoutTier).toBe('low');
    expect((await ctx.app.inject('/api/challenges?payoutRecord=medium')).json().total).toBe(0);
    const after = await ctx.db
      .select({ tier: firmPayoutTierHistory.tier })
      .from(firmPayoutTierHistory)
      .where(eq(firmPayoutTierHistory.propFirmId, tierFirm.id))
      .orderBy(firmPayoutTierHistory.id);
    expect(after.map((h) => h.tier)).toEqual(['insufficient', 'low', 'medium', 'low']);
  });

  it('filters the admin queue by status', async () => {
    for (const filter of ['pending', 'verified', 'rejected'] as const) {
      const res = await ctx.app.inject({
        url: `/api/admin/payout-reports?filter=${filter}`,
        headers: as(admin),
      });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.total).toBeGreaterThan(0);
      for (const r of page.reports) expect(r.status).toBe(filter);
    }
    expect(
      (await ctx.app.inject({ url: '/api/admin/payout-reports?filter=nope', headers: as(admin) })).statusCode,
    ).toBe(400);
    expect((await ctx.app.inject({ url: '/api/admin/payout-reports', headers: as(trader) })).statusCode).toBe(
      403,
    );
  });
});
