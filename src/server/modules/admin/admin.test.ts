import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import { type AdminFirm, emptyFirm, emptyFundingModel, type FirmInput } from '../../../domain/admin-firms';
import { adminAuditLog, contactMessages, firmRuleChanges, jobRuns } from '../../db/schema';
import { insertFirm, insertPlatform, insertUnlistedFirm } from '../../db/seed/factories';
import { type MailMessage, readOutbox } from '../../lib/mailer';

let ctx: TestContext;
const who: Record<'user' | 'admin', TestUser> = {} as never;

beforeAll(async () => {
  ctx = await createTestApp();
  who.user = await signUpUser(ctx, { prefix: 'usr', verified: true });
  who.admin = await signUpUser(ctx, { prefix: 'adm', verified: true, admin: true });
});
afterAll(() => ctx.close());

type Role = 'anonymous' | 'user' | 'admin';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, role: Role, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(role === 'anonymous' ? {} : { cookie: who[role].cookie }),
    },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let seq = 0;
const newFirm = (overrides: Partial<FirmInput> = {}): FirmInput => {
  seq += 1;
  return {
    ...emptyFirm(),
    slug: `admin-test-${seq}`,
    name: `Admin Test ${seq}`,
    trustRating: 'approved',
    tradableAssets: ['Forex', 'Indices'],
    features: ['Fast payouts'],
    fundingModels: [
      {
        ...emptyFundingModel(),
        name: 'Two-Step',
        dailyDrawdown: 5,
        maximumDrawdown: 10,
        profitSplit: 80,
        accounts: [
          {
            capital: 50_000,
            price: 299,
            pricingType: 'one-time',
            maxContracts: null,
            activationFee: null,
            resetPrice: null,
            disclaimer: null,
          },
          {
            capital: 100_000,
            price: 499,
            pricingType: 'one-time',
            maxContracts: null,
            activationFee: null,
            resetPrice: null,
            disclaimer: null,
          },
        ],
      },
    ],
    ...overrides,
  };
};

async function createFirm(overrides: Partial<FirmInput> = {}): Promise<AdminFirm> {
  const res = await call('POST', '/api/admin/firms', 'admin', newFirm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The editor's payload from a loaded firm: what the page sends back when nothing was touched. */
const toInput = (firm: AdminFirm): FirmInput => {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...input } = firm;
  return input;
};

describe('the admin guard', () => {
  const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
    ['GET', '/api/admin/overview'],
    ['GET', '/api/admin/audit'],
    ['GET', '/api/admin/firms'],
    ['GET', '/api/admin/firms/options'],
    ['GET', '/api/admin/firms/1'],
    ['POST', '/api/admin/firms'],
    ['PUT', '/api/admin/firms/1'],
    ['DELETE', '/api/admin/firms/1?version=1'],
    ['POST', '/api/admin/platforms'],
    ['POST', '/api/admin/payout-methods'],
    ['GET', '/api/admin/unlisted-firms'],
    ['POST', '/api/admin/unlisted-firms'],
    ['PUT', '/api/admin/unlisted-firms/1'],
    ['DELETE', '/api/admin/unlisted-firms/1'],
    ['GET', '/api/admin/no-such-route'],
  ];

  it('answers 401 signed out and 403 for a user on every admin route, before validating anything', async () => {
    for (const [method, url] of routes) {
      const anonymous = await call(method, url, 'anonymous', method === 'GET' ? undefined : {});
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const user = await call(method, url, 'user', method === 'GET' ? undefined : {});
      expect(user.statusCode, `${method} ${url}`).toBe(403);
      expect(user.json()).toEqual({ message: 'Admin access required', code: 'forbidden' });
    }
  });
});

describe('GET /api/admin/overview', () => {
  it('counts content and the waiting queues', async () => {
    await ctx.db
      .insert(contactMessages)
      .values({ name: 'Pat', email: 'pat@example.com', topic: 'general', message: 'Hello there, admins.' });
    const res = await call('GET', '/api/admin/overview', 'admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.users).toBeGreaterThanOrEqual(2);
    expect(body.admins).toBeGreaterThanOrEqual(1);
    expect(body.queues.messagesLastWeek).toBeGreaterThanOrEqual(1);
    expect(body.recentMessages[0]).toMatchObject({ name: 'Pat', topic: 'general' });
    expect(body.content).toHaveProperty('listedFirms');
  });

  it("counts no deleted account: the users figure and the home page's traders each drop by one", async () => {
    const leaving = await signUpUser(ctx, { prefix: 'del', verified: true });
    const figures = async () => ({
      users: (await call('GET', '/api/admin/overview', 'admin')).json().users as number,
      traders: (await call('GET', '/api/hero-stats', 'anonymous')).json().tradersCount as number,
    });
    const before = await figures();
    const res = await call('DELETE', `/api/admin/users/${leaving.id}`, 'admin', { reason: 'asked by email' });
    expect(res.statusCode).toBe(200);
    // The row stays as a tombstone (decision 0070), counted by nobody.
    expect(await figures()).toEqual({ users: before.users - 1, traders: before.traders - 1 });
  });
});

describe('firms admin', () => {
  it('creates a firm with funding models and accounts, shown on the public page at once', async () => {
    // The public directory is cached before the write...
    const warm = await ctx.app.inject('/api/firms?q=Admin%20Test');
    expect(warm.statusCode).toBe(200);
    const firm = await createFirm({ name: 'Admin Test Visible', slug: 'admin-test-visible', featured: true });
    expect(firm.version).toBe(1);
    expect(firm.fundingModels[0].accounts.map((a) => a.capital)).toEqual([50_000, 100_000]);
    expect(firm.featured).toBe(true);
    // Only the featured firm reads as featured in the editor.
    const other = await createFirm({ name: 'Admin Test Other', slug: 'admin-test-other' });
    expect(other.featured).toBe(false);
    expect((await call('GET', `/api/admin/firms/${firm.id}`, 'admin')).json().featured).toBe(true);

    // ...and the write drops it.
    const details = await ctx.app.inject('/api/firms/admin-test-visible/details');
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ name: 'Admin Test Visible', trustRating: 'approved' });
    expect((await ctx.app.inject('/api/featured-firm')).json()).toEqual({ propFirmId: firm.id });
    const list = await ctx.app.inject('/api/firms?q=Admin%20Test');
    expect(list.json().firms.map((f: { slug: string }) => f.slug)).toContain('admin-test-visible');
  });

  it('refuses bad input with the field and its message, and a taken slug', async () => {
    const bad = await call(
      'POST',
      '/api/admin/firms',
      'admin',
      newFirm({ slug: 'Not A Slug', website: 'ftp://x' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('slug: Slug may hold lower-case letters');
    expect(bad.json().message).toContain('website: Website must start with http:// or https://');

    const cashback = await call('POST', '/api/admin/firms', 'admin', newFirm({ cashbackProvided: true }));
    expect(cashback.statusCode).toBe(400);
    expect(cashback.json().message).toContain('cashbackPercentage: Give the cashback percentage');

    const model = newFirm();
    model.fundingModels[0].dailyDrawdown = 150;
    const percent = await call('POST', '/api/admin/firms', 'admin', model);
    expect(percent.statusCode).toBe(400);
    expect(percent.json().message).toContain(
      'fundingModels.0.dailyDrawdown: Daily drawdown must be at most 100',
    );

    const existing = await createFirm();
    const taken = await call('POST', '/api/admin/firms', 'admin', newFirm({ slug: existing.slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('slug_taken');

    const noBody = await call('PUT', `/api/admin/firms/${existing.id}`, 'admin', { firm: toInput(existing) });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().message).toContain('version');
    expect((await call('GET', '/api/admin/firms/abc', 'admin')).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/firms/999999', 'admin')).statusCode).toBe(404);
  });

  it('saves over the current version, and answers a stale save with 409 Conflict', async () => {
    const firm = await createFirm();
    const first = await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', {
      version: firm.version,
      firm: { ...toInput(firm), headquarters: 'London' },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ headquarters: 'London', version: 2 });

    // A second editor who loaded version 1 saves later: refused, nothing lost.
    const stale = await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', {
      version: firm.version,
      firm: { ...toInput(firm), headquarters: 'Dubai' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: CONFLICT_MESSAGE, code: 'conflict' });
    expect((await call('GET', `/api/admin/firms/${firm.id}`, 'admin')).json().headquarters).toBe('London');

    const staleDelete = await call('DELETE', `/api/admin/firms/${firm.id}?version=1`, 'admin');
    expect(staleDelete.statusCode).toBe(409);
    const deleted = await call('DELETE', `/api/admin/firms/${firm.id}?version=2`, 'admin');
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', `/api/admin/firms/${firm.id}`, 'admin')).statusCode).toBe(404);
  });

  it('lists every firm with search, sort and paging', async () => {
    await insertFirm(ctx.db, { name: 'Zulu Hidden Firm', slug: 'zulu-hidden', status: 'unlisted' });
    const res = await call('GET', '/api/admin/firms?q=zulu&sort=name&dir=desc', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json().firms).toEqual([expect.objectContaining({ slug: 'zulu-hidden', status: 'unlisted' })]);
    const bad = await call('GET', '/api/admin/firms?sort=price', 'admin');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sort');
    const counted = await createFirm({ slug: 'counted-firm', name: 'Counted Firm' });
    const row = (await call('GET', '/api/admin/firms?q=counted-firm', 'admin')).json().firms[0];
    expect(row).toMatchObject({ id: counted.id, fundingModelCount: 1, accountCount: 2, version: 1 });
    const page = await call('GET', '/api/admin/firms?page=2', 'admin');
    expect(page.json()).toMatchObject({ page: 2, pageSize: 20 });
  });

  it('records each rule, price and size change in the same save, in words, newest first', async () => {
    const firm = await createFirm({ slug: 'rule-firm', name: 'Rule Firm' });
    const input = toInput(firm);
    const model = input.fundingModels[0];
    model.dailyDrawdown = 4;
    model.eaAllowed = true;
    model.accounts = [
      { ...model.accounts[0], price: 249 },
      // the $100K account is removed, a $200K one added
      {
        capital: 200_000,
        price: 899,
        pricingType: 'one-time',
        maxContracts: null,
        activationFee: null,
        resetPrice: null,
        disclaimer: null,
      },
    ];
    const res = await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', { version: 1, firm: input });
    expect(res.statusCode, res.body).toBe(200);

    const changes = await ctx.app.inject('/api/firms/rule-firm/rule-changes');
    expect(changes.statusCode).toBe(200);
    const texts = changes.json().map((c: { text: string }) => c.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Two-Step: Daily drawdown 5% -> 4%',
        'Two-Step: EA allowed No -> Yes',
        'Two-Step: $50K account price $299 -> $249',
        'Two-Step: $100K account removed (was $499)',
        'Two-Step: $200K account added at $899',
      ]),
    );
    expect(texts).toHaveLength(5);

    // A save that changes no rule records none.
    const again = await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', {
      version: 2,
      firm: { ...toInput(res.json()), headquarters: 'Paris' },
    });
    expect(again.statusCode).toBe(200);
    const rows = await ctx.db.select().from(firmRuleChanges).where(eq(firmRuleChanges.propFirmId, firm.id));
    expect(rows).toHaveLength(5);

    const feed = await ctx.app.inject('/firm/rule-firm/rule-changes.xml');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(feed.body).toContain('<title>Two-Step: Daily drawdown 5% -&gt; 4%</title>');
  });

  it('writes an audit entry with before and after for every write', async () => {
    const firm = await createFirm({ name: 'Audited Firm' });
    await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', {
      version: 1,
      firm: { ...toInput(firm), ceoName: 'Jane Roe' },
    });
    const res = await call('GET', `/api/admin/audit?entity=firm&entityId=${firm.id}`, 'admin');
    expect(res.statusCode).toBe(200);
    const { entries, total } = res.json();
    expect(total).toBe(2);
    expect(entries[0]).toMatchObject({ action: 'update', entity: 'firm', actorEmail: who.admin.email });
    expect(entries[0].before.ceoName).toBeNull();
    expect(entries[0].after.ceoName).toBe('Jane Roe');
    expect(entries[1]).toMatchObject({ action: 'create', summary: 'Audited Firm' });
    expect((await call('GET', '/api/admin/audit?entity=Firm!', 'admin')).statusCode).toBe(400);
  });

  it('leaves neither the change nor an audit entry when a save fails part-way', async () => {
    const firm = await createFirm();
    const before = await ctx.db.select().from(adminAuditLog);
    // A platform id that does not exist fails the save after the firm row was updated.
    const res = await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', {
      version: 1,
      firm: { ...toInput(firm), name: 'Never Saved', platformIds: [987654] },
    });
    expect(res.statusCode).toBe(400);
    expect((await call('GET', `/api/admin/firms/${firm.id}`, 'admin')).json()).toMatchObject({
      name: firm.name,
      version: 1,
    });
    expect(await ctx.db.select().from(adminAuditLog)).toHaveLength(before.length);
  });

  it('creates platforms and payout methods and assigns them to a firm', async () => {
    const created = await call('POST', '/api/admin/platforms', 'admin', {
      name: 'Admin Trader 9',
      logo: null,
    });
    expect(created.statusCode).toBe(201);
    const again = await call('POST', '/api/admin/platforms', 'admin', { name: 'admin trader 9', logo: null });
    expect(again.statusCode).toBe(409);
    const method = await call('POST', '/api/admin/payout-methods', 'admin', {
      name: 'Admin Wire',
      logo: '/logo.png',
    });
    expect(method.statusCode).toBe(201);
    const other = await insertPlatform(ctx.db, { name: 'Other Platform' });
    const firm = await createFirm({
      slug: 'platform-firm',
      platformIds: [created.json().id, other.id],
      payoutMethodIds: [method.json().id],
    });
    expect(firm.platformIds.sort()).toEqual([created.json().id, other.id].sort());
    const read = (await call('GET', `/api/admin/firms/${firm.id}`, 'admin')).json() as AdminFirm;
    expect(read.platformIds).toEqual([created.json().id, other.id].sort((a, b) => a - b));
    expect(read.payoutMethodIds).toEqual([method.json().id]);
    const platforms = await ctx.app.inject('/api/firms/platform-firm/platforms');
    expect(platforms.json().map((p: { name: string }) => p.name)).toEqual([
      'Admin Trader 9',
      'Other Platform',
    ]);
  });

  it('keeps the not-yet-listed firms', async () => {
    await insertUnlistedFirm(ctx.db, { name: 'Existing Pending' });
    const bad = await call('POST', '/api/admin/unlisted-firms', 'admin', { name: '', status: 'maybe' });
    expect(bad.statusCode).toBe(400);
    const created = await call('POST', '/api/admin/unlisted-firms', 'admin', {
      name: 'Soon Listed',
      logo: null,
      assetClass: 'Futures',
      description: 'Waiting for payouts proof.',
      link: 'https://soon.example.com',
      status: 'listing_pending',
      sortOrder: -5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id: _id, version, ...fields } = created.json() as { id: number; version: number };
    const id = created.json().id;
    expect(version).toBe(1);
    const updated = await call('PUT', `/api/admin/unlisted-firms/${id}`, 'admin', {
      ...fields,
      version,
      status: 'not_qualified',
    });
    expect(updated.json()).toMatchObject({ status: 'not_qualified', version: 2 });
    // A save or delete over the version it was loaded from, when another admin saved since: 409.
    const stale = await call('PUT', `/api/admin/unlisted-firms/${id}`, 'admin', {
      ...fields,
      version,
      name: 'Lost edit',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(CONFLICT_MESSAGE);
    expect((await call('DELETE', `/api/admin/unlisted-firms/${id}?version=1`, 'admin')).statusCode).toBe(409);
    const publicList = await ctx.app.inject('/api/unlisted-firms');
    expect(publicList.json().find((f: { id: number }) => f.id === id)).toMatchObject({
      name: 'Soon Listed',
      status: 'not_qualified',
    });
    expect((await call('DELETE', `/api/admin/unlisted-firms/${id}?version=2`, 'admin')).statusCode).toBe(204);
    expect((await call('DELETE', `/api/admin/unlisted-firms/${id}?version=2`, 'admin')).statusCode).toBe(404);
  });
});

describe('following a firm', () => {
  it('follows, mails one email per save with the changes, and unsubscribes in one click', async () => {
    const firm = await createFirm({ slug: 'followed-firm', name: 'Followed Firm' });
    expect((await call('PUT', '/api/firms/followed-firm/follow', 'anonymous')).statusCode).toBe(401);
    expect((await call('GET', '/api/firms/followed-firm/follow', 'user')).json()).toEqual({
      following: false,
    });
    expect((await call('PUT', '/api/firms/followed-firm/follow', 'user')).json()).toEqual({
      following: true,
    });
    expect((await call('PUT', '/api/firms/followed-firm/follow', 'user')).statusCode).toBe(200);
    expect((await call('PUT', '/api/firms/no-such-firm/follow', 'user')).statusCode).toBe(404);
    const follows = await call('GET', '/api/profile/follows', 'user');
    expect(follows.json()).toEqual([
      expect.objectContaining({ slug: 'followed-firm', name: 'Followed Firm' }),
    ]);

    const input = toInput(firm);
    input.fundingModels[0].profitSplit = 90;
    input.fundingModels[0].accounts[1].price = 450;
    expect(
      (await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', { version: 1, firm: input })).statusCode,
    ).toBe(200);
    // The mail goes after the commit; give it a moment.
    let mails: Awaited<ReturnType<typeof readOutbox>> = [];
    for (let i = 0; i < 50 && mails.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      mails = (await readOutbox(ctx.dataDir)).filter(
        (m) => m.to === who.user.email && m.subject.includes('changed its rules'),
      );
    }
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Followed Firm changed its rules');
    expect(mails[0].text).toContain('- Two-Step: Profit split 80% -> 90%');
    expect(mails[0].text).toContain('- Two-Step: $100K account price $499 -> $450');
    const link = new URL(mails[0].text.match(/http\S+\/firm-updates\/unsubscribe\?token=\S+/)![0]);
    // One-click: the mail client posts without an Origin header.
    const unsubscribe = await ctx.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode).toBe(200);
    expect(unsubscribe.body).toContain('You are unsubscribed');
    expect((await call('GET', '/api/firms/followed-firm/follow', 'user')).json()).toEqual({
      following: false,
    });
    expect((await ctx.app.inject(`${link.pathname}${link.search}`)).statusCode).toBe(400);
  });

  it('mails from a job: the save does not wait, and a failed send retries without mailing anyone twice', async () => {
    const firm = await createFirm({ slug: 'retried-firm', name: 'Retried Firm' });
    const second = await signUpUser(ctx, { prefix: 'flw', verified: true });
    for (const cookie of [who.user.cookie, second.cookie])
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/firms/retried-firm/follow',
        headers: { origin: TEST_ORIGIN, cookie },
      });
    // The mail server refuses the run's second message once (a transient SMTP failure).
    const mailer = ctx.app.mailer;
    const send = mailer.send;
    let sends = 0;
    mailer.send = async (message: MailMessage) => {
      sends += 1;
      if (sends === 2) throw new Error('421 service not available, try again later');
      return send(message);
    };
    try {
      const input = toInput(firm);
      input.fundingModels[0].dailyDrawdown = 4;
      const saved = await call('PUT', `/api/admin/firms/${firm.id}`, 'admin', { version: 1, firm: input });
      expect(saved.statusCode, saved.body).toBe(200);
      const mine = async () =>
        (await readOutbox(ctx.dataDir)).filter((m) => m.subject === 'Retried Firm changed its rules');
      // Answered before the first retry's one-second wait is over: the save did not wait on email.
      expect((await mine()).length).toBeLessThan(2);
      let mails = await mine();
      for (let i = 0; i < 100 && mails.length < 2; i++) {
        await new Promise((r) => setTimeout(r, 50));
        mails = await mine();
      }
      expect(mails.map((m) => m.to).sort()).toEqual([who.user.email, second.email].sort());
      expect(mails[0].text).toContain('- Two-Step: Daily drawdown 5% -> 4%');
      const runs = await ctx.db
        .select()
        .from(jobRuns)
        .where(eq(jobRuns.name, 'rule-change-emails'))
        .orderBy(jobRuns.id);
      const run = runs.find((r) => (r.payload as { firmId: number }).firmId === firm.id);
      expect(run).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(run?.error).toBeNull();
    } finally {
      mailer.send = send;
    }
  });
});
