import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, nextIp, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { type S3Server, startS3Server } from '../../../../tests/setup/s3-server';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { computeEntryHash } from '../../../domain/giveaway-draw';
import {
  cashbackClaims,
  cashOuts,
  firmFollows,
  firmReplies,
  firmRepresentatives,
  payoutReportImages,
  payoutReports,
  savedSearches,
  sessions,
} from '../../db/schema';
import {
  insertFirm,
  insertGiveaway,
  insertNewsletterSubscriber,
  insertUserReview,
} from '../../db/seed/factories';
import { recordPoints } from '../points/service';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const get = (ctx: TestContext, url: string, cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), ...(cookie ? { cookie } : {}) },
  });

const post = (ctx: TestContext, url: string, cookie: string | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });

const exportAs = (ctx: TestContext, cookie?: string) => get(ctx, '/api/profile/export', cookie);

/** Makes every session of the user look as if it began 11 minutes ago. */
const ageSessions = (ctx: TestContext, userId: string) =>
  ctx.db
    .update(sessions)
    .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.userId, userId));

const unzip = (body: Buffer) => unzipSync(new Uint8Array(body));
const jsonIn = (files: Record<string, Uint8Array>, name: string) => {
  expect(files[name], `${name} in the archive`).toBeDefined();
  return JSON.parse(strFromU8(files[name]));
};

const image = (label: string) => Buffer.from(`RIFF\u0000\u0000\u0000\u0000WEBPVP8 ${label}`.repeat(50));
const storageKey = () => `2026/01/${crypto.randomUUID()}.webp`;

interface Seeded {
  user: TestUser;
  firm: { id: number; name: string; slug: string };
  claimId: number;
  reportId: number;
  receipt: Buffer;
  evidence: [Buffer, Buffer];
  giveawaySlug: string;
  tokens: string[];
}

/**
 * A verified user with a review (hidden by a moderator), points, a cashback claim with its receipt,
 * a payout report with two evidence images, a giveaway entry (made through the API), a follow, a
 * saved search, a newsletter subscription, a cash-out and a second browser; and another user with
 * a claim of their own, which must stay out of the first one's archive.
 */
async function seedAccount(ctx: TestContext): Promise<Seeded> {
  const user = await signUpUser(ctx, { verified: true, prefix: 'export' });
  const firm = await insertFirm(ctx.db, { cashbackProvided: true, cashbackPercentage: 5 });
  await insertUserReview(ctx.db, {
    userId: user.id,
    propFirmId: firm.id,
    title: 'Slow support',
    status: 'hidden',
    moderationReason: 'off_topic',
    moderationNote: 'internal note for admins',
    moderatedAt: new Date(),
  });
  await recordPoints(ctx.db, {
    userId: user.id,
    delta: 120,
    reason: 'cashback',
    idempotencyKey: `a-${user.id}`,
  });
  await recordPoints(ctx.db, {
    userId: user.id,
    delta: -20,
    reason: 'payout',
    reference: '=HYPERLINK("x")',
    idempotencyKey: `b-${user.id}`,
  });

  const receipt = image('receipt');
  const receiptKey = storageKey();
  await ctx.app.storage.put(receiptKey, receipt, 'private');
  const [claim] = await ctx.db
    .insert(cashbackClaims)
    .values({
      userId: user.id,
      propFirmId: firm.id,
      orderReference: 'ORDER-1001',
      amountSpent: 12_345,
      cashbackPercentage: 5,
      purchaseDate: '2026-01-05',
      status: 'approved',
      pointsAwarded: 617,
      proofImage: receiptKey,
    })
    .returning();

  const [report] = await ctx.db
    .insert(payoutReports)
    .values({
      userId: user.id,
      propFirmId: firm.id,
      kind: 'paid',
      amountCents: 250_000,
      receivedOn: '2026-01-10',
      status: 'rejected',
      rejectionReason: 'The screenshot does not show the amount.',
      flags: [
        { kind: 'same_amount_and_date', detail: 'like report 77 of someone else', relatedReportId: 77 },
      ],
    })
    .returning();
  const evidence: [Buffer, Buffer] = [image('evidence one'), image('evidence two')];
  for (const [i, bytes] of evidence.entries()) {
    const key = storageKey();
    await ctx.app.storage.put(key, bytes, 'private');
    await ctx.db
      .insert(payoutReportImages)
      .values({ reportId: report.id, position: i + 1, storageKey: key, imageHash: 0n });
  }

  const giveaway = await insertGiveaway(ctx.db);
  const entered = await post(ctx, `/api/giveaways/${giveaway.slug}/enter`, user.cookie, {
    completedActions: {},
    socialMediaHandle: '@exporter',
  });
  expect(entered.statusCode, entered.body).toBe(201);

  const tokens = [`follow-${crypto.randomUUID()}`, `search-${crypto.randomUUID()}`];
  await ctx.db
    .insert(firmFollows)
    .values({ userId: user.id, propFirmId: firm.id, unsubscribeToken: tokens[0] });
  await ctx.db
    .insert(savedSearches)
    .values({ userId: user.id, name: 'Cheap 100K', query: 'size=100000', unsubscribeToken: tokens[1] });
  await insertNewsletterSubscriber(ctx.db, { email: user.email, status: 'confirmed' });
  await ctx.db
    .insert(cashOuts)
    .values({ userId: user.id, points: 20, method: 'paypal', destination: user.email, status: 'pending' });

  const secondBrowser = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), 'user-agent': FIREFOX_LINUX },
    payload: { email: user.email, password: user.password },
  });
  expect(secondBrowser.statusCode).toBe(200);
  expect(cookieOf(secondBrowser.headers['set-cookie'])).toContain('pfc.session_token=');

  const other = await signUpUser(ctx, { verified: true, prefix: 'other' });
  const otherKey = storageKey();
  await ctx.app.storage.put(otherKey, image('someone else'), 'private');
  await ctx.db.insert(cashbackClaims).values({
    userId: other.id,
    propFirmId: firm.id,
    orderReference: 'ORDER-OTHER',
    amountSpent: 5_000,
    proofImage: otherKey,
  });
  // The user also speaks for another firm, and answered a review of it.
  const represented = await insertFirm(ctx.db, { name: 'Export Represented Firm' });
  await ctx.db.insert(firmRepresentatives).values({ propFirmId: represented.id, userId: user.id });
  const answered = await insertUserReview(ctx.db, { propFirmId: represented.id, userId: other.id });
  await ctx.db.insert(firmReplies).values({
    propFirmId: represented.id,
    reviewId: answered.id,
    authorId: user.id,
    body: 'Thank you, we have fixed the dashboard since.',
  });

  return {
    user,
    firm,
    claimId: claim.id,
    reportId: report.id,
    receipt,
    evidence,
    giveawaySlug: giveaway.slug,
    tokens,
  };
}

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.stop());

describe.each([
  ['the local folder', (): Record<string, string> => ({})],
  [
    'an S3-compatible bucket',
    (): Record<string, string> => ({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
  ],
])('GET /api/profile/export with uploads in %s', (_name, env) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(env());
  });
  afterAll(() => ctx?.close());

  it("answers one private ZIP of the user's data and images, and nothing of anyone else", async () => {
    const seeded = await seedAccount(ctx);
    const { user } = seeded;
    const res = await exportAs(ctx, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="propfirmclub-data-${today}.zip"`);
    expect(res.headers['cache-control']).toBe('private, no-store');

    const files = unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'account.json',
        'cash-outs.json',
        'cashback-claims.json',
        'firm-representation.json',
        'giveaway-entries.json',
        'payout-reports.json',
        'points-ledger.csv',
        `payout-evidence/report-${seeded.reportId}-1.webp`,
        `payout-evidence/report-${seeded.reportId}-2.webp`,
        `receipts/claim-${seeded.claimId}.webp`,
        'reviews.json',
      ].sort(),
    );

    const account = jsonIn(files, 'account.json');
    expect(account.profile).toMatchObject({
      id: user.id,
      email: user.email,
      emailVerified: true,
      username: user.username,
      points: 100,
      twoFactorEnabled: false,
    });
    expect(account.roles).toEqual(['user']);
    expect(account.newsletter).toMatchObject({ email: user.email, status: 'confirmed' });
    expect(account.followedFirms).toEqual([
      { firm: { name: seeded.firm.name, slug: seeded.firm.slug }, followedAt: expect.any(String) },
    ]);
    expect(account.savedSearches).toEqual([
      expect.objectContaining({ name: 'Cheap 100K', query: 'size=100000', alertEmails: true }),
    ]);
    expect(account.sessions).toHaveLength(2);
    expect(account.sessions).toContainEqual(
      expect.objectContaining({ browser: 'Firefox 133', system: 'Linux', current: false }),
    );
    expect(account.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    for (const session of account.sessions) {
      expect(Object.keys(session).sort()).toEqual([
        'browser',
        'current',
        'lastActiveAt',
        'startedAt',
        'system',
      ]);
    }

    const reviews = jsonIn(files, 'reviews.json');
    expect(reviews).toEqual([
      expect.objectContaining({
        firm: { name: seeded.firm.name, slug: seeded.firm.slug },
        title: 'Slow support',
        moderation: { status: 'hidden', reason: 'off_topic', decidedAt: expect.any(String) },
      }),
    ]);

    const csv = strFromU8(files['points-ledger.csv']).trim().split('\n');
    expect(csv[0]).toBe('Date,Points,Balance,Reason,Reference');
    expect(csv.slice(1).map((line) => line.split(',').slice(1, 4))).toEqual([
      ['120', '120', 'cashback'],
      ['-20', '100', 'payout'],
    ]);
    // A reference a spreadsheet would run as a formula is written as text.
    expect(csv[2]).toContain(`"'=HYPERLINK(""x"")"`);

    const claims = jsonIn(files, 'cashback-claims.json');
    expect(claims).toEqual([
      expect.objectContaining({
        id: seeded.claimId,
        orderReference: 'ORDER-1001',
        amountSpent: 123.45,
        status: 'approved',
        pointsAwarded: 617,
        receiptFile: `receipts/claim-${seeded.claimId}.webp`,
      }),
    ]);
    expect(Buffer.from(files[claims[0].receiptFile])).toEqual(seeded.receipt);

    const reports = jsonIn(files, 'payout-reports.json');
    expect(reports).toEqual([
      expect.objectContaining({
        id: seeded.reportId,
        kind: 'paid',
        amount: 2500,
        status: 'rejected',
        rejectionReason: 'The screenshot does not show the amount.',
        evidenceFiles: [1, 2].map((n) => `payout-evidence/report-${seeded.reportId}-${n}.webp`),
      }),
    ]);
    expect(reports[0].evidenceFiles.map((path: string) => Buffer.from(files[path]))).toEqual(seeded.evidence);

    // The hash the public entry list shows for this entrant, and the one the draw's rules make.
    const entries = jsonIn(files, 'giveaway-entries.json');
    const list = (await get(ctx, `/api/giveaways/${seeded.giveawaySlug}/entries`)).json() as {
      entries: { ticketNumber: number; userId: string; entryHash: string }[];
    };
    const listed = list.entries.find((e) => e.userId === user.id);
    expect(listed).toBeDefined();
    expect(entries).toEqual([
      expect.objectContaining({
        ticketNumber: listed?.ticketNumber,
        entryHash: listed?.entryHash,
        userId: user.id,
        socialMediaHandle: '@exporter',
        won: false,
        giveaway: expect.objectContaining({
          slug: seeded.giveawaySlug,
          verifyPath: `/verify-giveaway?slug=${seeded.giveawaySlug}`,
        }),
      }),
    ]);
    expect(entries[0].entryHash).toBe(
      await computeEntryHash(entries[0].giveaway.serverSeedHash, entries[0].ticketNumber, user.id),
    );

    expect(jsonIn(files, 'cash-outs.json')).toEqual([
      expect.objectContaining({ points: 20, method: 'paypal', destination: user.email, status: 'pending' }),
    ]);

    expect(jsonIn(files, 'firm-representation.json')).toMatchObject({
      claims: [],
      representativeOf: [{ firm: 'Export Represented Firm', removedAt: null }],
      replies: [{ firm: 'Export Represented Firm', body: 'Thank you, we have fixed the dashboard since.' }],
      corrections: [],
    });

    // Never a token, an internal note, an automatic flag, or another user's data.
    const text = Object.entries(files)
      .filter(([name]) => !name.endsWith('.webp'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    const sessionTokens = await ctx.db
      .select({ token: sessions.token })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    for (const secret of [...sessionTokens.map((s) => s.token), ...seeded.tokens]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/ipAddress|userAgent|token|password/i);
    expect(text).not.toContain('internal note for admins');
    expect(text).not.toContain('like report 77');
    expect(text).not.toContain('ORDER-OTHER');
  });

  it('leaves out an image missing from storage and names only the files it holds', async () => {
    const user = await signUpUser(ctx);
    const firm = await insertFirm(ctx.db, { cashbackProvided: true, cashbackPercentage: 5 });
    const [claim] = await ctx.db
      .insert(cashbackClaims)
      .values({
        userId: user.id,
        propFirmId: firm.id,
        orderReference: 'ORDER-GONE',
        amountSpent: 1_000,
        proofImage: storageKey(),
      })
      .returning();
    const res = await exportAs(ctx, user.cookie);
    expect(res.statusCode).toBe(200);
    const files = unzip(res.rawPayload);
    expect(Object.keys(files).filter((name) => name.startsWith('receipts/'))).toEqual([]);
    expect(jsonIn(files, 'cashback-claims.json')).toEqual([
      expect.objectContaining({ id: claim.id, receiptFile: null }),
    ]);
    expect(jsonIn(files, 'reviews.json')).toEqual([]);
    expect(strFromU8(files['points-ledger.csv']).trim()).toBe('Date,Points,Balance,Reason,Reference');
  });
});

describe('who may export, and how often', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it('answers 401 to a visitor without a session', async () => {
    expect((await exportAs(ctx)).statusCode).toBe(401);
    const confirm = await post(ctx, '/api/profile/export/confirm', undefined, { password: 'whatever it is' });
    expect(confirm.statusCode).toBe(401);
  });

  it('asks for the password again when the sign-in is older than 10 minutes, then exports', async () => {
    const user = await signUpUser(ctx);
    await ageSessions(ctx, user.id);
    const refused = await exportAs(ctx, user.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'fresh_sign_in_required',
      message: 'Enter your password again to download your data.',
    });

    const wrong = await post(ctx, '/api/profile/export/confirm', user.cookie, {
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_password');
    expect((await exportAs(ctx, user.cookie)).statusCode).toBe(403);
    const empty = await post(ctx, '/api/profile/export/confirm', user.cookie, {});
    expect(empty.statusCode).toBe(400);

    const right = await post(ctx, '/api/profile/export/confirm', user.cookie, { password: user.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({ status: true });
    // The refusals did not use up the hour's export.
    const res = await exportAs(ctx, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(jsonIn(unzip(res.rawPayload), 'account.json').profile.email).toBe(user.email);
  });

  it("confirms the password for that session only, not the account's other devices", async () => {
    const user = await signUpUser(ctx);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': nextIp(), 'user-agent': FIREFOX_LINUX },
      payload: { email: user.email, password: user.password },
    });
    const otherDevice = cookieOf(signIn.headers['set-cookie']);
    await ageSessions(ctx, user.id);
    const right = await post(ctx, '/api/profile/export/confirm', user.cookie, { password: user.password });
    expect(right.statusCode).toBe(200);
    expect((await exportAs(ctx, otherDevice)).json().code).toBe('fresh_sign_in_required');
    expect((await exportAs(ctx, user.cookie)).statusCode).toBe(200);
  });

  it('exports once an hour: the next try is 429 with the time to wait', async () => {
    const user = await signUpUser(ctx);
    expect((await exportAs(ctx, user.cookie)).statusCode).toBe(200);
    const again = await exportAs(ctx, user.cookie);
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(again.json()).toEqual({
      code: 'rate_limited',
      message: 'You can download your data once an hour. Try again in 60 minutes.',
    });
    // Another account has its own hour.
    const other = await signUpUser(ctx);
    expect((await exportAs(ctx, other.cookie)).statusCode).toBe(200);
  });

  // Two processes behind the balancer share Redis: a password entered on one counts on the other,
  // and so does the hour's export.
  it.runIf(process.env.REDIS_URL)('holds the confirmation and the hour across processes', async () => {
    const second = await createTestApp({}, { sharedWith: ctx });
    try {
      const user = await signUpUser(ctx);
      await ageSessions(ctx, user.id);
      expect((await exportAs(second, user.cookie)).statusCode).toBe(403);
      const right = await post(ctx, '/api/profile/export/confirm', user.cookie, { password: user.password });
      expect(right.statusCode).toBe(200);
      expect((await exportAs(second, user.cookie)).statusCode).toBe(200);
      expect((await exportAs(ctx, user.cookie)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('lets one of several exports started at once through', async () => {
    const user = await signUpUser(ctx);
    const answers = await Promise.all(Array.from({ length: 6 }, () => exportAs(ctx, user.cookie)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
  });
});
