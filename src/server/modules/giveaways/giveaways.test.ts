import { makeSignature } from 'better-auth/crypto';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { multipartFile } from '../../../../tests/setup/multipart';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { computeEntryHash, drawWinningTickets, sha256Hex } from '../../../domain/giveaway-draw';
import { GiveawayVerificationSchema, hashEntryList, verifyGiveaway } from '../../../domain/giveaway-verify';
import { SESSION_COOKIE } from '../../../domain/render';
import { activityLogs, giveawayEntries, giveaways } from '../../db/schema';
import { insertFirm, insertGiveaway, insertGiveawayEntry, insertUser } from '../../db/seed/factories';
import { readOutbox } from '../../lib/mailer';
import { drawGiveaway } from './draw';
import { closeDueGiveaways } from './entries';

let ctx: TestContext;
let verified: TestUser;
let admin: TestUser;

const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await createTestApp();
  verified = await signUpUser(ctx, { verified: true, prefix: 'gv' });
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'gva' });
});
afterAll(() => ctx.close());

/** A session for a user made directly in the database: signing 200 people up takes too long. */
async function sessionCookie(userId: string): Promise<string> {
  const auth = await ctx.app.auth.$context;
  const session = await auth.internalAdapter.createSession(userId);
  const signature = await makeSignature(session.token, auth.secret);
  return `${SESSION_COOKIE}=${encodeURIComponent(`${session.token}.${signature}`)}`;
}

const enter = (
  user: { cookie: string; ip?: string } | null,
  slug: string,
  payload: unknown = { completedActions: {} },
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/giveaways/${slug}/enter`,
    headers: {
      origin: TEST_ORIGIN,
      ...(user ? { cookie: user.cookie, 'x-forwarded-for': user.ip ?? '10.9.9.9' } : {}),
    },
    payload: payload as Record<string, unknown>,
  });

const asAdmin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, who = admin) =>
  ctx.app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'x-forwarded-for': who.ip },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('GET /api/giveaways and /api/giveaways/{slug}', () => {
  it('lists giveaways with their firm, entry count and hash, never an unfinished seed', async () => {
    const firm = await insertFirm(ctx.db, { name: 'Sponsor Co', slug: 'sponsor-co' });
    const g = await insertGiveaway(ctx.db, {
      slug: 'listed-one',
      propFirmId: firm.id,
      description: '<p>Hi</p><script>alert(1)</script>',
      clientSeedSource: 'drand quicknet round 99',
    });
    await insertGiveawayEntry(ctx.db, { giveawayId: g.id });
    await insertGiveawayEntry(ctx.db, { giveawayId: g.id });
    const list = await ctx.app.inject('/api/giveaways');
    expect(list.statusCode).toBe(200);
    const item = list.json().find((x: { slug: string }) => x.slug === 'listed-one');
    expect(item).toMatchObject({
      entryCount: 2,
      serverSeed: null,
      serverSeedHash: g.serverSeedHash,
      clientSeedSource: 'drand quicknet round 99',
      propFirm: { id: firm.id, name: 'Sponsor Co', slug: 'sponsor-co' },
      status: 'active',
      winnerTicketNumbers: [],
    });
    expect(item.description).toBe('<p>Hi</p>');
    const detail = await ctx.app.inject('/api/giveaways/listed-one');
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(item);
    for (const url of [
      '/api/giveaways',
      '/api/giveaways/listed-one',
      '/api/giveaways/listed-one/entries',
      '/api/giveaways/listed-one/verification',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(g.serverSeed);
    }
    const adminList = await asAdmin('GET', '/api/admin/giveaways');
    expect(adminList.statusCode).toBe(200);
    expect(adminList.body).not.toContain(g.serverSeed);
  });

  it('answers 404 Giveaway not found for an unknown slug', async () => {
    for (const url of [
      '/api/giveaways/nope',
      '/api/giveaways/nope/entries',
      '/api/giveaways/nope/verification',
    ]) {
      const res = await ctx.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Giveaway not found');
    }
  });
});

describe('GET /api/giveaways/{slug}/entries', () => {
  it('pages by ticket from the server, with public user fields only', async () => {
    const g = await insertGiveaway(ctx.db, { slug: 'paged' });
    const person = await insertUser(ctx.db, { username: 'paged_person', email: 'secret-paged@example.com' });
    await insertGiveawayEntry(ctx.db, { giveawayId: g.id, userId: person.id, socialMediaHandle: null });
    for (let i = 0; i < 6; i++) await insertGiveawayEntry(ctx.db, { giveawayId: g.id });
    const first = await ctx.app.inject('/api/giveaways/paged/entries?limit=3');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.total).toBe(7);
    expect(page1.entries.map((e: { ticketNumber: number }) => e.ticketNumber)).toEqual([1, 2, 3]);
    expect(page1.nextAfter).toBe(3);
    expect(page1.entries[0]).toMatchObject({
      ticketNumber: 1,
      socialMediaHandle: null,
      userId: person.id,
      user: { username: 'paged_person' },
    });
    expect(page1.entries[0].entryHash).toBe(await computeEntryHash(g.serverSeedHash, 1, person.id));
    expect(first.body).not.toContain('secret-paged@example.com');
    const page3 = (await ctx.app.inject('/api/giveaways/paged/entries?after=6&limit=3')).json();
    expect(page3.entries.map((e: { ticketNumber: number }) => e.ticketNumber)).toEqual([7]);
    expect(page3.nextAfter).toBeNull();
    for (const q of ['limit=0', 'limit=201', 'after=-1', 'after=x']) {
      expect((await ctx.app.inject(`/api/giveaways/paged/entries?${q}`)).statusCode).toBe(400);
    }
  });
});

describe('POST /api/giveaways/{slug}/enter', () => {
  it('refuses anonymous visitors with 401', async () => {
    await insertGiveaway(ctx.db, { slug: 'anon-try' });
    const res = await enter(null, 'anon-try');
    expect(res.statusCode).toBe(401);
  });

  it("refuses an unverified email with 403 containing 'Email verification required'", async () => {
    await insertGiveaway(ctx.db, { slug: 'unverified-try' });
    const unverified = await signUpUser(ctx, { prefix: 'gvu' });
    const res = await enter(unverified, 'unverified-try');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('Email verification required');
  });

  it('enters once, with a trimmed plain-text handle, a ticket, an activity log and my-entry', async () => {
    const g = await insertGiveaway(ctx.db, { slug: 'enter-me' });
    // Cached now; the entry must make it stale.
    expect((await ctx.app.inject('/api/giveaways/enter-me')).json().entryCount).toBe(0);
    const before = await ctx.app.inject({
      url: '/api/giveaways/enter-me/my-entry',
      headers: { cookie: verified.cookie },
    });
    expect(before.json()).toEqual({ userEntry: null });
    const res = await enter(verified, 'enter-me', {
      completedActions: {},
      socialMediaHandle: '  <b>@trader</b>  ',
    });
    expect(res.statusCode).toBe(201);
    const expectedHash = await computeEntryHash(g.serverSeedHash, 1, verified.id);
    expect(res.json()).toEqual({ ticketNumber: 1, entryHash: expectedHash, entryCount: 1 });
    const [row] = await ctx.db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, g.id));
    expect(row.socialMediaHandle).toBe('<b>@trader</b>');
    const logs = await ctx.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.activityType, 'giveaway_entry'), eq(activityLogs.userId, verified.id)));
    expect(logs.some((l) => (l.metadata as { giveawayId?: number }).giveawayId === g.id)).toBe(true);
    const mine = await ctx.app.inject({
      url: '/api/giveaways/enter-me/my-entry',
      headers: { cookie: verified.cookie },
    });
    expect(mine.json().userEntry).toMatchObject({ ticketNumber: 1, entryHash: expectedHash });
    expect((await ctx.app.inject('/api/giveaways/enter-me/my-entry')).statusCode).toBe(401);
    const again = await enter(verified, 'enter-me');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('already entered');
    expect((await ctx.app.inject('/api/giveaways/enter-me')).json().entryCount).toBe(1);
  });

  it('accepts an entry without a handle and refuses long or multi-line handles with a 400', async () => {
    await insertGiveaway(ctx.db, { slug: 'handles' });
    const long = await enter(verified, 'handles', {
      completedActions: {},
      socialMediaHandle: `@${'x'.repeat(64)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('socialMediaHandle');
    const multi = await enter(verified, 'handles', { socialMediaHandle: '@a\nb' });
    expect(multi.statusCode).toBe(400);
    const blank = await enter(verified, 'handles', { completedActions: {}, socialMediaHandle: '   ' });
    expect(blank.statusCode).toBe(201);
    const [row] = await ctx.db
      .select()
      .from(giveawayEntries)
      .where(eq(giveawayEntries.userId, verified.id))
      .orderBy(sql`${giveawayEntries.id} desc`)
      .limit(1);
    expect(row.socialMediaHandle).toBeNull();
  });

  it('refuses closed giveaways: end date passed, completed, entries committed, unknown', async () => {
    await insertGiveaway(ctx.db, { slug: 'ended', endDate: new Date(Date.now() - HOUR) });
    await insertGiveaway(ctx.db, { slug: 'done', status: 'completed', completedAt: new Date() });
    await insertGiveaway(ctx.db, { slug: 'paused', status: 'draft' });
    const closed = await insertGiveaway(ctx.db, { slug: 'committed' });
    await ctx.db
      .update(giveaways)
      .set({ entriesClosedAt: new Date(), entryListHash: await hashEntryList([]) })
      .where(eq(giveaways.id, closed.id));
    for (const slug of ['ended', 'done', 'paused', 'committed']) {
      const res = await enter(verified, slug);
      expect(res.statusCode, slug).toBe(400);
      expect(res.json().message).toBe('This giveaway has ended.');
    }
    expect((await enter(verified, 'no-such-giveaway')).statusCode).toBe(404);
  });

  it('rate-limits one account to 10 attempts a minute with 429 and Retry-After', async () => {
    const eager = await signUpUser(ctx, { verified: true, prefix: 'gvr' });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await enter(eager, 'no-such-giveaway')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 404)).toBe(true);
    const limited = await enter(eager, 'no-such-giveaway');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses cross-origin entries', async () => {
    await insertGiveaway(ctx.db, { slug: 'csrf' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/giveaways/csrf/enter',
      headers: { origin: 'https://evil.example', cookie: verified.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('gives 200 concurrent entrants at most 150 dense tickets and closes the list at the maximum', async () => {
    const g = await insertGiveaway(ctx.db, { slug: 'rush', maxEntries: 150 });
    const people = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const u = await insertUser(ctx.db, { emailVerified: true });
        return { cookie: await sessionCookie(u.id), ip: `10.77.${i >> 8}.${i & 255}` };
      }),
    );
    const results = await Promise.all(
      people.map((p, i) => enter(p, 'rush', { socialMediaHandle: `@p${i}` })),
    );
    const ok = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(ok).toHaveLength(150);
    expect(refused).toHaveLength(50);
    for (const r of refused) {
      expect(r.statusCode).toBe(400);
      expect([
        'This giveaway has ended.',
        'This giveaway has reached its maximum number of entries.',
      ]).toContain(r.json().message);
    }
    const tickets = ok.map((r) => r.json().ticketNumber).sort((a, b) => a - b);
    expect(tickets).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    const rows = await ctx.db.select().from(giveawayEntries).where(eq(giveawayEntries.giveawayId, g.id));
    expect(rows).toHaveLength(150);
    const [after] = await ctx.db.select().from(giveaways).where(eq(giveaways.id, g.id));
    expect(after.entriesClosedAt).not.toBeNull();
    expect(after.entryListHash).toBe(
      await hashEntryList(
        rows.map((r) => ({ ticketNumber: r.ticketNumber, userId: r.userId, entryHash: r.entryHash })),
      ),
    );
  }, 120_000);
});

describe('closing, the database guard and the draw', () => {
  it('closes due giveaways once, commits the list, and the database then refuses entry changes', async () => {
    const due = await insertGiveaway(ctx.db, { slug: 'due', endDate: new Date(Date.now() - 1000) });
    const later = await insertGiveaway(ctx.db, { slug: 'later' });
    const e1 = await insertGiveawayEntry(ctx.db, { giveawayId: due.id });
    await insertGiveawayEntry(ctx.db, { giveawayId: due.id });
    const [first, second] = await Promise.all([
      closeDueGiveaways(ctx.db, ctx.app.changes),
      closeDueGiveaways(ctx.db, ctx.app.changes),
    ]);
    expect([...first, ...second].filter((s) => s === 'due')).toEqual(['due']);
    expect([...first, ...second]).not.toContain('later');
    const [closed] = await ctx.db.select().from(giveaways).where(eq(giveaways.id, due.id));
    expect(closed.entryListHash).toMatch(/^[0-9a-f]{64}$/);
    const other = await insertUser(ctx.db);
    await expect(
      ctx.db.insert(giveawayEntries).values({
        giveawayId: due.id,
        userId: other.id,
        ticketNumber: 3,
        entryHash: 'x',
      }),
    ).rejects.toThrow();
    await expect(
      ctx.db.update(giveawayEntries).set({ userId: other.id }).where(eq(giveawayEntries.id, e1.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(giveawayEntries).where(eq(giveawayEntries.id, e1.id))).rejects.toThrow();
    await expect(
      ctx.db.update(giveaways).set({ entriesClosedAt: null }).where(eq(giveaways.id, due.id)),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(giveaways)
        .set({ entryListHash: 'f'.repeat(64) })
        .where(eq(giveaways.id, due.id)),
    ).rejects.toThrow();
    await expect(
      ctx.db
        .update(giveaways)
        .set({ serverSeedHash: 'f'.repeat(64) })
        .where(eq(giveaways.id, later.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(giveaways).where(eq(giveaways.id, due.id))).rejects.toThrow();
    // An open giveaway's entries are still the handler's to write.
    await insertGiveawayEntry(ctx.db, { giveawayId: later.id });
  });

  it('the registered job closes due giveaways', async () => {
    const due = await insertGiveaway(ctx.db, { slug: 'job-due', endDate: new Date(Date.now() - 1000) });
    expect((await ctx.app.jobs.run('close-due-giveaways')).status).toBe('succeeded');
    const [row] = await ctx.db.select().from(giveaways).where(eq(giveaways.id, due.id));
    expect(row.entriesClosedAt).not.toBeNull();
    expect(row.entryListHash).toBe(await hashEntryList([]));
  });

  it('draws with the 0009 formula, reveals the seed, emails the winners, and the record verifies', async () => {
    const g = await insertGiveaway(ctx.db, {
      slug: 'to-draw',
      winnerCount: 2,
      clientSeedSource: 'drand round 5',
    });
    const people = await Promise.all(
      Array.from({ length: 5 }, () => signUpUser(ctx, { verified: true, prefix: 'gw' })),
    );
    for (const p of people) expect((await enter(p, 'to-draw')).statusCode).toBe(201);
    const early = await asAdmin('POST', `/api/admin/giveaways/${g.id}/draw`, { clientSeed: 'abc' });
    expect(early.statusCode).toBe(409);
    expect((await asAdmin('POST', `/api/admin/giveaways/${g.id}/close`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/giveaways/${g.id}/close`)).statusCode).toBe(409);
    const beforeDraw = await ctx.app.inject('/api/giveaways/to-draw');
    expect(beforeDraw.body).not.toContain(g.serverSeed);
    expect(beforeDraw.json().entryListHash).toMatch(/^[0-9a-f]{64}$/);
    const late = await signUpUser(ctx, { verified: true, prefix: 'gvl' });
    expect((await enter(late, 'to-draw')).statusCode).toBe(400);

    const drawn = await asAdmin('POST', `/api/admin/giveaways/${g.id}/draw`, { clientSeed: ' 7f3a-beacon ' });
    expect(drawn.statusCode).toBe(200);
    const body = drawn.json();
    const expected = await drawWinningTickets({
      serverSeed: g.serverSeed,
      clientSeed: '7f3a-beacon',
      ticketNumbers: [1, 2, 3, 4, 5],
      winnerCount: 2,
    });
    expect(body).toMatchObject({
      status: 'completed',
      serverSeed: g.serverSeed,
      clientSeed: '7f3a-beacon',
      winnerTicketNumbers: expected,
      winnerUserIds: expected.map((t) => people[t - 1].id),
    });
    expect(body.completedAt).toBeTruthy();
    expect(await sha256Hex(body.serverSeed)).toBe(body.serverSeedHash);
    const outbox = await readOutbox(ctx.dataDir);
    for (const t of expected) {
      const mail = outbox.find((m) => m.to === people[t - 1].email && m.subject.startsWith('You won'));
      expect(mail?.text).toContain(`ticket #${t}`);
    }
    expect(
      (await asAdmin('POST', `/api/admin/giveaways/${g.id}/draw`, { clientSeed: 'again' })).statusCode,
    ).toBe(409);

    const record = (await ctx.app.inject('/api/giveaways/to-draw/verification')).json();
    const doc = GiveawayVerificationSchema.parse(record);
    const report = await verifyGiveaway(doc);
    expect(report.checks.map((c) => [c.id, c.ok])).toEqual([
      ['server-seed', true],
      ['entry-list', true],
      ['entry-hashes', true],
      ['tickets', true],
      ['winners', true],
    ]);
    const tampered = structuredClone(doc);
    tampered.entries[2].userId = people[0].id;
    const bad = await verifyGiveaway(tampered);
    expect(bad.ok).toBe(false);
    expect(bad.checks.find((c) => c.id === 'entry-list')?.ok).toBe(false);
    expect(bad.checks.find((c) => c.id === 'entry-hashes')?.ok).toBe(false);
  });

  it('drawGiveaway refuses a blank client seed and an unknown giveaway', async () => {
    const deps = {
      changes: ctx.app.changes,
      mailer: ctx.app.mailer,
      publicUrl: TEST_ORIGIN,
      log: ctx.app.log,
    };
    await expect(drawGiveaway(ctx.db, { id: 1, clientSeed: '  ' }, deps)).rejects.toMatchObject({
      status: 400,
    });
    await expect(drawGiveaway(ctx.db, { id: 999_999, clientSeed: 'x' }, deps)).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('/api/admin/giveaways', () => {
  const base = {
    title: 'Admin Made Giveaway',
    description: '<p>Nice</p><img src=x onerror=alert(1)>',
    prizeDescription: 'A 50K account',
    prizeValue: '$300',
    startDate: new Date(Date.now() - HOUR).toISOString(),
    endDate: new Date(Date.now() + 48 * HOUR).toISOString(),
    maxEntries: 10,
    winnerCount: 1,
    clientSeedSource: 'drand quicknet round 30000000',
  };

  it('is for admins only', async () => {
    expect((await ctx.app.inject('/api/admin/giveaways')).statusCode).toBe(401);
    expect((await asAdmin('GET', '/api/admin/giveaways', undefined, verified)).statusCode).toBe(403);
    expect((await asAdmin('POST', '/api/admin/giveaways', base, verified)).statusCode).toBe(403);
  });

  it('creates with a hidden seed, edits everything before the first entry and only text after, deletes only empty ones', async () => {
    const created = await asAdmin('POST', '/api/admin/giveaways', base);
    expect(created.statusCode).toBe(201);
    const g = created.json();
    expect(g).toMatchObject({
      slug: 'admin-made-giveaway',
      status: 'active',
      serverSeed: null,
      clientSeedSource: base.clientSeedSource,
      maxEntries: 10,
    });
    expect(g.description).not.toContain('onerror');
    const [row] = await ctx.db.select().from(giveaways).where(eq(giveaways.id, g.id));
    expect(row.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(await sha256Hex(row.serverSeed)).toBe(g.serverSeedHash);
    expect(created.body).not.toContain(row.serverSeed);

    expect((await asAdmin('POST', '/api/admin/giveaways', base)).statusCode).toBe(409);
    expect(
      (await asAdmin('POST', '/api/admin/giveaways', { ...base, clientSeedSource: '' })).statusCode,
    ).toBe(400);
    expect(
      (await asAdmin('POST', '/api/admin/giveaways', { ...base, slug: 'x2', endDate: base.startDate }))
        .statusCode,
    ).toBe(400);

    const edit = await asAdmin('PATCH', `/api/admin/giveaways/${g.id}`, { maxEntries: 20, title: 'Renamed' });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ maxEntries: 20, title: 'Renamed' });

    const entrant = await signUpUser(ctx, { verified: true, prefix: 'gve' });
    expect((await enter(entrant, g.slug)).statusCode).toBe(201);
    const locked = await asAdmin('PATCH', `/api/admin/giveaways/${g.id}`, { maxEntries: 30 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toContain('maxEntries');
    const text = await asAdmin('PATCH', `/api/admin/giveaways/${g.id}`, {
      prizeValue: '$350',
      giveawayImage: '/uploads/x.webp',
    });
    expect(text.statusCode).toBe(200);
    expect(text.json()).toMatchObject({
      prizeValue: '$350',
      giveawayImage: '/uploads/x.webp',
      maxEntries: 20,
    });
    expect((await asAdmin('DELETE', `/api/admin/giveaways/${g.id}`)).statusCode).toBe(409);

    const empty = (await asAdmin('POST', '/api/admin/giveaways', { ...base, slug: 'empty-one' })).json();
    expect((await asAdmin('DELETE', `/api/admin/giveaways/${empty.id}`)).statusCode).toBe(204);
    expect((await ctx.app.inject('/api/giveaways/empty-one')).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/giveaways/${empty.id}`)).statusCode).toBe(404);
  });

  it('uploads a picture for admins only, judged by content', async () => {
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const upload = (file: { name: string; type: string; body: Buffer }, who = admin) => {
      const { payload, headers } = multipartFile(file);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/admin/giveaways/images',
        payload,
        headers: { ...headers, origin: TEST_ORIGIN, cookie: who.cookie },
      });
    };
    const ok = await upload({ name: 'prize.png', type: 'image/png', body: png });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ width: 400, height: 300 });
    expect(ok.json().url).toMatch(/\.webp$/);
    expect((await ctx.app.inject(ok.json().url)).statusCode).toBe(200);
    const text = await upload({
      name: 'fake.png',
      type: 'image/png',
      body: Buffer.from('not an image at all'),
    });
    expect(text.statusCode).toBe(415);
    const big = await upload({
      name: 'big.png',
      type: 'image/png',
      body: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
    });
    expect(big.statusCode).toBe(413);
    expect((await upload({ name: 'prize.png', type: 'image/png', body: png }, verified)).statusCode).toBe(
      403,
    );
  });
});
