import { execFile } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { type S3Server, startS3Server } from '../../../../tests/setup/s3-server';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { GiveawayVerificationSchema, verifyGiveaway } from '../../../domain/giveaway-verify';
import {
  accounts,
  adminAuditLog,
  cashbackClaims,
  firmFollows,
  firmRepresentatives,
  giveawayEntries,
  knownDevices,
  newsletterSubscribers,
  payoutReportImages,
  payoutReports,
  pointsLedger,
  reviewReports,
  reviews,
  reviewVotes,
  savedSearches,
  sessions,
  users,
} from '../../db/schema';
import {
  insertFirm,
  insertGiveaway,
  insertNewsletterSubscriber,
  insertPayoutMethod,
  linkFirmPayoutMethods,
} from '../../db/seed/factories';
import { imageKeysOf } from '../../lib/uploads';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Upload = { field: string; body: Buffer };

const headersOf = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };

/** A multipart body: text fields, then files, as the site's forms send them. */
function multipart(fields: Record<string, string>, files: Upload[]) {
  const boundary = `----pfc${crypto.randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="image.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      file.body,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** A picture that differs by `n`, so the payout checks do not take two for one recycled image. */
const picture = (n: number) =>
  sharp({
    create: {
      width: 400 + n * 10,
      height: 300,
      channels: 3,
      background: { r: n * 40, g: 120, b: 255 - n * 30 },
    },
  })
    .png()
    .toBuffer();

const hex64 = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, '0')).join('');
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** The app of one storage backend, with a firm that pays cashback and takes payout reports. */
async function createWorld(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env);
  const firm = await insertFirm(ctx.db, {
    name: 'Deletion Firm',
    slug: 'deletion-firm',
    cashbackProvided: true,
    cashbackPercentage: 10,
  });
  const methodId = (await insertPayoutMethod(ctx.db, { name: 'Rise' })).id;
  await linkFirmPayoutMethods(ctx.db, firm.id, [methodId]);
  const admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'deladmin' });
  const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: headersOf(user),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const upload = (user: TestUser, url: string, fields: Record<string, string>, files: Upload[]) => {
    const body = multipart(fields, files);
    return ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headersOf(user), 'content-type': body.type },
      payload: body.payload,
    });
  };
  /** A verified member whose account is old enough for payout reports and reviews to pass the checks. */
  const member = async (prefix: string) => {
    const user = await signUpUser(ctx, { verified: true, prefix });
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 90 * 86_400_000) })
      .where(eq(users.id, user.id));
    return user;
  };
  const claim = async (user: TestUser, n: number) => {
    const res = await upload(
      user,
      '/api/cashback-claims',
      {
        propFirmId: String(firm.id),
        orderReference: `ORD-${n}-${Math.random().toString(36).slice(2, 8)}`,
        amountSpent: '149.99',
        purchaseDate: daysAgo(1),
      },
      [{ field: 'receipt', body: await picture(n) }],
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  const report = async (user: TestUser, n: number) => {
    const res = await upload(
      user,
      `/api/firms/${firm.slug}/payout-reports`,
      {
        kind: 'paid',
        amount: '2500.00',
        method: String(methodId),
        requestedOn: daysAgo(10),
        receivedOn: daysAgo(7),
        comment: `Paid in three days, report ${n}.`,
        showUsername: 'true',
        network: 'ethereum',
        transactionReference: `0x${hex64()}`,
      },
      [{ field: 'images', body: await picture(n) }],
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number };
  };
  /** The private image keys of a user's claims and reports, as stored. */
  const imageKeys = async (userId: string) => {
    const claims = await ctx.db
      .select({ key: cashbackClaims.proofImage })
      .from(cashbackClaims)
      .where(eq(cashbackClaims.userId, userId));
    const evidence = await ctx.db
      .select({ key: payoutReportImages.storageKey })
      .from(payoutReportImages)
      .innerJoin(payoutReports, eq(payoutReports.id, payoutReportImages.reportId))
      .where(eq(payoutReports.userId, userId));
    return [...claims, ...evidence].flatMap((r) => (r.key ? [r.key] : []));
  };
  /** Which of the images (and their smaller copies) storage still holds. */
  const storedOf = async (keys: string[]) => {
    const stored: string[] = [];
    for (const key of keys.flatMap(imageKeysOf))
      if (await ctx.app.storage.read(key, 'private')) stored.push(key);
    return stored;
  };
  return { ctx, firm, admin, call, member, claim, report, imageKeys, storedOf };
}

type World = Awaited<ReturnType<typeof createWorld>>;

describe('deleting an account (decision 0070), uploads in the local folder', () => {
  let w: World;
  let ctx: TestContext;
  let subject: TestUser;
  let neighbour: TestUser;
  let others: TestUser[];
  let committedSlug: string;
  let committedId: number;
  let openSlug: string;
  let openId: number;
  let committedBefore: unknown;
  let representedSlug: string;
  let keys: string[];
  let ledgerBefore: { id: number; delta: number }[];
  let balanceBefore: number;
  let summary: Record<string, Record<string, number>>;
  let ids: { review: number; neighbourReview: number; keptClaim: number; pendingClaim: number };
  let reportIds: { kept: number; pending: number };

  const privateFiles = () => {
    const dir = path.join(ctx.dataDir, 'private-uploads');
    return existsSync(dir)
      ? readdirSync(dir, { recursive: true })
          .map(String)
          .filter((f) => f.endsWith('.webp'))
      : [];
  };

  beforeAll(async () => {
    w = await createWorld();
    ctx = w.ctx;
    const { call, admin, firm } = w;
    subject = await w.member('leaver');
    neighbour = await w.member('stayer');
    others = [await w.member('entrant'), await w.member('entrant')];

    // A review, votes both ways and a report on it.
    const posted = await call(subject, 'POST', `/api/firms/${firm.id}/reviews`, {
      rating: 1,
      title: 'Slow payouts',
      comment: 'Took three weeks for the first payout to arrive.',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const theirs = await call(neighbour, 'POST', `/api/firms/${firm.id}/reviews`, {
      rating: 5,
      title: 'Fast payouts',
      comment: 'Passed in two weeks and was paid in three days.',
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const review = posted.json().id as number;
    const neighbourReview = theirs.json().id as number;
    expect((await call(neighbour, 'POST', `/api/reviews/${review}/helpful`)).statusCode).toBe(200);
    expect((await call(subject, 'POST', `/api/reviews/${neighbourReview}/helpful`)).statusCode).toBe(200);
    const reported = await call(neighbour, 'POST', `/api/reviews/${review}/report`, { reason: 'fake' });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    expect(
      (await call(subject, 'POST', `/api/reviews/${neighbourReview}/report`, { reason: 'spam' })).statusCode,
    ).toBeLessThan(300);

    // A cashback claim an admin approved (a ledger row), and one still pending.
    const keptClaim = (await w.claim(subject, 1)).id;
    const pendingClaim = (await w.claim(subject, 2)).id;
    const approved = await call(admin, 'POST', `/api/admin/cashback-claims/${keptClaim}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    ids = { review, neighbourReview, keptClaim, pendingClaim };

    // A payout report with evidence an admin verified (points), and one still pending.
    const keptReport = (await w.report(subject, 3)).id;
    const pendingReport = (await w.report(subject, 4)).id;
    const verified = await call(admin, 'POST', `/api/admin/payout-reports/${keptReport}/verify`, {
      grade: 'on_chain',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    reportIds = { kept: keptReport, pending: pendingReport };

    // A giveaway whose entry list is committed and drawn, and one still open; the subject in the middle.
    const committed = await insertGiveaway(ctx.db, { winnerCount: 2, clientSeedSource: 'drand round 7' });
    const open = await insertGiveaway(ctx.db, { clientSeedSource: 'drand round 8' });
    committedSlug = committed.slug;
    committedId = committed.id;
    openSlug = open.slug;
    openId = open.id;
    for (const slug of [committedSlug, openSlug])
      for (const entrant of [others[0], subject, others[1]]) {
        const res = await call(entrant, 'POST', `/api/giveaways/${slug}/enter`, {
          completedActions: {},
          socialMediaHandle: `@${entrant.username}`,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
    expect((await call(admin, 'POST', `/api/admin/giveaways/${committed.id}/close`)).statusCode).toBe(200);
    const drawn = await call(admin, 'POST', `/api/admin/giveaways/${committed.id}/draw`, {
      clientSeed: 'beacon-7',
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    committedBefore = (await call(null, 'GET', `/api/giveaways/${committedSlug}/verification`)).json();

    // Newsletter, a follow and a saved search: the emails that must stop.
    await insertNewsletterSubscriber(ctx.db, { email: subject.email });
    expect((await call(subject, 'PUT', `/api/firms/${firm.slug}/follow`)).statusCode).toBe(200);
    const search = await call(subject, 'POST', '/api/saved-searches', {
      name: 'Cheap ones',
      query: 'size=100000',
    });
    expect(search.statusCode, search.body).toBe(201);

    // The subject also speaks for another firm, which shows as claimed.
    const represented = await insertFirm(ctx.db, { name: 'Spoken For Capital', slug: 'spoken-for-capital' });
    representedSlug = represented.slug;
    await ctx.db.insert(firmRepresentatives).values({ propFirmId: represented.id, userId: subject.id });
    ctx.app.changes.publishCommitted({ type: 'firm.updated', id: represented.id });
    await ctx.app.readModels.settled();
    expect((await call(null, 'GET', `/api/firms/${representedSlug}/details`)).json().claimed).toBe(true);

    keys = await w.imageKeys(subject.id);
    expect(keys).toHaveLength(4);
    expect((await w.storedOf(keys)).length).toBeGreaterThanOrEqual(4);
    ledgerBefore = await ctx.db
      .select({ id: pointsLedger.id, delta: pointsLedger.delta })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, subject.id));
    expect(ledgerBefore.length).toBeGreaterThanOrEqual(2);
    balanceBefore = (await ctx.db.select().from(users).where(eq(users.id, subject.id)))[0].points;
    expect((await call(null, 'GET', `/api/firms/${firm.slug}/rating`)).json()).toMatchObject({
      totalReviews: 2,
    });
  }, 180_000);
  afterAll(() => ctx?.close());

  it('refuses a wrong password with 400 and changes nothing', async () => {
    const before = await ctx.db.select().from(users).where(eq(users.id, subject.id));
    const res = await w.call(subject, 'POST', '/api/auth/delete-user', {
      password: 'not my password at all',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_password',
      message: 'Your current password is incorrect.',
    });
    expect(await ctx.db.select().from(users).where(eq(users.id, subject.id))).toEqual(before);
    expect((await w.call(subject, 'GET', '/api/auth/user')).statusCode).toBe(200);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.userId, subject.id))).toHaveLength(1);
    expect(await w.storedOf(keys)).not.toHaveLength(0);
    expect(
      await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, subject.id)),
    ).toHaveLength(0);
  });

  it('deletes the account with the password, signs the browser out and names nobody', async () => {
    const res = await w.call(subject, 'POST', '/api/auth/delete-user', { password: subject.password });
    expect(res.statusCode, res.body).toBe(200);
    summary = res.json();
    expect(summary).toEqual({
      deleted: true,
      removed: {
        reviews: 1,
        openGiveawayEntries: 1,
        pendingCashbackClaims: 1,
        pendingPayoutReports: 1,
        images: 4,
      },
      kept: {
        pointsLedgerRows: ledgerBefore.length,
        cashbackClaims: 1,
        payoutReports: 1,
        cashOuts: 0,
        committedGiveawayEntries: 1,
      },
    });
    // The session cookie is cleared, and the old one signs nobody in.
    const cleared = [res.headers['set-cookie']].flat().join('\n');
    expect(cleared).toMatch(/pfc\.session_token=;/);
    expect((await w.call(subject, 'GET', '/api/auth/user')).statusCode).toBe(401);

    const [row] = await ctx.db.select().from(users).where(eq(users.id, subject.id));
    expect(row).toMatchObject({
      name: 'Former member',
      firstName: null,
      username: null,
      displayUsername: null,
      image: null,
      emailVerified: false,
      twoFactorEnabled: false,
      points: balanceBefore,
    });
    expect(row.email).toMatch(/^deleted-[0-9a-f-]{36}@deleted\.invalid$/);
    for (const table of [sessions, accounts, knownDevices, firmFollows, savedSearches])
      expect(await ctx.db.select().from(table).where(eq(table.userId, subject.id))).toHaveLength(0);
    expect(
      await ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, subject.email)),
    ).toHaveLength(0);
    const [audit] = await ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.entityId, subject.id));
    expect(audit).toMatchObject({ action: 'delete', entity: 'user', actorId: subject.id });
    expect(JSON.stringify(audit)).not.toContain(subject.email);
  });

  it('removes the reviews with their votes and reports, and the firm rating follows', async () => {
    expect(await ctx.db.select().from(reviews).where(eq(reviews.userId, subject.id))).toHaveLength(0);
    expect(await ctx.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, ids.review))).toHaveLength(
      0,
    );
    expect(
      await ctx.db.select().from(reviewReports).where(eq(reviewReports.reviewId, ids.review)),
    ).toHaveLength(0);
    // Their vote and report on someone else's review go too; that review stays.
    expect(await ctx.db.select().from(reviewVotes).where(eq(reviewVotes.userId, subject.id))).toHaveLength(0);
    expect(
      await ctx.db.select().from(reviewReports).where(eq(reviewReports.userId, subject.id)),
    ).toHaveLength(0);
    expect(await ctx.db.select().from(reviews).where(eq(reviews.id, ids.neighbourReview))).toHaveLength(1);
    // The read model heard the change: the rating and list are the neighbour's alone.
    const rating = (await w.call(null, 'GET', `/api/firms/${w.firm.slug}/rating`)).json();
    expect(rating).toMatchObject({ totalReviews: 1, averageRating: 5 });
    const list = (await w.call(null, 'GET', `/api/firms/${w.firm.slug}/reviews`)).json() as { id: number }[];
    expect(list.map((r) => r.id)).toEqual([ids.neighbourReview]);
  });

  it('keeps the ledger, the decided claim and the verified report, without a name or images', async () => {
    const ledger = await ctx.db
      .select({ id: pointsLedger.id, delta: pointsLedger.delta })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, subject.id));
    expect(ledger).toEqual(ledgerBefore);
    const claims = await ctx.db.select().from(cashbackClaims).where(eq(cashbackClaims.userId, subject.id));
    expect(claims.map((c) => [c.id, c.status, c.proofImage])).toEqual([[ids.keptClaim, 'approved', null]]);
    const reports = await ctx.db.select().from(payoutReports).where(eq(payoutReports.userId, subject.id));
    expect(reports.map((r) => [r.id, r.status, r.comment, r.showUsername])).toEqual([
      [reportIds.kept, 'verified', null, false],
    ]);
    expect(
      await ctx.db
        .select()
        .from(payoutReportImages)
        .where(inArray(payoutReportImages.reportId, [reportIds.kept, reportIds.pending])),
    ).toHaveLength(0);
    // Still in the firm's public record, with no reporter.
    const list = (await w.call(null, 'GET', `/api/firms/${w.firm.slug}/payout-reports`)).json();
    expect(list.reports).toEqual([
      expect.objectContaining({ id: reportIds.kept, reporter: null, comment: null }),
    ]);
    // The admin queue still lists the claim, under the former member.
    const queue = (await w.call(w.admin, 'GET', '/api/admin/cashback-claims?status=approved')).json();
    expect(queue.find((c: { id: number }) => c.id === ids.keptClaim)?.user).toMatchObject({ username: null });
  });

  it('deletes the receipts and evidence, and their smaller copies, from the local folder', async () => {
    expect(await w.storedOf(keys)).toEqual([]);
    expect(privateFiles()).toEqual([]);
  });

  it('keeps the committed entry anonymous, so the draw still verifies with the script', async () => {
    const record = (await w.call(null, 'GET', `/api/giveaways/${committedSlug}/verification`)).json();
    expect(record).toEqual(committedBefore);
    const report = await verifyGiveaway(GiveawayVerificationSchema.parse(record));
    expect(report.checks.map((c) => [c.id, c.ok])).toEqual([
      ['server-seed', true],
      ['entry-list', true],
      ['entry-hashes', true],
      ['tickets', true],
      ['winners', true],
    ]);
    const file = path.join(ctx.dataDir, 'committed-giveaway.json');
    writeFileSync(file, JSON.stringify(record));
    const script = await run(process.execPath, ['--import', 'tsx', 'scripts/verify-giveaway.ts', file], {
      cwd: root,
    });
    expect(script.stdout).toContain('VERIFIED: every check passed.');
    // The entry stays with its ticket and hash, but without the handle or a name.
    const page = (await w.call(null, 'GET', `/api/giveaways/${committedSlug}/entries`)).json();
    const entry = page.entries.find((e: { userId: string }) => e.userId === subject.id);
    expect(entry).toMatchObject({ ticketNumber: 2, socialMediaHandle: null });
    expect(entry.user?.username ?? null).toBeNull();
    expect(JSON.stringify(page)).not.toContain(subject.username);
  });

  it("lets the database clear a committed entry's handle, and nothing else (migration 0025)", async () => {
    const ofEntry = (userId: string) =>
      and(eq(giveawayEntries.giveawayId, committedId), eq(giveawayEntries.userId, userId));
    const [entry] = await ctx.db.select().from(giveawayEntries).where(ofEntry(others[0].id));
    expect(entry.socialMediaHandle).toBe(`@${others[0].username}`);
    const refused = [
      { socialMediaHandle: '@someone_else' },
      { socialMediaHandle: null, entryHash: '0'.repeat(64) },
      { socialMediaHandle: null, ticketNumber: 99 },
      { socialMediaHandle: null, userId: 'not-an-entrant' },
    ];
    for (const change of refused)
      await expect(
        ctx.db.update(giveawayEntries).set(change).where(ofEntry(others[0].id)),
        JSON.stringify(change),
      ).rejects.toThrow();
    await expect(ctx.db.delete(giveawayEntries).where(ofEntry(others[0].id))).rejects.toThrow();
    expect(await ctx.db.select().from(giveawayEntries).where(ofEntry(others[0].id))).toEqual([entry]);
  });

  it('removes the open entry: tickets close up, and the list still commits and verifies', async () => {
    const rows = await ctx.db
      .select({ ticket: giveawayEntries.ticketNumber, userId: giveawayEntries.userId })
      .from(giveawayEntries)
      .where(eq(giveawayEntries.giveawayId, openId))
      .orderBy(giveawayEntries.ticketNumber);
    expect(rows).toEqual([
      { ticket: 1, userId: others[0].id },
      { ticket: 2, userId: others[1].id },
    ]);
    const mine = await w.call(others[1], 'GET', `/api/giveaways/${openSlug}/my-entry`);
    expect(mine.json().userEntry).toMatchObject({ ticketNumber: 2 });
    const late = await w.member('late');
    const entered = await w.call(late, 'POST', `/api/giveaways/${openSlug}/enter`, { completedActions: {} });
    expect(entered.json()).toMatchObject({ ticketNumber: 3, entryCount: 3 });
    expect((await w.call(w.admin, 'POST', `/api/admin/giveaways/${openId}/close`)).statusCode).toBe(200);
    const drawn = await w.call(w.admin, 'POST', `/api/admin/giveaways/${openId}/draw`, {
      clientSeed: 'beacon-8',
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const record = (await w.call(null, 'GET', `/api/giveaways/${openSlug}/verification`)).json();
    const report = await verifyGiveaway(GiveawayVerificationSchema.parse(record));
    expect(report.ok, JSON.stringify(report.checks)).toBe(true);
  });

  it('ends the account speaking for a firm: the firm is no longer claimed', async () => {
    expect((await w.call(null, 'GET', `/api/firms/${representedSlug}/details`)).json().claimed).toBe(false);
    const left = await ctx.db
      .select()
      .from(firmRepresentatives)
      .where(eq(firmRepresentatives.userId, subject.id));
    expect(left.map((r) => r.removedReason)).toEqual(['the account was deleted']);
  });

  it('lets the email sign up again, as a new account', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '10.250.0.1' },
      payload: {
        email: subject.email,
        password: 'another long password 9',
        firstName: 'Again',
        username: subject.username,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().user as { id: string; email: string };
    expect(fresh.id).not.toBe(subject.id);
    expect(fresh.email).toBe(subject.email);
    const cookie = [res.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ id: fresh.id, points: 0 });
    // Nothing of the old account is theirs.
    const claims = await ctx.app.inject({ url: '/api/cashback-claims', headers: { cookie } });
    expect(claims.json()).toEqual([]);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  let w: World;
  let ctx: TestContext;
  beforeAll(async () => {
    w = await createWorld();
    ctx = w.ctx;
  }, 120_000);
  afterAll(() => ctx?.close());

  it('does not let the last admin delete their own account', async () => {
    const res = await w.call(w.admin, 'POST', '/api/auth/delete-user', { password: w.admin.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('last_admin');
    expect((await w.call(w.admin, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('is for admins only: 401 signed out, 403 for a member, and nothing changes', async () => {
    const target = await w.member('target');
    const member = await w.member('member');
    const url = `/api/admin/users/${target.id}`;
    expect((await w.call(null, 'DELETE', url, { reason: 'spam account' })).statusCode).toBe(401);
    const res = await w.call(member, 'DELETE', url, { reason: 'spam account' });
    expect(res.statusCode).toBe(403);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row.email).toBe(target.email);
    expect((await w.call(target, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('needs a reason of 3 to 500 characters', async () => {
    const target = await w.member('reasonless');
    const url = `/api/admin/users/${target.id}`;
    for (const payload of [undefined, {}, { reason: '  a ' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
      const res = await w.call(w.admin, 'DELETE', url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await w.call(target, 'GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('refuses the admin themselves, another admin and an unknown id', async () => {
    const other = await signUpUser(ctx, { verified: true, admin: true, prefix: 'otheradmin' });
    const self = await w.call(w.admin, 'DELETE', `/api/admin/users/${w.admin.id}`, { reason: 'leaving' });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('own_account');
    const admin = await w.call(w.admin, 'DELETE', `/api/admin/users/${other.id}`, { reason: 'leaving' });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().code).toBe('user_is_admin');
    expect(
      (await w.call(w.admin, 'DELETE', '/api/admin/users/nobody-here', { reason: 'gone' })).statusCode,
    ).toBe(404);
  });

  it("deletes a member's account with the reason in the audit log, once", async () => {
    const target = await w.member('deleted');
    const claim = await w.claim(target, 7);
    const keys = await w.imageKeys(target.id);
    expect(keys).toHaveLength(1);
    const res = await w.call(w.admin, 'DELETE', `/api/admin/users/${target.id}`, {
      reason: '  Asked by email to close the account  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toMatchObject({ pendingCashbackClaims: 1, images: 1 });
    expect(await ctx.db.select().from(cashbackClaims).where(eq(cashbackClaims.id, claim.id))).toHaveLength(0);
    expect(await w.storedOf(keys)).toEqual([]);
    expect((await w.call(target, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const [audit] = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.entity, 'user'), eq(adminAuditLog.entityId, target.id)));
    expect(audit).toMatchObject({ action: 'delete', actorId: w.admin.id, actorEmail: w.admin.email });
    expect(audit.summary).toContain('Asked by email to close the account');
    expect(audit.after).toMatchObject({ reason: 'Asked by email to close the account' });
    const log = await w.call(w.admin, 'GET', `/api/admin/audit?entity=user&entityId=${target.id}`);
    expect(log.body).toContain('Asked by email to close the account');

    const again = await w.call(w.admin, 'DELETE', `/api/admin/users/${target.id}`, { reason: 'once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_deleted');
  });
});

describe('deleting an account with uploads in an S3-compatible bucket', () => {
  let s3: S3Server;
  let w: World;
  beforeAll(async () => {
    s3 = await startS3Server();
    w = await createWorld({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  }, 120_000);
  afterAll(async () => {
    await w?.ctx.close();
    await s3?.stop();
  });

  it('deletes the receipts and evidence, and their smaller copies, from the bucket', async () => {
    const subject = await w.member('s3leaver');
    const keptClaim = (await w.claim(subject, 5)).id;
    await w.claim(subject, 6);
    expect(
      (await w.call(w.admin, 'POST', `/api/admin/cashback-claims/${keptClaim}/approve`)).statusCode,
    ).toBe(200);
    await w.report(subject, 8);
    const keys = await w.imageKeys(subject.id);
    expect(keys).toHaveLength(3);
    const stored = await w.storedOf(keys);
    // Each image with its narrower copies (400 px wide: the 320 px one).
    expect(stored).toHaveLength(6);
    const res = await w.call(subject, 'POST', '/api/auth/delete-user', { password: subject.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().removed).toMatchObject({
      images: 3,
      pendingCashbackClaims: 1,
      pendingPayoutReports: 1,
    });
    expect(await w.storedOf(keys)).toEqual([]);
    // The decided claim stays, without its receipt.
    const [claim] = await w.ctx.db.select().from(cashbackClaims).where(eq(cashbackClaims.id, keptClaim));
    expect(claim).toMatchObject({ status: 'approved', proofImage: null });
  });
});
