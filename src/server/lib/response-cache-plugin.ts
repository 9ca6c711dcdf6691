import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../domain/render';
import {
  ALL_TAGS,
  type CachedResponse,
  type EncodedBody,
  encodeCached,
  encodeSingle,
  type ResponseCache,
} from './cache';
import type { ChangedEntity, ChangeEvent, Changes } from './events';
import type { ObserveRequest } from './metrics';
import type { ReadModels } from './read-model';
import { createNonce, type SecurityHeaders } from './security';

/**
 * Carried by every answer about one firm alone (its page's details, platforms, payout methods,
 * reviews and rating) instead of `firms`, with the firm's own tag (`firmTag`, set by the handler:
 * `tagFirmAnswer`): a change that names its firm drops that firm's answers only, and one that names
 * none drops all of them (decision 0065).
 */
export const ONE_FIRM = 'firm';

/** The cache tags each kind of change makes stale (routes name the tags they read in `cacheTags`). */
const TAGS_CHANGED_BY: Record<ChangedEntity, readonly string[]> = {
  // A firm's name, logo and links also show inside coupon and giveaway answers, which carry `firms`.
  firm: ['firms'],
  platform: ['firms'],
  coupon: ['coupons'],
  post: ['blog'],
  update: ['blog'],
  review: ['reviews', 'firms'],
  giveaway: ['giveaways'],
  // A member's name shows on their reviews, each kept under its firm's tag.
  user: ['users', 'reviews', ONE_FIRM],
  subscriber: ['newsletter'],
  points: ['users'],
  // A decided payout report changes its firm's public list, record, tier and median days.
  payout: ['payouts', 'firms'],
};

export const firmTag = (firmId: number) => `firm:${firmId}`;

/** The firm each request's answer is about, for routes that carry `ONE_FIRM`. */
const answerFirm = new WeakMap<object, number>();

/** Says which firm a `ONE_FIRM` route's answer is about; its cached answer carries that firm's tag. */
export function tagFirmAnswer(request: FastifyRequest, firmId: number): void {
  answerFirm.set(request, firmId);
}

/**
 * The tags an answer is kept under: its route's, and for a `ONE_FIRM` route its firm's; one that
 * names no firm (a not-found, whose page is cached too) depends on which firms there are: `firms`.
 */
function answerTagsOf(request: FastifyRequest, routeTags: readonly string[]): readonly string[] {
  if (!routeTags.includes(ONE_FIRM)) return routeTags;
  const firmId = answerFirm.get(request);
  return [...routeTags, firmId === undefined ? 'firms' : firmTag(firmId)];
}

/**
 * The tags a batch of change events invalidates. A deleted account's name is on many answers. A
 * tally that moved on one firm's row (a helpful vote) shows on that firm's own answers alone.
 */
export function cacheTagsOf(events: readonly ChangeEvent[]): string[] {
  const tags = new Set<string>();
  for (const event of events) {
    if (event.type === 'user.deleted') return [ALL_TAGS];
    // A new member has written nothing yet: only the counts of members change.
    if (event.type === 'user.created') {
      tags.add('users');
      continue;
    }
    if (event.type.endsWith('.counted') && event.firmId !== undefined) {
      tags.add(firmTag(event.firmId));
      continue;
    }
    const entity = event.type.slice(0, event.type.indexOf('.')) as ChangedEntity;
    const changed = TAGS_CHANGED_BY[entity] ?? [ALL_TAGS];
    for (const tag of changed) tags.add(tag);
    if (changed.includes('firms')) {
      const firmId = entity === 'firm' ? event.id : event.firmId;
      tags.add(typeof firmId === 'number' ? firmTag(firmId) : ONE_FIRM);
    }
  }
  return [...tags];
}

/**
 * Drops the cached answers each batch of changes makes stale: at once, or, while a read model still
 * answers from the data as it stood (decision 0055), once the models have read the change. Until
 * then an answer made afresh would be as stale as the cached one, so dropping it twice would make
 * every visitor's next request build its answer twice per change (decision 0064); the drop refuses
 * every answer begun before it (`ResponseCache.set`). The read models must hear the changes first
 * (`ReadModels` subscribes when it is made).
 */
export function dropStaleAnswers(changes: Changes, cache: ResponseCache, readModels: ReadModels): void {
  changes.subscribe((events) => {
    const tags = cacheTagsOf(events);
    if (tags.length === 0) return;
    if (readModels.answersStale) void readModels.settled().then(() => cache.invalidate(tags));
    else cache.invalidate(tags);
  });
}

/** The cache key of an API answer (public: the same for every visitor, signed in or not). */
export const apiCacheKey = (url: string) => `api:${url}`;

/**
 * The cache key of a page for this visitor, or none: pages are cached only for visitors without a
 * session cookie, since a signed-in page shows its user.
 */
export const pageCacheKey = (url: string, cookie: string | undefined) =>
  cookie?.includes(SESSION_COOKIE) ? undefined : `page:${url}`;

/**
 * The cache tags of the answer a request got (a hit's, or a cacheable route's), kept beside the
 * request rather than sent in a header: a page is cached under the union of its answers' tags
 * (page-renderer.ts reads them from each injected request).
 */
const answerTags = new WeakMap<IncomingMessage, readonly string[]>();
export const tagsOfAnswer = (req: IncomingMessage): readonly string[] => answerTags.get(req) ?? [];

/** Answers a request from the response cache, or returns false when it has no entry for it. */
export type CacheAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The one way a cache hit is sent: straight on Node's request and response, with the headers a
 * routed answer gets, before Fastify routes the request (app.ts puts it in front of the server's
 * handler) or, for in-process requests, from the first hook. A hit skips routing, the hooks and the
 * reply's machinery, which cost more than the hit itself (docs/performance.md).
 */
export function createCacheAnswer(
  cache: ResponseCache,
  securityHeaders: SecurityHeaders,
  observe: ObserveRequest,
): CacheAnswer {
  return (req, res) => {
    const { url, method = '' } = req;
    // A HEAD gets the GET's headers; Node leaves the body out.
    if ((method !== 'GET' && method !== 'HEAD') || !url) return false;
    const key = url.startsWith('/api/') ? apiCacheKey(url) : pageCacheKey(url, req.headers.cookie);
    const entry = key ? cache.get(key) : undefined;
    if (!entry) return false;
    answerTags.set(req, entry.tags);
    const started = performance.now();
    const send = ({ body, coding }: EncodedBody) => {
      const headers = securityHeaders(url, createNonce());
      headers['content-type'] = entry.contentType;
      if (coding) headers['content-encoding'] = coding;
      headers.vary = 'accept-encoding';
      headers['x-cache'] = 'hit';
      res.writeHead(entry.status, Object.assign(headers, entry.headers, { 'content-length': body.length }));
      res.end(body);
      observe(method, entry.route, entry.status, (performance.now() - started) / 1000);
    };
    // A coding no visitor asked for before is compressed first, off the server thread.
    const encoded = encodeCached(entry, req.headers['accept-encoding']);
    if (encoded instanceof Promise) encoded.then(send, (error: Error) => res.destroy(error));
    else send(encoded);
    return true;
  };
}

/**
 * Sets the reply's content-encoding and vary for an encoded body. The body is already encoded, so
 * the compression plugin passes it through (it skips replies that carry a content-encoding).
 */
function withCoding(reply: FastifyReply, { body, coding }: EncodedBody): Buffer {
  if (coding) reply.header('content-encoding', coding);
  reply.header('vary', 'accept-encoding');
  return body;
}

/** Sends a cached response, compressed as the visitor accepts. */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
): Promise<FastifyReply> {
  const encoded = await encodeCached(entry, request.headers['accept-encoding']);
  return sendEncoded(reply, entry.status, entry.contentType, encoded);
}

function sendEncoded(
  reply: FastifyReply,
  status: number,
  contentType: string,
  encoded: EncodedBody,
): FastifyReply {
  return reply.status(status).header('content-type', contentType).send(withCoding(reply, encoded));
}

/** Sends a body made for this response alone, compressed quickly as the visitor accepts. */
export async function sendSingle(
  request: FastifyRequest,
  reply: FastifyReply,
  response: { status: number; contentType: string; body: Buffer },
): Promise<FastifyReply> {
  const encoded = await encodeSingle(response.body, request.headers['accept-encoding']);
  return sendEncoded(reply, response.status, response.contentType, encoded);
}

/**
 * Stores a route's successful answer under its URL from the URL's second request on (decision
 * 0040), unless a change invalidated one of its tags since `mark` (taken before the answer was
 * read); returns the entry, or nothing for a first request.
 */
function storeApiAnswer(
  cache: ResponseCache,
  url: string,
  answer: { contentType: string; text: string; tags: readonly string[]; route: string },
  mark: number,
): CachedResponse | undefined {
  if (!cache.admit(apiCacheKey(url))) return undefined;
  const entry: CachedResponse = {
    status: 200,
    contentType: answer.contentType,
    body: Buffer.from(answer.text),
    encoded: {},
    tags: answer.tags,
    route: answer.route,
    headers: {},
  };
  cache.set(apiCacheKey(url), entry, mark);
  return entry;
}

/**
 * Serves cached GET responses (`answer`, for in-process requests that do not pass the server) and
 * stores fresh answers of routes that declare `cacheTags`. Entries are dropped by change events
 * (`cacheTagsOf`, subscribed in app.ts), not by routes.
 * A route with `cacheTags` answers the same to every visitor, signed in or not (so signed-in page
 * renders reuse the public data too); reading the session there is refused (accounts/service.ts).
 */
export function registerResponseCache(app: FastifyInstance, answer: CacheAnswer): void {
  // Callback-style hooks: they run on every request, and a promise per hook costs.
  app.decorateRequest('cacheMark', 0);
  app.addHook('onRequest', (request, reply, done) => {
    // Taken before the handler reads anything, so an answer it builds is only stored if no write
    // invalidated the cache meanwhile.
    request.cacheMark = app.cache.mark();
    if (!answer(request.raw, reply.raw)) return done();
    reply.hijack();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const config = request.routeOptions.config;
    const routeTags = config?.cacheTags;
    if (!routeTags || request.method !== 'GET') return done(null, payload);
    const tags = answerTagsOf(request, routeTags);
    answerTags.set(request.raw, tags);
    if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const answer = {
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      text: payload,
      tags,
      route: request.routeOptions.url ?? request.url,
    };
    const entry = storeApiAnswer(app.cache, request.url, answer, request.cacheMark);
    reply.header('x-cache', 'miss');
    // Asked for once lately: sent as any dynamic answer, compressed by the compression plugin.
    if (!entry) return done(null, payload);
    const encoded = encodeCached(entry, request.headers['accept-encoding']);
    if (encoded instanceof Promise)
      encoded.then(
        (body) => done(null, withCoding(reply, body)),
        (error: Error) => done(error),
      );
    else done(null, withCoding(reply, encoded));
  });
}
