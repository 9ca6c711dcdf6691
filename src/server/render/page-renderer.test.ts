import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../tests/setup/test-app';
import { CURRENT_USER_PATH } from '../../domain/api-paths';
import { insertFirm } from '../db/seed/factories';
import { apiCacheKey, firmTag, pageCacheKey } from '../lib/response-cache-plugin';

describe('page rendering', () => {
  let ctx: TestContext;
  let firmId: number;
  beforeAll(async () => {
    ctx = await createTestApp({}, { pages: 'production' });
    ({ id: firmId } = await insertFirm(ctx.db, { name: 'Page Render Capital', slug: 'page-render-capital' }));
  }, 120_000);
  afterAll(() => ctx.close());

  // A session-like cookie skips the page cache, so every request is rendered.
  const get = (url: string) =>
    ctx.app.inject({ url, headers: { cookie: 'pfc.session_token=not-a-session' } });

  it('takes its data through the API routes, whose answers the response cache keeps as for a browser', async () => {
    const url = '/firm/page-render-capital?visit=answers';
    const details = apiCacheKey('/api/firms/page-render-capital/details');
    ctx.app.cache.clear();
    // Each answer is stored from its second request (decision 0040), a page's as a browser's.
    for (let i = 0; i < 2; i++) expect((await ctx.app.inject({ url })).statusCode).toBe(200);
    expect(ctx.app.cache.get(details)?.tags).toContain(firmTag(firmId));
    // The page is kept under its answers' tags: the firm's own change drops it.
    const tags = ctx.app.cache.get(pageCacheKey(url, undefined) ?? '')?.tags;
    expect(tags).toContain(firmTag(firmId));
    // Nothing on it is another firm's: their saves, reviews and votes leave it cached (decision 0065).
    expect(tags).not.toContain('firms');
    expect(tags).not.toContain('reviews');
  });

  it('caches a page for anonymous visitors with the copy in the coding its first visitor asked for', async () => {
    const url = '/firm/page-render-capital?first=br';
    // Stored from its second request (decision 0040): the first is made for its visitor alone.
    const once = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(once.headers['x-cache']).toBe('miss');
    expect(once.headers['content-encoding']).toBe('gzip');
    expect(ctx.app.cache.get(pageCacheKey(url, undefined) ?? '')).toBeUndefined();
    const first = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    const entry = ctx.app.cache.get(pageCacheKey(url, undefined) ?? '');
    expect(Object.keys(entry?.encoded ?? {})).toEqual(['br']);
    expect(first.rawPayload.equals(entry?.encoded.br ?? Buffer.alloc(0))).toBe(true);
    expect(brotliDecompressSync(first.rawPayload).equals(entry?.body ?? Buffer.alloc(0))).toBe(true);
    // A later visitor asking for another coding gets it made once, from the raw bytes.
    const gzip = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Object.keys(entry?.encoded ?? {}).sort()).toEqual(['br', 'gzip']);
  });

  it('drops a cached not-found firm page when a firm takes its slug', async () => {
    const url = '/firm/not-yet-here';
    for (let i = 0; i < 2; i++) expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).headers['x-cache']).toBe('hit');
    const firm = await insertFirm(ctx.db, { name: 'Now Here Capital', slug: 'not-yet-here' });
    ctx.app.changes.publishCommitted({ type: 'firm.created', id: firm.id });
    await ctx.app.readModels.settled();
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Now Here Capital');
  });

  it('renders the page itself, with its data, not a loading fallback', async () => {
    const res = await get('/firm/page-render-capital');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Page Render Capital');
    expect(res.body).toMatch(/<h1[^>]*>Page Render Capital<\/h1>/);
    expect(res.body).not.toContain('aria-busy="true"');
  });

  it('opens the tab the address names, and Overview for any other', async () => {
    const selectedTab = (html: string) =>
      html.match(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>(\w+)/)?.[1];
    const coupons = await get('/firm/page-render-capital?tab=coupons');
    expect(coupons.statusCode).toBe(200);
    expect(selectedTab(coupons.body)).toBe('Coupons');
    // The panel itself, on the first render too: its code loads in the browser only when opened.
    expect(coupons.body).not.toContain('aria-busy="true"');
    expect(coupons.body).toContain('No coupons available for this firm.');
    // The canonical address stays the firm's own.
    expect(coupons.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/firm/page-render-capital">`);
    const unknown = await get('/firm/page-render-capital?tab=nonsense');
    expect(selectedTab(unknown.body)).toBe('Overview');
  });

  it('answers 404 for an unknown firm with the status the browser needs', async () => {
    const res = await get('/firm/no-such-firm');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Firm Not Found');
    // The failed query reaches the browser with its status, so it shows the same page on hydration.
    expect(res.body).toMatch(/"error":\{"name":"ApiError","status":404,/);
  });

  it('redirects a guarded page for a visitor without a session', async () => {
    const res = await get('/profile');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/auth?next=%2Fprofile');
  });

  /** The data the page's current-user query starts the browser with (the document's state). */
  const currentUserInState = (html: string) => {
    const json = html.match(/<script type="application\/json" id="__STATE__">(.*?)<\/script>/s)?.[1];
    const state = JSON.parse(json ?? 'null') as {
      queries: { queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[] };
    };
    return state.queries.queries.find((q) => q.queryKey[0] === CURRENT_USER_PATH)?.state;
  };

  // A render asks GET /api/auth/user with the visitor's cookies: the page must hydrate with the user
  // the browser then fetches.
  it.each([
    ['a signed-in user', 'user'],
    ['an admin', 'admin'],
  ] as const)('gives the page %s exactly as GET /api/auth/user answers', async (_label, role) => {
    const user = await signUpUser(ctx, role === 'admin' ? { admin: true } : {});
    const headers = { cookie: user.cookie, origin: TEST_ORIGIN };
    const [api, page] = await Promise.all([
      ctx.app.inject({ url: CURRENT_USER_PATH, headers }),
      ctx.app.inject({ url: '/firms', headers }),
    ]);
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ email: user.email, isAdmin: role === 'admin' });
    expect(currentUserInState(page.body)).toMatchObject({ status: 'success', data: api.json() });
    expect(page.body).toContain('href="/profile"');
  });

  it('renders the signed-in home at / for a signed-in user, with its data, and never serves it to anyone else', async () => {
    const user = await signUpUser(ctx, { prefix: 'homerender' });
    const page = await ctx.app.inject({ url: '/', headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toMatch(/private/);
    expect(page.body).toContain(`Welcome back, ${user.username}`);
    expect(page.body).toContain('data-testid="home-balance"');
    const anonymous = await ctx.app.inject({ url: '/' });
    expect(anonymous.body).not.toContain('Welcome back');
    expect(anonymous.body).toContain('Find the prop firm that will fund you');
  });

  it('gives a page with a stale session cookie no user, as GET /api/auth/user does (401)', async () => {
    const api = await get(CURRENT_USER_PATH);
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ message: 'Authentication required', code: 'unauthorized' });
    const page = await get('/firms');
    expect(currentUserInState(page.body)).toMatchObject({ status: 'success', data: null });
    expect(page.body).toContain('href="/auth"');
  });
});
