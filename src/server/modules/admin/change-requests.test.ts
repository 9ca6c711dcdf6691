import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, signUpUser, type TestUser } from '../../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../../tests/setup/test-app';
import { type AdminFirm, emptyFirm, emptyFundingModel, type FirmInput } from '../../../domain/admin-firms';
import type { AdminChangeRequest, FirmConsoleOverview } from '../../../domain/change-requests';
import type { RuleChange } from '../../../domain/rule-changes';
import { adminAuditLog, firmChangeRequests, firmRepresentatives } from '../../db/schema';

let ctx: TestContext;
let rep: TestUser;
let otherRep: TestUser;
let trader: TestUser;
let admin: TestUser;
let seq = 0;

const as = (user: TestUser | null) =>
  user ? { origin: TEST_ORIGIN, cookie: user.cookie, 'x-forwarded-for': user.ip } : { origin: TEST_ORIGIN };
const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: as(user), ...(payload ? { payload } : {}) });

const toInput = (firm: AdminFirm): FirmInput => {
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...input } = firm;
  return input;
};

/** A listed firm with one funding model of two accounts, made through the admin editor, and its representative. */
async function newFirm(representative: TestUser): Promise<AdminFirm> {
  seq += 1;
  const input: FirmInput = {
    ...emptyFirm(),
    slug: `console-test-${seq}`,
    name: `Console Test ${seq}`,
    website: `https://console${seq}.example`,
    trustRating: 'trusted',
    fundingModels: [
      {
        ...emptyFundingModel(),
        name: 'Two-Step',
        dailyDrawdown: 5,
        maximumDrawdown: 10,
        profitSplit: 80,
        accounts: [50_000, 100_000].map((capital) => ({
          capital,
          price: capital === 50_000 ? 299 : 499,
          pricingType: 'one-time' as const,
          maxContracts: null,
          activationFee: null,
          resetPrice: null,
          disclaimer: null,
        })),
      },
    ],
  };
  const res = await call(admin, 'POST', '/api/admin/firms', input);
  expect(res.statusCode, res.body).toBe(201);
  const firm = res.json() as AdminFirm;
  await ctx.db.insert(firmRepresentatives).values({ propFirmId: firm.id, userId: representative.id });
  return firm;
}

/** The firm with its 50K account at a new price. */
const repriced = (firm: AdminFirm, price: number): FirmInput => {
  const input = toInput(firm);
  const [model] = input.fundingModels;
  return {
    ...input,
    fundingModels: [
      { ...model, accounts: model.accounts.map((a) => (a.capital === 50_000 ? { ...a, price } : a)) },
    ],
  };
};

const propose = (user: TestUser | null, firm: AdminFirm, body: Partial<Record<string, unknown>> = {}) =>
  call(user, 'POST', `/api/firm-console/${firm.slug}/change-requests`, {
    version: firm.version,
    firm: repriced(firm, 249),
    note: 'We lowered the 50K price on 1 December.',
    source: 'https://console.example/pricing',
    ...body,
  });

const pending = async () => {
  const res = await call(admin, 'GET', '/api/admin/change-requests');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminChangeRequest[];
};

beforeAll(async () => {
  ctx = await createTestApp();
  rep = await signUpUser(ctx, { verified: true, prefix: 'consolerep' });
  otherRep = await signUpUser(ctx, { verified: true, prefix: 'consoleother' });
  trader = await signUpUser(ctx, { verified: true, prefix: 'consoletrader' });
  admin = await signUpUser(ctx, { verified: true, admin: true, prefix: 'consoleadmin' });
}, 120_000);
afterAll(() => ctx.close());

describe('the firm console', () => {
  it("answers its representatives and admins with the admin editor's document, 403 to anyone else", async () => {
    const firm = await newFirm(rep);
    await newFirm(otherRep);
    for (const user of [rep, admin]) {
      const res = await call(user, 'GET', `/api/firm-console/${firm.slug}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual((await call(admin, 'GET', `/api/admin/firms/${firm.id}`)).json());
    }
    expect((await call(null, 'GET', `/api/firm-console/${firm.slug}`)).statusCode).toBe(401);
    for (const user of [trader, otherRep]) {
      for (const url of [`/api/firm-console/${firm.slug}`, `/api/firm-console/${firm.slug}/overview`]) {
        const res = await call(user, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ code: 'not_firm_representative' });
      }
      expect((await propose(user, firm)).statusCode).toBe(403);
    }
    expect((await call(rep, 'GET', '/api/firm-console/no-such-firm')).statusCode).toBe(404);
    expect(
      await ctx.db.select().from(firmChangeRequests).where(eq(firmChangeRequests.propFirmId, firm.id)),
    ).toEqual([]);
  });

  it('shows the figures, its coupons and its corrections on the overview', async () => {
    const firm = await newFirm(rep);
    const res = await call(rep, 'GET', `/api/firm-console/${firm.slug}/overview`);
    expect(res.statusCode, res.body).toBe(200);
    const overview = res.json() as FirmConsoleOverview;
    expect(overview.firm).toEqual({ id: firm.id, slug: firm.slug, name: firm.name });
    expect(overview.figures.pageViews).toEqual({ value: 0, previous: 0 });
    expect(overview.changeRequests).toEqual([]);
    expect((await propose(rep, firm)).statusCode).toBe(201);
    const after = (
      await call(rep, 'GET', `/api/firm-console/${firm.slug}/overview`)
    ).json() as FirmConsoleOverview;
    expect(after.changeRequests).toMatchObject([
      {
        status: 'pending',
        note: 'We lowered the 50K price on 1 December.',
        changes: [
          { field: 'fundingModels.Two-Step.accounts.50000 one-time.price', before: '299', after: '249' },
        ],
      },
    ]);
  });
});

describe('proposing a correction', () => {
  it('refuses what the editor refuses, site-only fields, no change, a stale version and a second pending one', async () => {
    const firm = await newFirm(rep);
    const invalid = await propose(rep, firm, { firm: { ...repriced(firm, 249), name: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toContain('Name is required');
    const noSource = await propose(rep, firm, { source: 'not a link' });
    expect(noSource.statusCode).toBe(400);
    expect(noSource.json().message).toContain("link (https://...) to the firm's own page");
    const rated = await propose(rep, firm, { firm: { ...repriced(firm, 249), trustRating: 'approved' } });
    expect(rated.statusCode).toBe(400);
    expect(rated.json()).toMatchObject({
      code: 'site_only_field',
      message: expect.stringContaining('trustRating'),
    });
    const featured = await propose(rep, firm, { firm: { ...toInput(firm), featured: true } });
    expect(featured.json()).toMatchObject({ code: 'site_only_field' });
    const same = await propose(rep, firm, { firm: toInput(firm) });
    expect(same.json()).toMatchObject({ code: 'no_changes' });
    const stale = await propose(rep, firm, { version: firm.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(
      await ctx.db.select().from(firmChangeRequests).where(eq(firmChangeRequests.propFirmId, firm.id)),
    ).toEqual([]);
    expect((await propose(rep, firm)).statusCode).toBe(201);
    const second = await propose(rep, firm, { firm: repriced(firm, 199) });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'pending_change_request' });
  });

  it('keeps one of two corrections sent at once', async () => {
    const firm = await newFirm(rep);
    const answers = await Promise.all([
      propose(rep, firm),
      propose(rep, firm, { firm: repriced(firm, 199) }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(
      await ctx.db.select().from(firmChangeRequests).where(eq(firmChangeRequests.propFirmId, firm.id)),
    ).toHaveLength(1);
  });
});

describe("an admin's decision", () => {
  it('approves through the editor: the price changes, the history says the firm reported it, the firm is told', async () => {
    const firm = await newFirm(rep);
    const created = await propose(rep, firm);
    expect(created.statusCode, created.body).toBe(201);
    const request = (await pending()).find((r) => r.id === created.json().id)!;
    expect(request).toMatchObject({
      status: 'pending',
      firm: { id: firm.id, version: firm.version },
      requestedBy: { email: rep.email },
      diff: [{ field: 'fundingModels.Two-Step.accounts.50000 one-time.price', before: '299', after: '249' }],
      ruleChanges: [expect.stringContaining('299')],
      changedSince: [],
    });
    const approved = await call(admin, 'POST', `/api/admin/change-requests/${request.id}/approve`, {
      version: firm.version,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedAt: expect.any(String) });
    const saved = (await call(admin, 'GET', `/api/admin/firms/${firm.id}`)).json() as AdminFirm;
    expect(saved.fundingModels[0].accounts.find((a) => a.capital === 50_000)?.price).toBe(249);
    expect(saved.trustRating).toBe('trusted');
    await ctx.app.readModels.settled();
    const history = (await call(null, 'GET', `/api/firms/${firm.slug}/rule-changes`)).json() as RuleChange[];
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((c) => c.reportedByFirm)).toBe(true);
    expect((await mailsTo(ctx, rep.email)).map((m) => m.subject)).toContain(
      `Your correction of ${firm.name} is live`,
    );
    const audit = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.entity, 'firm_change_request'));
    expect(audit.some((a) => String(a.entityId) === String(request.id))).toBe(true);
    const again = await call(admin, 'POST', `/api/admin/change-requests/${request.id}/approve`, {
      version: saved.version,
    });
    expect(again.statusCode).toBe(409);
  });

  it('shows what was saved since and refuses an approval over a version the admin did not see', async () => {
    const firm = await newFirm(rep);
    const created = await propose(rep, firm);
    const edited = await call(admin, 'PUT', `/api/admin/firms/${firm.id}`, {
      version: firm.version,
      firm: { ...toInput(firm), headquarters: 'Prague', trustRating: 'approved' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const now = edited.json() as AdminFirm;
    const request = (await pending()).find((r) => r.id === created.json().id)!;
    expect(request.firm.version).toBe(now.version);
    expect(request.changedSince).toEqual(
      expect.arrayContaining([
        { field: 'headquarters', before: null, after: 'Prague' },
        { field: 'trustRating', before: 'trusted', after: 'approved' },
      ]),
    );
    // Applying it now would undo the headquarters (the firm's proposal had none), never the trust rating.
    expect(request.diff.map((c) => c.field).sort()).toEqual([
      'fundingModels.Two-Step.accounts.50000 one-time.price',
      'headquarters',
    ]);
    const blind = await call(admin, 'POST', `/api/admin/change-requests/${request.id}/approve`, {
      version: firm.version,
    });
    expect(blind.statusCode).toBe(409);
    const seen = await call(admin, 'POST', `/api/admin/change-requests/${request.id}/approve`, {
      version: now.version,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const saved = (await call(admin, 'GET', `/api/admin/firms/${firm.id}`)).json() as AdminFirm;
    expect(saved.trustRating).toBe('approved');
  });

  it('rejects with a reason the representative reads in the console and in an email', async () => {
    const firm = await newFirm(rep);
    const created = await propose(rep, firm);
    const id = created.json().id as number;
    const noReason = await call(admin, 'POST', `/api/admin/change-requests/${id}/reject`, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(
      (await call(rep, 'POST', `/api/admin/change-requests/${id}/reject`, { reason: 'Nope.' })).statusCode,
    ).toBe(403);
    const reason = 'Your pricing page still shows $299 for the 50K account.';
    const rejected = await call(admin, 'POST', `/api/admin/change-requests/${id}/reject`, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const overview = (
      await call(rep, 'GET', `/api/firm-console/${firm.slug}/overview`)
    ).json() as FirmConsoleOverview;
    expect(overview.changeRequests[0]).toMatchObject({ id, status: 'rejected', reason });
    const saved = (await call(admin, 'GET', `/api/admin/firms/${firm.id}`)).json() as AdminFirm;
    expect(saved.version).toBe(firm.version);
    const mail = (await mailsTo(ctx, rep.email)).find((m) => m.subject.includes('was not applied'));
    expect(mail?.text).toContain(reason);
    // Decided: a new correction may be sent.
    expect((await propose(rep, firm)).statusCode).toBe(201);
  });
});
