/**
 * The authorisation matrix: every route of the server (lib/access.ts collects them with the access
 * each declares) and every page of the route table (src/web/routes.ts), called as each kind of
 * caller. Each route is held to its own declaration, so a new route joins by existing, and a route
 * that checks more or less than it declares fails here. Then: no user reads or changes another
 * user's data by id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashbackClaims, firmRepresentatives, payoutReports } from '../../src/server/db/schema';
import { insertFirm, insertUser, insertUserReview } from '../../src/server/db/seed/factories';
import type { Access } from '../../src/server/lib/access';
import { findAdminFirm } from '../../src/server/modules/admin/firm-document';
import { recordPoints } from '../../src/server/modules/points/service';
import { appRoutes } from '../../src/web/routes';
import { signUpUser, type TestUser } from '../setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../setup/test-app';

type Caller = 'anonymous' | 'forged' | 'suspended' | 'unverified' | 'verified' | 'representative' | 'admin';
const CALLERS: Caller[] = [
  'anonymous',
  'forged',
  'suspended',
  'unverified',
  'verified',
  'representative',
  'admin',
];

/** The answer each caller gets from a route of each access: a refusal, or 'allowed' (anything else). */
const EXPECTED: Record<Access, Record<Caller, 401 | 403 | 'allowed'>> = {
  public: {
    anonymous: 'allowed',
    forged: 'allowed',
    suspended: 'allowed',
    unverified: 'allowed',
    verified: 'allowed',
    representative: 'allowed',
    admin: 'allowed',
  },
  // A suspended user's sessions ended when they were suspended: their old cookie signs nobody in.
  user: {
    anonymous: 401,
    forged: 401,
    suspended: 401,
    unverified: 'allowed',
    verified: 'allowed',
    representative: 'allowed',
    admin: 'allowed',
  },
  verified: {
    anonymous: 401,
    forged: 401,
    suspended: 401,
    unverified: 403,
    verified: 'allowed',
    representative: 'allowed',
    admin: 'allowed',
  },
  admin: {
    anonymous: 401,
    forged: 401,
    suspended: 401,
    unverified: 403,
    verified: 403,
    representative: 403,
    admin: 'allowed',
  },
};

let ctx: TestContext;
const users = {} as Record<
  'suspended' | 'unverified' | 'verified' | 'representative' | 'admin' | 'other',
  TestUser
>;
const cookieOf = (caller: Caller): string | undefined =>
  caller === 'anonymous'
    ? undefined
    : caller === 'forged'
      ? 'better-auth.session_token=forged.signature'
      : users[caller].cookie;

beforeAll(async () => {
  ctx = await createTestApp({}, { pages: 'production' });
  users.unverified = await signUpUser(ctx, { prefix: 'mxu' });
  users.verified = await signUpUser(ctx, { prefix: 'mxv', verified: true });
  users.admin = await signUpUser(ctx, { prefix: 'mxa', verified: true, admin: true });
  users.other = await signUpUser(ctx, { prefix: 'mxo', verified: true });
  // A firm's representative (an approved claim): a verified member who speaks for that one firm.
  users.representative = await signUpUser(ctx, { prefix: 'mxr', verified: true });
  const represented = await insertFirm(ctx.db, { name: 'Matrix Represented Firm' });
  await ctx.db
    .insert(firmRepresentatives)
    .values({ propFirmId: represented.id, userId: users.representative.id });
  users.suspended = await signUpUser(ctx, { prefix: 'mxz', verified: true });
  const suspension = await ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${users.suspended.id}/suspension`,
    headers: { origin: TEST_ORIGIN, cookie: users.admin.cookie },
    payload: { reason: 'spam' },
  });
  if (suspension.statusCode !== 200) throw new Error(`suspension failed: ${suspension.body}`);
}, 120_000);
afterAll(() => ctx?.close());

/** A route's URL with its parameters filled: ids of rows that do not exist, plain slugs. */
const fill = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (/id$/i.test(name) ? '999999' : 'no-such-thing'));

/** A valid correction of the firm (a body the schema takes), so that only the firm's access can refuse it. */
async function proposalOf(firmId: number) {
  const { id: _i, version, createdAt: _c, updatedAt: _u, ...firm } = (await findAdminFirm(ctx.db, firmId))!;
  return {
    version,
    firm: { ...firm, headquarters: 'Elsewhere' },
    note: 'A correction of another firm.',
    source: 'https://example.com/rules',
  };
}

const ENDS_SESSION = /\/(logout|delete-user|change-password|reset-password)$/;
// Adding a passkey needs a sign-in within the last 10 minutes: it gets a new session too.
const NEEDS_FRESH_SESSION = /\/passkey\/generate-register-options$/;

const verdict = (status: number) => (status === 401 || status === 403 ? status : 'allowed');

describe('every API route answers each caller as its declared access says', () => {
  it('knows the routes, and every access level is in use', () => {
    const levels = new Set(ctx.app.routeAccess.map((r) => r.access));
    expect([...levels].sort()).toEqual(['admin', 'public', 'user', 'verified']);
  });

  it('holds every route to its declaration, for every caller', async () => {
    const wrong: string[] = [];
    // Wildcards (Better Auth's own endpoints, static files) are not routes of ours to declare.
    const routes = ctx.app.routeAccess.filter((r) => !r.url.includes('*'));
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      for (const caller of CALLERS) {
        // A route that may end the caller's session gets a session of its own.
        const cookie =
          (ENDS_SESSION.test(route.url) || NEEDS_FRESH_SESSION.test(route.url)) &&
          !['anonymous', 'forged', 'suspended'].includes(caller)
            ? (
                await signUpUser(ctx, {
                  prefix: 'mxs',
                  verified: caller !== 'unverified',
                  admin: caller === 'admin',
                })
              ).cookie
            : cookieOf(caller);
        const res = await ctx.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers: {
            origin: TEST_ORIGIN,
            'x-forwarded-for': `10.77.${CALLERS.indexOf(caller)}.${routes.indexOf(route) % 250}`,
            ...(cookie ? { cookie } : {}),
            ...(route.method === 'GET' || route.method === 'DELETE'
              ? {}
              : { 'content-type': 'application/json' }),
          },
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{}' }),
        });
        expect(res.statusCode, `${route.method} ${route.url} as ${caller}: ${res.body}`).toBeLessThan(500);
        const expected = EXPECTED[route.access][caller];
        if (verdict(res.statusCode) !== expected) {
          wrong.push(
            `${route.method} ${route.url} (${route.access}) as ${caller}: ${res.statusCode}, expected ${expected}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});

describe('every page answers each caller as the route table says', () => {
  // Pages: signed out, a guarded page redirects to /auth; an admin page is a 403 for others; a page
  // of a row that does not exist is a 404, which counts as let in.
  const PAGE_EXPECTED: Record<'public' | 'user' | 'admin', Record<Caller, 'redirect' | 403 | 'allowed'>> = {
    public: {
      anonymous: 'allowed',
      forged: 'allowed',
      suspended: 'allowed',
      unverified: 'allowed',
      verified: 'allowed',
      representative: 'allowed',
      admin: 'allowed',
    },
    user: {
      anonymous: 'redirect',
      forged: 'redirect',
      suspended: 'redirect',
      unverified: 'allowed',
      verified: 'allowed',
      representative: 'allowed',
      admin: 'allowed',
    },
    admin: {
      anonymous: 'redirect',
      forged: 'redirect',
      suspended: 'redirect',
      unverified: 403,
      verified: 403,
      representative: 403,
      admin: 'allowed',
    },
  };
  const pageVerdict = (status: number) =>
    status === 302
      ? 'redirect'
      : status === 403
        ? 403
        : status === 200 || status === 404
          ? 'allowed'
          : status;
  const pages = appRoutes.filter((r) => !r.path.includes('*'));

  it.each(pages.map((r) => [r.path, r.access] as const))('%s (%s)', async (path, access) => {
    const url = fill(path);
    for (const caller of CALLERS) {
      const cookie = cookieOf(caller);
      const res = await ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
      expect(pageVerdict(res.statusCode), `${url} as ${caller}: ${res.statusCode}`).toBe(
        PAGE_EXPECTED[access][caller],
      );
      if (res.statusCode === 302) expect(res.headers.location).toBe(`/auth?next=${encodeURIComponent(url)}`);
    }
  });
});

describe("no user reads or changes another user's data", () => {
  const as = (user: TestUser | null, url: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET') =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    });

  it("a claim's receipt: its claimant and admins only (404 for anyone else, as if it did not exist)", async () => {
    const firm = await insertFirm(ctx.db, { cashbackProvided: true, cashbackPercentage: 5 });
    await ctx.app.storage.put('receipts/matrix.webp', Buffer.from('receipt bytes'), 'private');
    const [claim] = await ctx.db
      .insert(cashbackClaims)
      .values({
        userId: users.verified.id,
        propFirmId: firm.id,
        orderReference: 'MATRIX-1',
        amountSpent: 10_000,
        proofImage: 'receipts/matrix.webp',
      })
      .returning();
    const url = `/api/cashback-claims/${claim.id}/proof`;
    expect((await as(users.verified, url)).statusCode).toBe(200);
    expect((await as(users.admin, url)).statusCode).toBe(200);
    expect((await as(users.other, url)).statusCode).toBe(404);
    expect((await as(null, url)).statusCode).toBe(401);
    const theirs = (await as(users.other, '/api/cashback-claims')).json() as { orderReference: string }[];
    expect(theirs.map((c) => c.orderReference)).not.toContain('MATRIX-1');
  });

  it("a user's points, cash-outs, follows and home are theirs alone", async () => {
    await recordPoints(ctx.db, {
      userId: users.verified.id,
      delta: 4321,
      reason: 'cashback',
      idempotencyKey: `matrix:${users.verified.id}`,
    });
    const firm = await insertFirm(ctx.db, { name: 'Matrix Followed Firm' });
    expect((await as(users.verified, `/api/firms/${firm.slug}/follow`, 'PUT')).statusCode).toBe(200);
    for (const url of ['/api/points/history', '/api/points/cash-outs', '/api/profile/follows', '/api/home']) {
      const body = (await as(users.other, url)).body;
      expect(body, url).not.toContain('4321');
      expect(body, url).not.toContain('Matrix Followed Firm');
    }
    expect((await as(users.verified, '/api/profile/follows')).body).toContain('Matrix Followed Firm');
  });

  it("a firm's representative gets 403 on every reply and console route of another firm", async () => {
    const firm = await insertFirm(ctx.db, { name: 'Matrix Unrepresented Firm' });
    const review = await insertUserReview(ctx.db, { propFirmId: firm.id });
    const [report] = await ctx.db
      .insert(payoutReports)
      .values({
        userId: (await insertUser(ctx.db)).id,
        propFirmId: firm.id,
        kind: 'denied',
        status: 'verified',
        grade: 'screenshot',
        deniedOn: '2026-01-06',
        verifiedAt: new Date(),
      })
      .returning();
    const routes = ctx.app.routeAccess.filter((r) =>
      /^\/api\/(reviews|payout-reports)\/:id\/reply$|withheld-replies$|^\/api\/firm-console\//.test(r.url),
    );
    expect(routes.length).toBe(8);
    for (const route of routes) {
      const url = route.url
        .replace(':slug', firm.slug)
        .replace(':id', String(route.url.startsWith('/api/reviews') ? review.id : report.id));
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: { origin: TEST_ORIGIN, cookie: users.representative.cookie },
        ...(route.method === 'PUT' ? { payload: { body: 'A reply from the wrong firm entirely.' } } : {}),
        ...(route.url.endsWith('/change-requests') ? { payload: await proposalOf(firm.id) } : {}),
      });
      expect(res.statusCode, `${route.method} ${url}: ${res.body}`).toBe(403);
    }
  });

  it('an account is deleted by its owner or an admin, never by another member', async () => {
    for (const caller of [users.verified, users.unverified]) {
      const res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/admin/users/${users.other.id}`,
        headers: { origin: TEST_ORIGIN, cookie: caller.cookie },
        payload: { reason: 'not theirs to delete' },
      });
      expect(res.statusCode).toBe(403);
    }
    // The member's own route (POST /api/auth/delete-user) takes no id: only the caller's account.
    expect((await as(users.other, '/api/auth/user')).statusCode).toBe(200);
  });
});
