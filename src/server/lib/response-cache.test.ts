import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { insertFirm } from '../db/seed/factories';
import { ALL_TAGS, type CachedResponse, encodeCached, encodeSingle, ResponseCache } from './cache';
import { Changes } from './events';
import { ReadModel, ReadModels } from './read-model';
import {
  createCacheAnswer,
  dropStaleAnswers,
  pageCacheKey,
  registerResponseCache,
} from './response-cache-plugin';
import { createSecurityHeaders } from './security';

const METRICS_TOKEN = 'metrics-token-of-this-test';
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const entry = (text: string): CachedResponse => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  body: Buffer.from(text),
  encoded: {},
  tags: ['page'],
  route: '/*',
  headers: {},
});

describe('dropStaleAnswers', () => {
  it('drops what was cached from a read model still reading a change, and refuses what began before it had', async () => {
    const changes = new Changes();
    const readModels = new ReadModels(changes);
    const cache = new ResponseCache();
    dropStaleAnswers(changes, cache, readModels);
    let price = 100;
    let release = () => {};
    const model = readModels.register(
      new ReadModel<number>({
        affects: (event) => (event.type === 'firm.updated' ? { ids: [1] } : 'none'),
        load: async () => price,
        refresh: async () => {
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          return () => price;
        },
      }),
    );
    const firmAnswer = (value: number): CachedResponse => ({ ...entry(String(value)), tags: ['firms'] });
    expect(await model.read((m) => m)).toBe(100);

    price = 80;
    changes.publishCommitted({ type: 'firm.updated', id: 1 });
    // The model reads the firm again; meanwhile requests get the price as it stood.
    const storedMark = cache.mark();
    const lateMark = cache.mark();
    expect(await model.read((m) => m)).toBe(100);
    cache.set('api:/stored', firmAnswer(await model.read((m) => m)), storedMark);
    expect(cache.get('api:/stored')).toBeDefined();

    release();
    await readModels.settled();
    await Promise.resolve();
    expect(await model.read((m) => m)).toBe(80);
    // Stored while the model was reading: dropped. Begun then, stored now: refused.
    expect(cache.get('api:/stored')).toBeUndefined();
    cache.set('api:/late', firmAnswer(100), lateMark);
    expect(cache.get('api:/late')).toBeUndefined();
    // Begun after the model had read it: stored.
    const mark = cache.mark();
    cache.set('api:/fresh', firmAnswer(await model.read((m) => m)), mark);
    expect(cache.get('api:/fresh')?.body.toString()).toBe('80');
    // A change no model reads is dropped once, as before.
    changes.publishCommitted({ type: 'post.updated', id: 3 });
    expect(readModels.answersStale).toBe(false);
  });
});

describe('encodeCached', () => {
  const page = entry('<p>Prop firms compared</p>'.repeat(200));

  it('picks the preferred coding the visitor accepts and compresses each coding once', async () => {
    // Two visitors asking before the copy is made wait for the same compression.
    const [first, second] = await Promise.all([
      encodeCached(page, BROWSER_ENCODINGS),
      encodeCached(page, 'br'),
    ]);
    expect(first.coding).toBe('br');
    expect(brotliDecompressSync(first.body).equals(page.body)).toBe(true);
    expect(second.body).toBe(first.body);
    // Once made, the copy is sent as it is, without waiting.
    const hit = encodeCached(page, BROWSER_ENCODINGS);
    expect(hit).not.toBeInstanceOf(Promise);
    expect((await hit).body).toBe(first.body);

    const gzip = await encodeCached(page, 'gzip;q=1, br;q=0');
    expect(gzip.coding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(page.body)).toBe(true);
  });

  it('sends identity without an acceptable coding, and small bodies as they are', () => {
    expect(encodeCached(page, undefined)).toEqual({ body: page.body });
    expect(encodeCached(page, 'identity')).toEqual({ body: page.body });
    expect(encodeCached(page, 'br;q=0, gzip;q=0')).toEqual({ body: page.body });
    const small = entry('{"ok":true}');
    expect(encodeCached(small, BROWSER_ENCODINGS)).toEqual({ body: small.body });
  });
});

describe('encodeSingle', () => {
  const body = Buffer.from('<p>Prop firms compared</p>'.repeat(200));

  it('compresses a one-off body in the coding the visitor prefers', async () => {
    const br = await encodeSingle(body, BROWSER_ENCODINGS);
    expect(br.coding).toBe('br');
    expect(br.body.length).toBeLessThan(body.length / 10);
    expect(brotliDecompressSync(br.body).equals(body)).toBe(true);
    const gzip = await encodeSingle(body, 'gzip');
    expect(gzip.coding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(body)).toBe(true);
  });

  it('sends identity without an acceptable coding, and small bodies as they are', async () => {
    expect(await encodeSingle(body, undefined)).toEqual({ body });
    expect(await encodeSingle(body, 'br;q=0, gzip;q=0')).toEqual({ body });
    const small = Buffer.from('<p>hi</p>');
    expect(await encodeSingle(small, BROWSER_ENCODINGS)).toEqual({ body: small });
  });
});

describe('ResponseCache.admit', () => {
  it('admits a key from its second request within an entry lifetime, and from then on', async () => {
    const cache = new ResponseCache(1024 * 1024, 200);
    expect(cache.admit('page:/firm/a')).toBe(false);
    expect(cache.admit('page:/firm/b')).toBe(false);
    expect(cache.admit('page:/firm/a')).toBe(true);
    // Still admitted after the entry was dropped (a change invalidated it): a page asked for
    // lately is stored again on its next request.
    cache.invalidate([ALL_TAGS]);
    expect(cache.admit('page:/firm/a')).toBe(true);
    // Asked once, then not again within an entry's lifetime: a first request again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cache.admit('page:/firm/b')).toBe(false);
    expect(cache.admit('page:/firm/b')).toBe(true);
  });
});

describe('answers built while the data changed', () => {
  const tagged = (text: string, tags: string[]): CachedResponse => ({ ...entry(text), tags });

  it('a cache does not store an answer marked before an invalidation of one of its tags', () => {
    const cache = new ResponseCache();
    const before = cache.mark();
    cache.invalidate(['firms']);
    cache.set('api:/api/firms', tagged('stale', ['firms', 'coupons']), before);
    expect(cache.get('api:/api/firms')).toBeUndefined();
    cache.set('api:/api/firms', tagged('fresh', ['firms', 'coupons']), cache.mark());
    expect(cache.get('api:/api/firms')?.body.toString()).toBe('fresh');
  });

  it('a write to other data does not stop an answer in flight from being cached', () => {
    const cache = new ResponseCache();
    const before = cache.mark();
    cache.invalidate(['blog']);
    cache.set('api:/api/firms', tagged('firms', ['firms']), before);
    expect(cache.get('api:/api/firms')?.body.toString()).toBe('firms');
    cache.invalidate(['*']);
    expect(cache.get('api:/api/firms')).toBeUndefined();
    cache.set('api:/api/firms', tagged('firms', ['firms']), before);
    expect(cache.get('api:/api/firms')).toBeUndefined();
  });

  it('an answer read before a write commits is sent, but not cached over the write', async () => {
    const app = Fastify();
    const cache = new ResponseCache();
    app.decorate('cache', cache);
    const securityHeaders = createSecurityHeaders({ publicUrl: 'http://localhost', dev: false });
    registerResponseCache(
      app,
      createCacheAnswer(cache, securityHeaders, () => {}),
    );
    let name = 'Old Name';
    let readDone: () => void = () => {};
    const read = new Promise<void>((resolve) => {
      readDone = resolve;
    });
    let finishRead: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      finishRead = resolve;
    });
    let hold = true;
    app.get('/api/firm', { config: { cacheTags: ['firms'] } }, async () => {
      const seen = name;
      if (hold) {
        readDone();
        await held;
      }
      return { name: seen };
    });
    app.post('/api/firm', async () => {
      name = 'New Name';
      // What the subscription in app.ts does with the service's `firm.updated` event.
      cache.invalidate(['firms']);
      return { ok: true };
    });
    try {
      const slow = app.inject({ url: '/api/firm' });
      await read;
      expect((await app.inject({ method: 'POST', url: '/api/firm' })).statusCode).toBe(200);
      finishRead();
      expect((await slow).json()).toEqual({ name: 'Old Name' });
      hold = false;
      const next = await app.inject({ url: '/api/firm' });
      expect(next.headers['x-cache']).toBe('miss');
      expect(next.json()).toEqual({ name: 'New Name' });
      expect((await app.inject({ url: '/api/firm' })).headers['x-cache']).toBe('hit');
    } finally {
      await app.close();
    }
  });
});

describe('cached responses over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { pages: 'production' });
    for (let i = 0; i < 8; i++) await insertFirm(ctx.db, { name: `Compression Firm ${i}` });
  }, 120_000);
  afterAll(() => ctx.close());

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each(['/', '/api/firms'])('%s: the miss and the hit send the same compressed bytes', async (url) => {
    // Stored from its second request (decision 0040).
    expect((await get(url)).headers['x-cache']).toBe('miss');
    const miss = await get(url, BROWSER_ENCODINGS);
    const hit = await get(url, BROWSER_ENCODINGS);
    expect(miss.headers['x-cache']).toBe('miss');
    expect(hit.headers['x-cache']).toBe('hit');
    for (const res of [miss, hit]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toContain('accept-encoding');
    }
    expect(hit.rawPayload.equals(miss.rawPayload)).toBe(true);
    const text = brotliDecompressSync(hit.rawPayload).toString();
    expect(text.length).toBeGreaterThan(1024);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);

    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
  });

  it('compresses a page rendered for a session cookie on each response, without caching it', async () => {
    const asVisitor = (acceptEncoding?: string) =>
      ctx.app.inject({
        url: '/firms',
        headers: {
          cookie: 'pfc.session_token=not-a-session',
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const br = await asVisitor(BROWSER_ENCODINGS);
    expect(br.headers['x-cache']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    // Compressed whole in one call, not streamed: the length is known before the body is sent.
    expect(br.headers['content-length']).toBe(String(br.rawPayload.length));
    expect(br.headers.vary).toContain('accept-encoding');
    const text = brotliDecompressSync(br.rawPayload).toString();
    expect(text).toContain('<div id="root">');
    const plain = await asVisitor();
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Two renders differ only in the cache's fetch times.
    const withoutTimes = (html: string) => html.replace(/"(dataUpdatedAt|dehydratedAt)":\d+/g, '');
    expect(withoutTimes(plain.body)).toBe(withoutTimes(text));
  });

  it('serves built assets from their precompressed copies, cached for a year', async () => {
    const home = await get('/');
    const entryPath = home.body.match(/src="(\/assets\/entry-client-[\w-]+\.js)"/)?.[1] ?? '';
    const res = await get(entryPath, BROWSER_ENCODINGS);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(readFileSync(`dist/client${entryPath}.br`))).toBe(true);
  });

  it('a page asked for once is made for that visitor alone, and stored from its second request', async () => {
    const url = '/firms?page=1&asked=once';
    const key = pageCacheKey(url, undefined) ?? '';
    const once = await get(url, BROWSER_ENCODINGS);
    expect(once.statusCode).toBe(200);
    expect(once.headers['x-cache']).toBe('miss');
    expect(once.headers['cache-control']).toBe('no-cache');
    expect(once.headers['content-encoding']).toBe('br');
    expect(ctx.app.cache.get(key)).toBeUndefined();
    const twice = await get(url, BROWSER_ENCODINGS);
    expect(twice.headers['x-cache']).toBe('miss');
    expect(ctx.app.cache.get(key)?.encoded.br?.equals(twice.rawPayload)).toBe(true);
    expect((await get(url, BROWSER_ENCODINGS)).headers['x-cache']).toBe('hit');
    // Both made from the same data: the same page but for the cache's fetch times.
    const withoutTimes = (html: string) => html.replace(/"(dataUpdatedAt|dehydratedAt)":\d+/g, '');
    expect(withoutTimes(brotliDecompressSync(once.rawPayload).toString())).toBe(
      withoutTimes(brotliDecompressSync(twice.rawPayload).toString()),
    );
  });

  it('cached pages carry no nonce, while the policy still has a fresh one', async () => {
    await get('/firms');
    const a = await get('/firms');
    const b = await get('/firms');
    expect(b.headers['x-cache']).toBe('hit');
    expect(a.body).not.toContain('nonce');
    expect(a.body).toMatch(/<script type="module" src="\/assets\/entry-client-[\w-]+\.js"><\/script>/);
    // No executable inline script: every inline <script> is a JSON data block.
    for (const [, attrs] of a.body.matchAll(/<script([^>]*)>(?!<\/script>)/g)) {
      expect(attrs).toMatch(/type="application\/(ld\+)?json"/);
    }
    const nonceOf = (csp: unknown) => String(csp).match(/'nonce-([^']+)'/)?.[1];
    expect(nonceOf(a.headers['content-security-policy'])).toBeTruthy();
    expect(nonceOf(a.headers['content-security-policy'])).not.toBe(
      nonceOf(b.headers['content-security-policy']),
    );
  });
});

describe('cache hits over a socket, answered before routing', () => {
  let ctx: TestContext;
  let origin: string;
  beforeAll(async () => {
    ctx = await createTestApp({ METRICS_TOKEN }, { pages: 'production' });
    await insertFirm(ctx.db, { name: 'Socket Firm' });
    origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }, 120_000);
  afterAll(() => ctx.close());

  /** Headers that differ on every response by design. */
  const perResponse = new Set(['date', 'x-cache', 'content-security-policy']);
  const stable = (res: Response) =>
    Object.fromEntries([...res.headers].filter(([name]) => !perResponse.has(name)));

  it.each([
    ['/firms', 'page'],
    ['/api/firms?pageSize=5', 'API answer'],
  ])('%s: a hit carries the headers and bytes of the miss (%s)', async (url) => {
    // Stored from its second request (decision 0040).
    await fetch(origin + url);
    const miss = await fetch(origin + url, { headers: { 'accept-encoding': 'br' } });
    const missBody = Buffer.from(await miss.arrayBuffer());
    const hit = await fetch(origin + url, { headers: { 'accept-encoding': 'br' } });
    expect(miss.headers.get('x-cache')).toBe('miss');
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(stable(hit)).toEqual(stable(miss));
    expect(hit.headers.get('content-security-policy')).toMatch(/'nonce-[^']+'/);
    expect(Buffer.from(await hit.arrayBuffer()).equals(missBody)).toBe(true);
  });

  it('never answers a visitor with a session from the page cache, nor a write', async () => {
    await fetch(`${origin}/firms`);
    const signedIn = await fetch(`${origin}/firms`, {
      headers: { cookie: 'pfc.session_token=not-a-session' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');

    const get = await fetch(`${origin}/firms`);
    const head = await fetch(`${origin}/firms`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('x-cache')).toBe('hit');
    expect(head.headers.get('content-length')).toBe(get.headers.get('content-length'));
    expect(head.headers.get('content-encoding')).toBe(get.headers.get('content-encoding'));
    expect(await head.text()).toBe('');

    await fetch(`${origin}/api/firms`);
    const write = await fetch(`${origin}/api/firms`, { method: 'POST', body: '{}' });
    expect(write.headers.get('x-cache')).toBeNull();
  });

  it('a write that invalidates the data is seen by the next request', async () => {
    const before = (await (await fetch(`${origin}/api/firms`)).json()) as { total: number };
    expect((await fetch(`${origin}/api/firms`)).headers.get('x-cache')).toBe('hit');
    await insertFirm(ctx.db, { name: 'Socket Firm Two' });
    ctx.app.changes.publishCommitted({ type: 'firm.created' });
    const after = await fetch(`${origin}/api/firms`);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(((await after.json()) as { total: number }).total).toBe(before.total + 1);
  });

  it('counts hits in the request metrics under their route', async () => {
    const count = async (route: string) => {
      const metrics = await (
        await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const line = metrics
        .split('\n')
        .find((l) =>
          l.startsWith(`http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`),
        );
      return Number(line?.split(' ')[1] ?? 0);
    };
    await fetch(`${origin}/firms`);
    await fetch(`${origin}/api/firms`);
    const [pages, answers] = [await count('/*'), await count('/api/firms')];
    for (const url of ['/firms', '/firms', '/api/firms']) {
      expect((await fetch(origin + url)).headers.get('x-cache')).toBe('hit');
    }
    expect(await count('/*')).toBe(pages + 2);
    expect(await count('/api/firms')).toBe(answers + 1);
  });
});
