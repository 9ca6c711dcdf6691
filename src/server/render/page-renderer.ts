import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiResponse, RenderRequest, RenderResult, SiteConfig } from '../../domain/render';
import { findPackageRoot } from '../db/migrate';
import type { CachedResponse } from '../lib/cache';
import { sendUnavailable, UNAVAILABLE_BODY } from '../lib/error-handler';
import { pageCacheKey, sendCached, sendSingle, tagsOfAnswer } from '../lib/response-cache-plugin';
import { type DocumentAssets, NONCE_PLACEHOLDER, type PageDocument, renderPageDocument } from './document';
import { requestInProcess } from './in-process-request';
import { createRenderPool, type PageTask, renderThreadCount } from './render-pool';

/** The server render entry's `render` (src/web/entry-server.tsx). */
type RenderFn = (request: RenderRequest) => Promise<RenderResult>;

/**
 * Renders a page with its document: on render threads in production (decision 0072), on the server
 * thread with Vite's module in development. `nonce` replaces the development document's placeholder.
 */
type RenderPage = (task: PageTask, nonce: string) => Promise<PageDocument>;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const ENTRY = 'src/web/entry-client.tsx';

async function loadProductionRenderer(app: FastifyInstance, root: string): Promise<RenderPage> {
  const manifestPath = path.join(root, 'dist/client/.vite/manifest.json');
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`${ENTRY} missing from the client manifest; run npm run build`);
  const css = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk) return;
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) {
      into.add(manifest[i].file);
      visit(i, into);
    }
  };
  visit(ENTRY, preloads);
  // Only the entry's own stylesheets: `visit` below also collects those of lazily loaded chunks.
  const head = [
    ...[...css].map((c) => `<link rel="stylesheet" href="/${c}">`),
    ...[...preloads].map((p) => `<link rel="modulepreload" href="/${p}">`),
  ].join('\n    ');
  // Every page module is a dynamic entry of the manifest (lazyPage in routes.ts). Its chunks are
  // fetched at once but at low priority: the page is already in the HTML, so the stylesheet and the
  // images in view come first, and the chunks are there when hydration asks for them.
  const pagePreloads: Record<string, string> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = new Set([chunk.file]);
    visit(key, files);
    pagePreloads[key] = [...files]
      .filter((f) => f !== entry.file && !preloads.has(f))
      .map((f) => `<link rel="modulepreload" href="/${f}" fetchpriority="low">`)
      .join('');
  }
  const assets: DocumentAssets = {
    head,
    // No nonce: 'self' allows the entry, and a document without per-response values can be cached
    // and compressed once. Production documents hold no inline script that would need one.
    entry: `<script type="module" src="/${entry.file}"></script>`,
    pagePreloads,
  };
  const threads = renderThreadCount(app.env.WEB_CONCURRENCY);
  const pool = createRenderPool(path.join(root, 'dist/server/render-worker.js'), assets, threads);
  app.addHook('onClose', () => pool.close());
  return (task) => pool.render(task);
}

async function loadDevelopmentRenderer(app: FastifyInstance, root: string): Promise<RenderPage> {
  // Imported lazily: vite is a development dependency and never loaded in production.
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
  await app.register((await import('@fastify/middie')).default);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  const preamble = await vite.transformIndexHtml('/', '<html><head></head><body></body></html>');
  const headTags = (preamble.match(/<head>([\s\S]*)<\/head>/)?.[1] ?? '').replace(
    /<script/g,
    `<script nonce="${NONCE_PLACEHOLDER}"`,
  );
  const assets: DocumentAssets = {
    head: `${headTags}<link rel="stylesheet" href="/src/web/styles.css">`,
    entry: `<script type="module" nonce="${NONCE_PLACEHOLDER}" src="/${ENTRY}"></script>`,
    // Vite serves modules one by one in development: nothing to preload.
    pagePreloads: {},
  };
  // Loaded again for each render, so an edit shows on the next request.
  const render: RenderFn = async (request) =>
    ((await vite.ssrLoadModule('/src/web/entry-server.tsx')) as { render: RenderFn }).render(request);
  return (task, nonce) => renderPageDocument(render, task, assets, nonce);
}

const UNAVAILABLE_ANSWER: ApiResponse = {
  status: 503,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify(UNAVAILABLE_BODY),
  tags: [],
};

/**
 * The API answers of one page request's render: each an in-process request (`requestInProcess`)
 * with the visitor's cookies, so the page sees exactly what the browser will (a cached public answer
 * is answered by the response cache's first hook). The session cookie an answer renewed or cleared
 * goes out with the page. Once one answer is 503 (the database is unreachable) the page cannot be
 * told right, so `unavailable()` says so and the rest are not asked for.
 */
function createPageFetch(app: FastifyInstance, request: FastifyRequest) {
  const forwarded = {
    ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
    'user-agent': request.headers['user-agent'] ?? '',
  };
  const cookies = new Map<string, string>();
  let unavailable = false;
  return {
    fetchApi: async (apiPath: string): Promise<ApiResponse> => {
      if (unavailable) return UNAVAILABLE_ANSWER;
      const res = await requestInProcess(app.routing, {
        url: apiPath,
        headers: forwarded,
        remoteAddress: request.ip,
      });
      if (res.status === 503) unavailable = true;
      for (const cookie of [res.headers['set-cookie'] ?? []].flat()) {
        const text = String(cookie);
        cookies.set(text.slice(0, text.indexOf('=')), text);
      }
      return {
        status: res.status,
        contentType: String(res.headers['content-type'] ?? ''),
        text: res.body,
        tags: [...tagsOfAnswer(res.req)],
      };
    },
    unavailable: () => unavailable,
    cookies: () => [...cookies.values()],
  };
}

/** Serves every page path: renders the React tree with its data fetched in-process from /api. */
export async function registerPageRendering(
  app: FastifyInstance,
  mode: 'production' | 'development',
): Promise<void> {
  const root = findPackageRoot();
  const renderPage =
    mode === 'production'
      ? await loadProductionRenderer(app, root)
      : await loadDevelopmentRenderer(app, root);
  const config: SiteConfig = {
    publicUrl: app.env.PUBLIC_URL,
    showAdminLink: app.env.SHOW_ADMIN_LINK,
    requireStaffTwoFactor: app.env.REQUIRE_STAFF_2FA,
  };

  const HTML = 'text/html; charset=utf-8';
  // Browsers check a page again before showing it from their cache: it changes with the data.
  const PAGE_HEADERS = { 'cache-control': 'no-cache' } as const;

  // Pages send bytes they compressed themselves (a cached page's each coding once, on its first
  // request): the compression plugin's hooks would only pass them through.
  app.get('/*', { compress: false, decompress: false, schema: { hide: true } }, async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    const { fetchApi, unavailable, cookies } = createPageFetch(app, request);
    // A render that failed because its data was unavailable is answered as unavailable too.
    const page = await renderPage({ url: request.url, config, fetchApi }, request.cspNonce).catch(
      (error: unknown) => {
        if (!unavailable()) throw error;
      },
    );
    const renewed = cookies();
    if (renewed.length > 0) reply.header('set-cookie', renewed);
    if (!page || unavailable()) return sendUnavailable(request, reply);
    if (page.redirect) return reply.redirect(page.redirect, 302);
    // A component asked for data its page's loader does not fetch: the HTML has a skeleton there.
    if (page.missingData)
      request.log.warn(
        { page: page.pageModule, missingData: page.missingData },
        'page rendered without its data',
      );
    const body = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength);
    // A page for a visitor without a session is cached for every later one, from its second
    // request on (decision 0040). Hits never get here: the cache answers them before routing
    // (response-cache-plugin.ts).
    const cacheKey = mode === 'production' ? pageCacheKey(request.url, request.headers.cookie) : undefined;
    if (!cacheKey) {
      // Made for one visitor (it may show their name and points): no shared cache may keep it.
      reply.header('cache-control', 'private, no-cache');
      return sendSingle(request, reply, { status: page.status, contentType: HTML, body });
    }
    reply.header('cache-control', PAGE_HEADERS['cache-control']).header('x-cache', 'miss');
    // The same for every anonymous visitor, made for this one alone: asked for once lately.
    if (!app.cache.admit(cacheKey) || (page.status !== 200 && page.status !== 404)) {
      return sendSingle(request, reply, { status: page.status, contentType: HTML, body });
    }
    const entry: CachedResponse = {
      status: page.status,
      contentType: HTML,
      body,
      encoded: {},
      tags: page.tags.length ? page.tags : ['page'],
      route: request.routeOptions.url ?? '/*',
      headers: PAGE_HEADERS,
    };
    app.cache.set(cacheKey, entry, request.cacheMark);
    return sendCached(request, reply, entry);
  });
}
