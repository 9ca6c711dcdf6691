import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import {
  type ApiResponse,
  type RenderPortAnswer,
  type RenderPortRequest,
  type RenderRequest,
  type RenderResult,
  SESSION_COOKIE,
  type SiteConfig,
  type WorkerRenderTask,
} from '../../domain/render';
import { findPackageRoot } from '../db/migrate';
import type { CachedResponse } from '../lib/cache';
import { sendCached, sendSingle } from '../lib/response-cache-plugin';
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

/**
 * Renders on a pool of worker threads, so React's work runs on every core and never holds up the
 * server thread, which keeps the database, the cache and the API. Each render gets a message port
 * on which the worker asks for API answers (`renderInWorker` in the server entry).
 */
function renderOnWorkers(app: FastifyInstance, entryFile: string, threads: number): RenderFn {
  const pool = new Piscina<WorkerRenderTask, RenderResult>({
    filename: pathToFileURL(entryFile).href,
    name: 'renderInWorker',
    // The built entry is plain JavaScript. Workers must not inherit the server's `--import tsx`:
    // under its loader the page chunks the entry imports at render time resolve to a second copy
    // of the entry, and every page renders as its Suspense fallback.
    execArgv: [],
    minThreads: threads,
    maxThreads: threads,
    // A render waits on the server thread for its API answers; meanwhile its worker renders another.
    concurrentTasksPerWorker: 4,
  });
  app.addHook('onClose', () => pool.close({ force: true }));
  return async ({ url, config, fetchApi }) => {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', ({ id, path: apiPath }: RenderPortRequest) => {
      fetchApi(apiPath).then(
        (response) => port1.postMessage({ id, response } satisfies RenderPortAnswer),
        (error: unknown) => port1.postMessage({ id, error: String(error) } satisfies RenderPortAnswer),
      );
    });
    try {
      // Node's MessagePort has the web one's postMessage, onmessage and close, which is all the worker uses.
      const port = port2 as unknown as WorkerRenderTask['port'];
      return await pool.run({ url, config, port }, { transferList: [port2] });
    } finally {
      port1.close();
    }
  };
}

async function loadProductionRenderer(app: FastifyInstance, root: string): Promise<Renderer> {
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
  const entryFile = path.join(root, 'dist/server/entry-server.js');
  const threads = app.env.RENDER_THREADS;
  const render =
    threads > 0
      ? renderOnWorkers(app, entryFile, threads)
      : ((await import(entryFile)) as { render: RenderFn }).render;
  return {
    render,
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

/** Pages are cached only for visitors without a session cookie: a signed-in page shows its user. */
const isAnonymous = (request: FastifyRequest) => !request.headers.cookie?.includes(SESSION_COOKIE);

/** Serves every page path: renders the React tree with its data fetched in-process from /api. */
export async function registerPageRendering(
  app: FastifyInstance,
  mode: 'production' | 'development',
): Promise<void> {
  const root = findPackageRoot();
  const renderer =
    mode === 'production'
      ? await loadProductionRenderer(app, root)
      : await loadDevelopmentRenderer(app, root);
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
      fetchApi: async (apiPath): Promise<ApiResponse> => {
        // A cached public answer is read straight from the cache, skipping a whole in-process request.
        const hit = app.cache.get(`api:${apiPath}`);
        if (hit)
          return {
            status: hit.status,
            contentType: hit.contentType,
            text: hit.body.toString(),
            tags: [...hit.tags],
          };
        const res = await app.inject({
          method: 'GET',
          url: apiPath,
          headers: forwarded,
          remoteAddress: request.ip,
        });
        const tags = String(res.headers['x-cache-tags'] ?? '')
          .split(',')
          .filter(Boolean);
        return {
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          text: res.body,
          tags,
        };
      },
    });
    if (result.redirect) return reply.redirect(result.redirect, 302);
    const html = renderDocument({
      head: result.head,
      publicUrl: config.publicUrl,
      appHtml: result.html,
      stateJson: result.stateJson,
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
    return sendSingle(request, reply, {
      status: result.status,
      contentType: HTML,
      body: Buffer.from(html.replaceAll(NONCE_PLACEHOLDER, request.cspNonce)),
    });
  });
}
