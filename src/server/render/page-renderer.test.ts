import http from 'node:http';
import net from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpUser } from '../../../tests/setup/accounts';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../../../tests/setup/test-app';
import { CURRENT_USER_PATH } from '../../domain/api-paths';
import { insertFirm } from '../db/seed/factories';
import { apiCacheKey, pageCacheKey } from '../lib/response-cache-plugin';

/** The render threads and the server thread must send the same pages. */
describe('page rendering on worker threads', () => {
  let onWorkers: TestContext;
  let onServerThread: TestContext;
  beforeAll(async () => {
    [onWorkers, onServerThread] = await Promise.all([
      createTestApp({ RENDER_THREADS: '1' }, { pages: 'production' }),
      createTestApp({ RENDER_THREADS: '0' }, { pages: 'production' }),
    ]);
    for (const ctx of [onWorkers, onServerThread]) {
      await insertFirm(ctx.db, { name: 'Worker Render Capital', slug: 'worker-render-capital' });
    }
  }, 120_000);
  afterAll(() => Promise.all([onWorkers.close(), onServerThread.close()]));

  /** The app with workers on a port of its own (once), for tests that need real connections. */
  let origin: string | undefined;
  const listening = async () => {
    origin ??= await onWorkers.app.listen({ port: 0, host: '127.0.0.1' });
    return origin;
  };

  // A session-like cookie skips the page cache, so every request is rendered.
  const get = (ctx: TestContext, url: string) =>
    ctx.app.inject({ url, headers: { cookie: 'pfc.session_token=not-a-session' } });

  // The two databases' row timestamps and the queries' fetch times are all that may differ.
  const withoutTimes = (html: string) =>
    html.replace(/("\w+At"):\d+/g, '$1:0').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'TIME');

  it.each(['/firm/worker-render-capital', '/firm/no-such-firm', '/firms', '/no-such-page'])(
    '%s renders the same document on a worker as on the server thread',
    async (url) => {
      const [worker, server] = await Promise.all([get(onWorkers, url), get(onServerThread, url)]);
      expect(worker.statusCode).toBe(server.statusCode);
      expect(withoutTimes(worker.body)).toBe(withoutTimes(server.body));
    },
  );

  it('hands back documents for one visitor through shared memory, each whole, more at once than it has slots', async () => {
    // 80 renders in flight (page-bytes.ts keeps 64 slots): each slot is freed when its response is
    // done, and a render finding none free sends its bytes in the message; either way every page
    // must be its own, byte for byte.
    // Each page its own (a search nothing matches names its query), so a slot reused too early shows.
    const urls = Array.from({ length: 80 }, (_, i) => `/firms?q=${'nomatch'.repeat(1 + (i % 5))}${i}`);
    const [pages, expected] = await Promise.all([
      Promise.all(urls.map((url) => get(onWorkers, url))),
      Promise.all(urls.map((url) => get(onServerThread, url))),
    ]);
    pages.forEach((page, i) => {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`${'nomatch'.repeat(1 + (i % 5))}${i}`);
      expect(withoutTimes(page.body)).toBe(withoutTimes(expected[i].body));
    });
  });

  it('frees the slot of a page whose visitor left while it rendered', async () => {
    // The visitor's connection closes before the page is ready, so its response has closed when
    // the render hands back its slot. Kept for good, 64 such visitors left no slot for anyone.
    const { port } = new URL(await listening());
    const cookie = 'pfc.session_token=not-a-session';
    await Promise.all(
      Array.from(
        { length: 70 },
        (_, i) =>
          new Promise<void>((resolve) => {
            const req = http.get({ host: '127.0.0.1', port, path: `/firms?q=left${i}`, headers: { cookie } });
            // Sent whole, then gone before the answer.
            req.on('finish', () => req.destroy());
            req.on('error', () => resolve());
            req.on('close', () => resolve());
          }),
      ),
    );
    // Renders asked for after those end after them on the one render thread.
    await Promise.all(Array.from({ length: 8 }, (_, i) => get(onWorkers, `/firms?q=after${i}`)));
    await expect.poll(() => onWorkers.app.pageSlotsInUse?.(), { timeout: 10_000 }).toBe(0);
  });

  it('frees the slots of pipelined pages whose connection closed before their turn to be sent', async () => {
    // Requests sent one after another on one connection are answered in order: a page rendered
    // while an earlier one on the connection is still unsent waits without a socket of its own,
    // and hears of the connection's close only from the connection.
    const { port } = new URL(await listening());
    await Promise.all(
      Array.from(
        { length: 20 },
        (_, c) =>
          new Promise<void>((resolve) => {
            const socket = net.connect(Number(port), '127.0.0.1', () => {
              const requests = Array.from(
                { length: 4 },
                (_, k) =>
                  `GET /firms?q=piped${c}x${k} HTTP/1.1\r\nHost: localhost\r\nCookie: pfc.session_token=not-a-session\r\n\r\n`,
              );
              socket.write(requests.join(''), () => setTimeout(() => socket.destroy(), 1));
            });
            socket.on('error', () => resolve());
            socket.on('close', () => resolve());
          }),
      ),
    );
    await Promise.all(Array.from({ length: 8 }, (_, i) => get(onWorkers, `/firms?q=afterpiped${i}`)));
    await expect.poll(() => onWorkers.app.pageSlotsInUse?.(), { timeout: 10_000 }).toBe(0);
  });

  it('compresses a document made for one visitor on the render thread, as the request accepts', async () => {
    const url = '/firm/worker-render-capital';
    const [compressed, plain] = await Promise.all([
      onWorkers.app.inject({
        url,
        headers: { cookie: 'pfc.session_token=not-a-session', 'accept-encoding': 'gzip, deflate, br' },
      }),
      get(onWorkers, url),
    ]);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    // Compressed whole before sending: a length, where the compression plugin's stream has none.
    expect(compressed.headers['content-length']).toBe(String(compressed.rawPayload.length));
    expect(compressed.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(withoutTimes(brotliDecompressSync(compressed.rawPayload).toString())).toBe(
      withoutTimes(plain.body),
    );
  });

  it('caches a page for anonymous visitors with the copy in the coding its first visitor asked for, compressed on the render thread', async () => {
    const url = '/firm/worker-render-capital?first=br';
    // Stored from its second request (decision 0040): the first is made for its visitor alone.
    const once = await onWorkers.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(once.headers['x-cache']).toBe('miss');
    expect(once.headers['content-encoding']).toBe('gzip');
    expect(onWorkers.app.cache.get(pageCacheKey(url, undefined) ?? '')).toBeUndefined();
    const first = await onWorkers.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    const entry = onWorkers.app.cache.get(pageCacheKey(url, undefined) ?? '');
    expect(Object.keys(entry?.encoded ?? {})).toEqual(['br']);
    expect(first.rawPayload.equals(entry?.encoded.br ?? Buffer.alloc(0))).toBe(true);
    expect(brotliDecompressSync(first.rawPayload).equals(entry?.body ?? Buffer.alloc(0))).toBe(true);
    // A later visitor asking for another coding gets it made once, from the raw bytes.
    const gzip = await onWorkers.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['x-cache']).toBe('hit');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(Object.keys(entry?.encoded ?? {}).sort()).toEqual(['br', 'gzip']);
  });

  it('drops a cached not-found firm page when a firm takes its slug', async () => {
    const ctx = onWorkers;
    const url = '/firm/not-yet-here';
    for (let i = 0; i < 2; i++) expect((await ctx.app.inject({ url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).headers['x-cache']).toBe('hit');
    const firm = await insertFirm(ctx.db, { name: 'Now Here Capital', slug: 'not-yet-here' });
    ctx.app.changes.publish({ type: 'firm.created', id: firm.id });
    await ctx.app.readModels.settled();
    const page = await ctx.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Now Here Capital');
  });

  it('renders the page itself, with its data, not a loading fallback', async () => {
    const res = await get(onWorkers, '/firm/worker-render-capital');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Worker Render Capital');
    expect(res.body).toMatch(/<h1[^>]*>Worker Render Capital<\/h1>/);
    expect(res.body).not.toContain('aria-busy="true"');
  });

  it('opens the tab the address names, and Overview for any other', async () => {
    const selectedTab = (html: string) =>
      html.match(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>(\w+)/)?.[1];
    const coupons = await get(onWorkers, '/firm/worker-render-capital?tab=coupons');
    expect(coupons.statusCode).toBe(200);
    expect(selectedTab(coupons.body)).toBe('Coupons');
    // The panel itself, on the first render too: its code loads in the browser only when opened.
    expect(coupons.body).not.toContain('aria-busy="true"');
    expect(coupons.body).toContain('No coupons available for this firm.');
    // The canonical address stays the firm's own.
    expect(coupons.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/firm/worker-render-capital">`);
    const unknown = await get(onWorkers, '/firm/worker-render-capital?tab=nonsense');
    expect(selectedTab(unknown.body)).toBe('Overview');
  });

  it('answers 404 for an unknown firm from a worker, with the status the browser needs', async () => {
    const res = await get(onWorkers, '/firm/no-such-firm');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Firm Not Found');
    // The failed query reaches the browser with its status, so it shows the same page on hydration.
    expect(res.body).toMatch(/"error":\{"name":"ApiError","status":404,/);
  });

  it('redirects a guarded page for a visitor without a session', async () => {
    const res = await get(onWorkers, '/profile');
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

  // Renders read the visitor's session directly rather than through GET /api/auth/user: the two
  // must agree, or a signed-in page would hydrate with another user than the browser then fetches.
  it.each([
    ['a signed-in user', 'user'],
    ['an admin', 'admin'],
  ] as const)('gives the page %s exactly as GET /api/auth/user answers', async (_label, role) => {
    const user = await signUpUser(onWorkers, role === 'admin' ? { admin: true } : {});
    const headers = { cookie: user.cookie, origin: TEST_ORIGIN };
    const [api, page] = await Promise.all([
      onWorkers.app.inject({ url: CURRENT_USER_PATH, headers }),
      onWorkers.app.inject({ url: '/firms', headers }),
    ]);
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ email: user.email, isAdmin: role === 'admin' });
    expect(currentUserInState(page.body)).toMatchObject({ status: 'success', data: api.json() });
    expect(page.body).toContain('href="/profile"');
  });

  it('renders the signed-in home at / for a signed-in user, with its data, and never serves it to anyone else', async () => {
    const user = await signUpUser(onWorkers, { prefix: 'homerender' });
    const page = await onWorkers.app.inject({ url: '/', headers: { cookie: user.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toMatch(/private/);
    expect(page.body).toContain(`Welcome back, ${user.username}`);
    expect(page.body).toContain('data-testid="home-balance"');
    const anonymous = await onWorkers.app.inject({ url: '/' });
    expect(anonymous.body).not.toContain('Welcome back');
    expect(anonymous.body).toContain('Find the prop firm that will fund you');
  });

  it('gives a page with a stale session cookie no user, as GET /api/auth/user does (401)', async () => {
    const api = await get(onWorkers, CURRENT_USER_PATH);
    expect(api.statusCode).toBe(401);
    expect(api.json()).toEqual({ message: 'Authentication required', code: 'unauthorized' });
    const page = await get(onWorkers, '/firms');
    expect(currentUserInState(page.body)).toMatchObject({ status: 'success', data: null });
    expect(page.body).toContain('href="/auth"');
  });
});

describe('closing the render threads', () => {
  it('lets every render that is running finish before the threads end', async () => {
    // The server's close waits for connections, not for the renders of requests whose clients
    // left: those must end as they would have, not be cut short (a 500 logged for nobody). Several
    // renders on each of two threads, as under load: piscina's own close resolves when the first
    // thread is done and stops the other under its renders.
    const ctx = await createTestApp({ RENDER_THREADS: '2' }, { pages: 'production' });
    await insertFirm(ctx.db, { name: 'Closing Render Capital', slug: 'closing-render-capital' });
    const pages = Array.from({ length: 8 }, (_, i) =>
      ctx.app.inject({ url: `/firm/closing-render-capital?visit=${i}` }),
    );
    // The renders have asked for their data: the answer is cached the moment it is made.
    while (!ctx.app.cache.get(apiCacheKey('/api/firms/closing-render-capital/details'))) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await ctx.close();
    for (const res of await Promise.all(pages)) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<h1[^>]*>Closing Render Capital<\/h1>/);
    }
  }, 120_000);
});
