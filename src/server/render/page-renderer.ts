import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MessagePort } from 'node:worker_threads';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Piscina } from 'piscina';
import { CURRENT_USER_PATH } from '../../domain/api-paths';
import type { ApiResponse, RenderRequest, SiteConfig } from '../../domain/render';
import { findPackageRoot } from '../db/migrate';
import type { CachedResponse } from '../lib/cache';
import { isDatabaseUnavailable, sendUnavailable, UNAVAILABLE_BODY } from '../lib/error-handler';
import {
  apiCacheKey,
  pageCacheKey,
  sendCached,
  sendEncoded,
  sendSingle,
  tagsOfAnswer,
} from '../lib/response-cache-plugin';
import { findCurrentUser, unauthorized } from '../modules/accounts/service';
import { type DocumentAssets, NONCE_PLACEHOLDER } from './document';
import { createPageBytes, pageBytesInUse, readPageBytes } from './page-bytes';
import {
  type PageDocument,
  type PageDocumentOptions,
  type RenderFn,
  renderPageDocument,
} from './page-document';
import type {
  RenderPortAnswer,
  RenderPortOffer,
  RenderPortRequest,
  RenderWorkerData,
  WorkerRenderTask,
} from './render-worker';

/** Renders a page's whole document; `options` as `renderPageDocument` takes them, less what the renderer holds. */
type RenderPage = (
  request: RenderRequest,
  options: Omit<PageDocumentOptions, 'assets' | 'bodySlots'>,
) => Promise<PageDocument>;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

const ENTRY = 'src/web/entry-client.tsx';

/**
 * Renders on a pool of worker threads, so React's work and the document's compression run on every
 * core and never hold up the server thread, which keeps the database, the cache and the API. Each
 * render gets a message port on which the worker asks for API answers (`render-worker.ts`).
 */
function renderOnWorkers(
  app: FastifyInstance,
  workerFile: string,
  threads: number,
  assets: DocumentAssets,
): RenderPage {
  const pageBytes = createPageBytes();
  app.decorate('pageSlotsInUse', () => pageBytesInUse(pageBytes));
  const pool = new Piscina<WorkerRenderTask, PageDocument>({
    filename: pathToFileURL(workerFile).href,
    name: 'renderInWorker',
    workerData: { assets, pageBytes } satisfies RenderWorkerData,
    // The built entry is plain JavaScript. Workers must not inherit the server's `--import tsx`:
    // under its loader the page chunks the entry imports at render time resolve to a second copy
    // of the entry, and every page renders as its Suspense fallback.
    execArgv: [],
    minThreads: threads,
    maxThreads: threads,
    // A render waits on the server thread for its API answers; meanwhile its worker renders another.
    concurrentTasksPerWorker: 4,
  });
  // Each thread offers its port once (render-worker.ts); a render's questions name the render.
  const fetchers = new Map<number, (apiPath: string) => Promise<ApiResponse>>();
  let nextRender = 0;
  const ports: MessagePort[] = [];
  pool.on('message', (message: RenderPortOffer) => {
    const port = message?.renderPort;
    if (!port) return;
    ports.push(port);
    port.unref();
    port.on('message', ({ renderId, id, paths }: RenderPortRequest) => {
      const fetchApi = fetchers.get(renderId);
      Promise.all(
        paths.map((apiPath) =>
          (fetchApi ? fetchApi(apiPath) : Promise.reject(new Error('render ended'))).then(
            (response) => ({ response }),
            (error: unknown) => ({ error: String(error) }),
          ),
        ),
      ).then((answers) => port.postMessage({ id, answers } satisfies RenderPortAnswer));
    });
  });
  // Renders still running at close: those of requests whose clients left, which the server's close
  // does not wait for. The pool closes after them: piscina's close, with several threads busy,
  // stops one under its renders once another is done (each then logged as a 500 for nobody).
  const running = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(running);
    for (const port of ports) port.close();
    await pool.close();
  });
  return async ({ url, config, fetchApi }, { acceptEncoding, shared }) => {
    const renderId = nextRender++;
    fetchers.set(renderId, fetchApi);
    const run = pool.run({ url, config, renderId, acceptEncoding, shared });
    running.add(run);
    try {
      const { bodySlot, ...page } = await run;
      if (bodySlot) return { ...page, ...readPageBytes(pageBytes, bodySlot) };
      // Bytes arrive as plain Uint8Arrays (structured clone); Fastify sends Buffers as they are.
      const encoded = Object.fromEntries(
        Object.entries(page.encoded ?? {}).map(([coding, bytes]) => [coding, asBuffer(bytes)]),
      );
      return { ...page, body: asBuffer(page.body), encoded };
    } finally {
      fetchers.delete(renderId);
      running.delete(run);
    }
  };
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

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
  const threads = app.env.RENDER_THREADS;
  if (threads > 0)
    return renderOnWorkers(app, path.join(root, 'dist/server/render-worker.js'), threads, assets);
  const { render } = (await import(path.join(root, 'dist/server/entry-server.js'))) as { render: RenderFn };
  return (request, options) => renderPageDocument(render, request, { ...options, assets });
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
  return async (request, options) => {
    const { render } = (await vite.ssrLoadModule('/src/web/entry-server.tsx')) as { render: RenderFn };
    return renderPageDocument(render, request, { ...options, assets });
  };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const UNAUTHORIZED_TEXT = JSON.stringify(unauthorized().toBody());

const UNAVAILABLE_ANSWER: ApiResponse = {
  status: 503,
  contentType: JSON_TYPE,
  text: JSON.stringify(UNAVAILABLE_BODY),
  tags: [],
};

/**
 * The answer `GET /api/auth/user` gives (accounts/routes.ts), read from the page request's own
 * session: every page asks for it, and an in-process request through the HTTP layer cost the
 * server thread several times as much (light-my-request, the error handler for the 401).
 */
async function answerCurrentUser(app: FastifyInstance, request: FastifyRequest): Promise<ApiResponse> {
  let user: Awaited<ReturnType<typeof findCurrentUser>>;
  try {
    user = await findCurrentUser(app, request);
  } catch (error) {
    // The session could not be read: that is no visitor, not a signed-out one.
    if (!isDatabaseUnavailable(error)) throw error;
    request.log.warn({ err: error }, 'database unavailable: the session of a page was not read');
    return UNAVAILABLE_ANSWER;
  }
  return user
    ? { status: 200, contentType: JSON_TYPE, text: JSON.stringify(user), tags: [] }
    : { status: 401, contentType: JSON_TYPE, text: UNAUTHORIZED_TEXT, tags: [] };
}

/**
 * The API answers of one page request's render: its own session's user, a cached public answer, a
 * public answer taken in process (lib/in-process-answers.ts), or an in-process request with the
 * visitor's cookies. Once one of them is 503 (the database is unreachable) the page cannot be told
 * right, so `unavailable()` says so and the rest are not asked for.
 */
function createPageFetch(app: FastifyInstance, request: FastifyRequest) {
  const forwarded = {
    ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
    'user-agent': request.headers['user-agent'] ?? '',
  };
  let unavailable = false;
  const answerApi = async (apiPath: string): Promise<ApiResponse> => {
    if (apiPath === CURRENT_USER_PATH) return answerCurrentUser(app, request);
    // A cached public answer is read straight from the cache, skipping a whole in-process request.
    const hit = app.cache.get(apiCacheKey(apiPath));
    if (hit)
      return {
        status: hit.status,
        contentType: hit.contentType,
        text: hit.body.toString(),
        tags: [...hit.tags],
      };
    const answer = await app.answerInProcess(apiPath);
    if (answer) return answer;
    const res = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: forwarded,
      remoteAddress: request.ip,
    });
    return {
      status: res.statusCode,
      contentType: String(res.headers['content-type'] ?? ''),
      text: res.body,
      tags: [...tagsOfAnswer(res.raw.req)],
    };
  };
  return {
    fetchApi: async (apiPath: string): Promise<ApiResponse> => {
      if (unavailable) return UNAVAILABLE_ANSWER;
      const answer = await answerApi(apiPath);
      if (answer.status === 503) unavailable = true;
      return answer;
    },
    unavailable: () => unavailable,
  };
}

/**
 * Frees a body in memory shared with a render thread once its response is done, however it ends
 * (decision 0037): when the response closes, or when its connection does first. A visitor who left
 * while the page rendered closed both already, and 'close' does not come again; a response queued
 * behind an earlier one on its connection (pipelined requests) has no socket of its own yet and
 * hears of the connection's close only from it. Missing either kept the slot for good, and once all
 * were kept every page came back in a message.
 */
function releaseWhenDone(request: FastifyRequest, reply: FastifyReply, release: () => void) {
  const response = reply.raw;
  const { socket } = request.raw;
  if (response.destroyed || socket.destroyed) {
    release();
    return;
  }
  const done = () => {
    response.off('close', done);
    socket.off('close', done);
    release();
  };
  response.once('close', done);
  socket.once('close', done);
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
  const config: SiteConfig = { publicUrl: app.env.PUBLIC_URL, showAdminLink: app.env.SHOW_ADMIN_LINK };

  const HTML = 'text/html; charset=utf-8';
  // Browsers check a page again before showing it from their cache: it changes with the data.
  const PAGE_HEADERS = { 'cache-control': 'no-cache' } as const;

  // Pages send bytes they encoded themselves (where they were rendered; a cached page's other
  // codings once each, on their first request): the compression plugin's hooks would only pass them through.
  app.get('/*', { compress: false, decompress: false, schema: { hide: true } }, async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) return reply.callNotFound();
    // A page for a visitor without a session is cached for every later one, from its second
    // request on (decision 0040). Hits never get here: the cache answers them before routing
    // (response-cache-plugin.ts).
    const cacheKey = mode === 'production' ? pageCacheKey(request.url, request.headers.cookie) : undefined;
    const stored = cacheKey !== undefined && app.cache.admit(cacheKey);
    const { fetchApi, unavailable } = createPageFetch(app, request);
    const rendering = renderPage(
      { url: request.url, config, fetchApi },
      {
        acceptEncoding: request.headers['accept-encoding'],
        shared: stored,
        ...(mode === 'development' ? { nonce: request.cspNonce } : {}),
      },
    );
    // A render that failed because its data was unavailable is answered as unavailable too.
    const page = await rendering.catch((error: unknown) => {
      if (!unavailable()) throw error;
    });
    if (page?.release) releaseWhenDone(request, reply, page.release);
    if (!page || unavailable()) return sendUnavailable(request, reply);
    if (page.redirect) return reply.redirect(page.redirect, 302);
    if (!cacheKey) {
      // Made for one visitor (it may show their name and points): no shared cache may keep it.
      reply.header('cache-control', 'private, no-cache');
      return sendEncoded(reply, page.status, HTML, page);
    }
    reply.header('cache-control', PAGE_HEADERS['cache-control']);
    // The same for every anonymous visitor, made for this one alone: asked for once lately.
    if (!stored) return sendEncoded(reply.header('x-cache', 'miss'), page.status, HTML, page);
    if (page.status !== 200 && page.status !== 404) {
      return sendSingle(request, reply, { status: page.status, contentType: HTML, body: page.body });
    }
    const entry: CachedResponse = {
      status: page.status,
      contentType: HTML,
      body: page.body,
      encoded: page.encoded ?? {},
      tags: page.tags.length ? page.tags : ['page'],
      route: request.routeOptions.url ?? '/*',
      headers: PAGE_HEADERS,
    };
    app.cache.set(cacheKey, entry, request.cacheMark);
    return sendCached(request, reply.header('x-cache', 'miss'), entry);
  });
}
