import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RenderRequest, type RenderResult, SESSION_COOKIE, type SiteConfig } from '../../domain/render';
import { findPackageRoot } from '../db/migrate';
import type { CachedResponse } from '../lib/cache';
import { sendCached } from '../lib/response-cache-plugin';
import { type DocumentAssets, NONCE_PLACEHOLDER, renderDocument } from './document';

type RenderFn = (request: RenderRequest) => Promise<RenderResult>;

interface Renderer {
  render: RenderFn;
  assets: DocumentAssets;
  /** `<link rel="modulepreload">` tags for a page module's chunk and the chunks it imports. */
  pagePreloads: (pageModule: string | undefined) => string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

const ENTRY = 'src/web/entry-client.tsx';

async function loadProductionRenderer(root: string): Promise<Renderer> {
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
  const pageTags = new Map<string, string>();
  const pagePreloads = (pageModule: string | undefined) => {
    if (!pageModule || !manifest[pageModule]) return '';
    let tags = pageTags.get(pageModule);
    if (tags === undefined) {
      const files = new Set([manifest[pageModule].file]);
      visit(pageModule, files);
      tags = [...files]
        .filter((f) => f !== entry.file && !preloads.has(f))
        .map((f) => `<link rel="modulepreload" href="/${f}">`)
        .join('');
      pageTags.set(pageModule, tags);
    }
    return tags;
  };
  const head = [
    ...[...css].map((c) => `<link rel="stylesheet" href="/${c}">`),
    ...[...preloads].map((p) => `<link rel="modulepreload" href="/${p}">`),
  ].join('\n    ');
  const mod = (await import(path.join(root, 'dist/server/entry-server.js'))) as { render: RenderFn };
  return {
    render: mod.render,
    pagePreloads,
    assets: {
      head,
      // No nonce: 'self' allows the entry, and a document without per-response values can be cached
      // and compressed once. Production documents hold no inline script that would need one.
      entry: `<script type="module" src="/${entry.file}"></script>`,
    },
  };
}

async function loadDevelopmentRenderer(app: FastifyInstance, root: string): Promise<Renderer> {
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
  return {
    render: async (request) => {
      const mod = (await vite.ssrLoadModule('/src/web/entry-server.tsx')) as { render: RenderFn };
      return mod.render(request);
    },
    // Vite serves modules one by one in development: nothing to preload.
    pagePreloads: () => '',
    assets: {
      head: `${headTags}<link rel="stylesheet" href="/src/web/styles.css">`,
      entry: `<script type="module" nonce="${NONCE_PLACEHOLDER}" src="/${ENTRY}"></script>`,
    },
  };
}

function apiResult(status: number, contentType: string, text: string, tags: readonly string[]) {
  const body: unknown = contentType.includes('application/json') && text ? JSON.parse(text) : text;
  return { status, body, tags: [...tags] };
}

/** Pages are cached only for visitors without a session cookie: a signed-in page shows its user. */
const isAnonymous = (request: FastifyRequest) => !request.headers.cookie?.includes(SESSION_COOKIE);

/** Serves every page path: renders the React tree with its data fetched in-process from /api. */
export async function registerPageRendering(
  app: FastifyInstance,
  mode: 'production' | 'development',
): Promise<void> {
  const root = findPackageRoot();
  const renderer =
    mode === 'production' ? await loadProductionRenderer(root) : await loadDevelopmentRenderer(app, root);
  const config: SiteConfig = { publicUrl: app.env.PUBLIC_URL, showAdminLink: app.env.SHOW_ADMIN_LINK };

  const HTML = 'text/html; charset=utf-8';

  app.get('/*', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    const anonymous = isAnonymous(request);
    const cacheKey = `page:${request.url}`;
    if (anonymous && mode === 'production') {
      const hit = app.cache.get(cacheKey);
      if (hit)
        return sendCached(request, reply.headers({ 'x-cache': 'hit', 'cache-control': 'no-cache' }), hit);
    }
    const forwarded = {
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      'user-agent': request.headers['user-agent'] ?? '',
    };
    const result = await renderer.render({
      url: request.url,
      config,
      fetchApi: async (apiPath) => {
        // A cached public answer is read straight from the cache, skipping a whole in-process request.
        const hit = app.cache.get(`api:${apiPath}`);
        if (hit) return apiResult(hit.status, hit.contentType, hit.body.toString(), hit.tags);
        const res = await app.inject({
          method: 'GET',
          url: apiPath,
          headers: forwarded,
          remoteAddress: request.ip,
        });
        const tags = String(res.headers['x-cache-tags'] ?? '')
          .split(',')
          .filter(Boolean);
        return apiResult(res.statusCode, String(res.headers['content-type'] ?? ''), res.body, tags);
      },
    });
    if (result.redirect) return reply.redirect(result.redirect, 302);
    const html = renderDocument({
      head: result.head,
      publicUrl: config.publicUrl,
      appHtml: result.html,
      state: result.state,
      assets: { ...renderer.assets, head: renderer.assets.head + renderer.pagePreloads(result.pageModule) },
    });
    reply.header('cache-control', 'no-cache');
    if (anonymous && mode === 'production' && (result.status === 200 || result.status === 404)) {
      const entry: CachedResponse = {
        status: result.status,
        contentType: HTML,
        body: Buffer.from(html),
        encoded: {},
        tags: result.tags.length ? result.tags : ['page'],
      };
      app.cache.set(cacheKey, entry);
      return sendCached(request, reply.header('x-cache', 'miss'), entry);
    }
    // Only development documents carry the placeholder (for Vite's inline preamble).
    return reply
      .status(result.status)
      .header('content-type', HTML)
      .send(html.replaceAll(NONCE_PLACEHOLDER, request.cspNonce));
  });
}
