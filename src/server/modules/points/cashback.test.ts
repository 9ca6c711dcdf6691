import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { cashbackClaims, pointsLedger, users } from '../../db/schema';
import { insertFirm } from '../../db/seed/factories';

let ctx: TestContext;
let firmId: number;
let trader: TestUser;
let admin: TestUser;
let receipt: Buffer;

/** A multipart body with text fields first, then one file, as the claim form's FormData sends it. */
function claimForm(fields: Record<string, string>, file?: { name: string; type: string; body: Buffer }) {
  const boundary = `----pfc${crypto.randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
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

const today = () => new Date().toISOString().slice(0, 10);
let orderCounter = 0;
const fieldsFor = (overrides: Record<string, string> = {}) => ({
  propFirmId: String(firmId),
  orderReference: `ORD-${++orderCounter}-${Math.random().toString(36).slice(2, 6)}`,
  amountSpent: '149.99',
  purchaseDate: today(),
  ...overrides,
});

const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };

type UploadFile = { name: string; type: string; body: Buffer };
const submit = (
  user: TestUser | null,
  fields: Record<string, string>,
  file: UploadFile | null = receiptFile(),
) => {
  const form = claimForm(fields, file ?? undefined);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/cashback-claims',
    headers: { ...as(user), ...form.headers },
    payload: form.payload,
  });
};
function receiptFile(): UploadFile {
  return { name: 'receipt.png', type: 'image/png', body: receipt };
}

const balanceOf = async (id: string) =>
  (await ctx.db.select({ points: users.points }).from(users).where(eq(users.id, id)))[0].points;

beforeAll(async () => {
  ctx = await createTestApp();
  firmId = (
    await insertFirm(ctx.db, {
      name: 'Cash Firm',
      slug: 'cash-firm',
      cashbackProvided: true,
      cashbackPercentage: 10,
    })
  ).id;
  trader = await signUpUser(ctx, { verified: true, prefix: 'claimer' });
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'claimadmin' });
  receipt = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
}, 120_000);
afterAll(() => ctx.close());

describe('GET /api/cashback-firms', () => {
  it('lists listed firms with cashback and their percentage, and no others', async () => {
    await insertFirm(ctx.db, {
      name: 'No Cash',
      slug: 'no-cash',
      cashbackProvided: false,
      cashbackPercentage: 5,
    });
    await insertFirm(ctx.db, {
      name: 'Hidden Cash',
      slug: 'hidden-cash',
      cashbackProvided: true,
      cashbackPercentage: 5,
      status: 'unlisted',
    });
    const res = await ctx.app.inject('/api/cashback-firms');
    expect(res.statusCode).toBe(200);
    const firms = res.json() as { slug: string; cashbackPercentage: number }[];
    expect(firms.map((f) => f.slug)).toContain('cash-firm');
    expect(firms.find((f) => f.slug === 'cash-firm')?.cashbackPercentage).toBe(10);
    expect(firms.map((f) => f.slug)).not.toContain('no-cash');
    expect(firms.map((f) => f.slug)).not.toContain('hidden-cash');
  });
});

describe('POST /api/cashback-claims', () => {
  it('files a pending claim with its receipt and the points it would earn', async () => {
    const fields = fieldsFor();
    const res = await submit(trader, fields);
    expect(res.statusCode).toBe(201);
    const claim = res.json();
    expect(claim).toMatchObject({
      propFirmId: firmId,
      firmName: 'Cash Firm',
      orderReference: fields.orderReference,
      amountSpent: 149.99,
      purchaseDate: fields.purchaseDate,
      cashbackPercentage: 10,
      points: 1499,
      status: 'pending',
      rejectionReason: null,
    });
    expect(claim.proofUrl).toBe(`/api/cashback-claims/${claim.id}/proof`);
    const list = (await ctx.app.inject({ url: '/api/cashback-claims', headers: as(trader) })).json();
    expect(list[0].id).toBe(claim.id);
    // Nothing is credited before an admin approves.
    expect(await balanceOf(trader.id)).toBe(0);
  });

  it('answers 401 signed out and 403 with an unverified email, before reading the upload', async () => {
    expect((await submit(null, fieldsFor())).statusCode).toBe(401);
    const unverified = await signUpUser(ctx, { prefix: 'unverified' });
    const res = await submit(unverified, fieldsFor());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Email verification required');
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ amountSpent: 'ten' }, 'amountSpent'],
      [{ amountSpent: '0' }, 'amountSpent'],
      [{ orderReference: ' ' }, 'orderReference'],
      [{ purchaseDate: '2999-01-01' }, 'future'],
      [{ purchaseDate: '2020-01-01' }, 'older than a year'],
      [{ purchaseDate: '2025-02-30' }, 'not a real date'],
      [{ propFirmId: 'x' }, 'propFirmId'],
    ];
    for (const [override, words] of cases) {
      const res = await submit(trader, fieldsFor(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message).toContain(words);
    }
    const noCash = await insertFirm(ctx.db, { slug: 'plain-firm', cashbackProvided: false });
    const res = await submit(trader, fieldsFor({ propFirmId: String(noCash.id) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This firm does not offer cashback.');
    expect((await submit(trader, fieldsFor({ propFirmId: '999999' }))).statusCode).toBe(404);
  });

  it('answers the upload errors: no file 400, not an image 415, over 5 MB 413', async () => {
    expect((await submit(trader, fieldsFor(), null)).statusCode).toBe(400);
    const text = await submit(trader, fieldsFor(), {
      name: 'r.png',
      type: 'image/png',
      body: Buffer.from('just text'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Invalid file type. Please select an image file (JPG, PNG, etc.).');
    const big = Buffer.concat([receipt, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const large = await submit(trader, fieldsFor(), { name: 'r.png', type: 'image/png', body: big });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe('File is too large. Please select a file smaller than 5MB.');
  });

  it('takes one claim per firm and order reference, whoever sends it and however it is cased', async () => {
    const fields = fieldsFor({ orderReference: 'DUP-123' });
    expect((await submit(trader, fields)).statusCode).toBe(201);
    const again = await submit(trader, fields);
    expect(again.statusCode).toBe(409);
    const other = await signUpUser(ctx, { verified: true, prefix: 'other' });
    expect((await submit(other, { ...fields, orderReference: 'dup-123' })).statusCode).toBe(409);
  });
});

describe('the receipt', () => {
  it('is served to its claimant and admins only, never cached', async () => {
    const claim = (await submit(trader, fieldsFor())).json();
    const own = await ctx.app.inject({ url: claim.proofUrl, headers: as(trader) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(own.rawPayload).metadata()).format).toBe('webp');
    expect((await ctx.app.inject({ url: claim.proofUrl, headers: as(admin) })).statusCode).toBe(200);
    const stranger = await signUpUser(ctx, { verified: true, prefix: 'stranger' });
    expect((await ctx.app.inject({ url: claim.proofUrl, headers: as(stranger) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: claim.proofUrl })).statusCode).toBe(401);
    // No public address exists for it.
    const [row] = await ctx.db.select().from(cashbackClaims).where(eq(cashbackClaims.id, claim.id));
    expect((await ctx.app.inject(`/uploads/${row.proofImage}`)).statusCode).toBe(404);
  });
});

describe('admin decisions', () => {
  const approve = (user: TestUser, id: number) =>
    ctx.app.inject({ method: 'POST', url: `/api/admin/cashback-claims/${id}/approve`, headers: as(user) });
  const reject = (user: TestUser, id: number, reason: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/cashback-claims/${id}/reject`,
      headers: as(user),
      payload: { reason } as Record<string, unknown>,
    });

  it('are for admins only', async () => {
    const claim = (await submit(trader, fieldsFor())).json();
    expect((await approve(trader, claim.id)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ url: '/api/admin/cashback-claims', headers: as(trader) })).statusCode,
    ).toBe(403);
    expect((await ctx.app.inject({ url: '/api/admin/cashback-claims' })).statusCode).toBe(401);
  });

  it('approval credits amount x percentage x rate once, in the ledger, and emails the trader', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'approved' });
    const claim = (await submit(user, fieldsFor({ amountSpent: '200' }))).json();
    const queue = (await ctx.app.inject({ url: '/api/admin/cashback-claims', headers: as(admin) })).json();
    expect(queue.find((c: { id: number }) => c.id === claim.id)).toMatchObject({
      user: { email: user.email },
    });
    const res = await approve(admin, claim.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', points: 2000 });
    expect(await balanceOf(user.id)).toBe(2000);
    const rows = await ctx.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: 2000, reason: 'cashback', reference: `claim:${claim.id}` });
    // A second decision is refused and credits nothing.
    expect((await approve(admin, claim.id)).statusCode).toBe(409);
    expect((await reject(admin, claim.id, 'changed my mind')).statusCode).toBe(409);
    expect(await balanceOf(user.id)).toBe(2000);
    const mails = await mailsTo(ctx, user.email);
    expect(mails.at(-1)?.subject).toBe('Your cashback claim was approved');
    expect(mails.at(-1)?.text).toContain('2,000 points');
    // The current user call shows the new balance.
    const me = (await ctx.app.inject({ url: '/api/auth/user', headers: as(user) })).json();
    expect(me.points).toBe(2000);
  });

  it('20 admins approving one claim at once credit it once', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'race' });
    const claim = (await submit(user, fieldsFor({ amountSpent: '50' }))).json();
    const results = await Promise.all(Array.from({ length: 20 }, () => approve(admin, claim.id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(await balanceOf(user.id)).toBe(500);
    const [{ n }] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.idempotencyKey, `claim:${claim.id}`));
    expect(Number(n)).toBe(1);
  });

  it('rejection needs a reason, credits nothing, and the trader sees the reason', async () => {
    const user = await signUpUser(ctx, { verified: true, prefix: 'rejected' });
    const claim = (await submit(user, fieldsFor())).json();
    expect((await reject(admin, claim.id, '')).statusCode).toBe(400);
    const res = await reject(admin, claim.id, 'The receipt does not show the order number.');
    expect(res.statusCode).toBe(200);
    const mine = (await ctx.app.inject({ url: '/api/cashback-claims', headers: as(user) })).json();
    expect(mine[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The receipt does not show the order number.',
    });
    expect(await balanceOf(user.id)).toBe(0);
    const mails = await mailsTo(ctx, user.email);
    expect(mails.at(-1)?.text).toContain('The receipt does not show the order number.');
    expect((await approve(admin, 999999)).statusCode).toBe(404);
  });
});
