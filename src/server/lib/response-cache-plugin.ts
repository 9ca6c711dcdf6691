import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type CachedResponse, type EncodedBody, encodeCached, encodeSingle } from './cache';

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
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
): FastifyReply {
  const encoded = encodeCached(entry, request.headers['accept-encoding']);
  return sendEncoded(reply, entry.status, entry.contentType, encoded);
}

/** Sends a body already encoded (`encodeCached`, or `encodeSingle`, possibly on a render thread). */
export function sendEncoded(
  reply: FastifyReply,
  status: number,
  contentType: string,
  encoded: EncodedBody,
): FastifyReply {
  return reply.status(status).header('content-type', contentType).send(withCoding(reply, encoded));
}

/** Sends a body made for this response alone, compressed quickly as the visitor accepts. */
export function sendSingle(
  request: FastifyRequest,
  reply: FastifyReply,
  response: { status: number; contentType: string; body: Buffer },
): FastifyReply {
  const encoded = encodeSingle(response.body, request.headers['accept-encoding']);
  return sendEncoded(reply, response.status, response.contentType, encoded);
}

/**
 * Serves cached GET responses of routes that declare `cacheTags`, stores fresh ones, and drops
 * tagged entries after successful writes through routes that declare `invalidates`.
 * A route with `cacheTags` answers the same to every visitor, signed in or not (so signed-in page
 * renders reuse the public data too); reading the session there is refused (accounts/service.ts).
 */
export function registerResponseCache(app: FastifyInstance): void {
  // Callback-style hooks: they run on every request, and a promise per hook costs.
  app.addHook('onRequest', (request, reply, done) => {
    const tags = request.routeOptions.config?.cacheTags;
    const hit = tags && request.method === 'GET' ? app.cache.get(`api:${request.url}`) : undefined;
    if (!hit) return done();
    sendCached(request, reply.headers({ 'x-cache': 'hit', 'x-cache-tags': hit.tags.join(',') }), hit);
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const config = request.routeOptions.config;
    if (!config || reply.getHeader('x-cache') === 'hit') return done(null, payload);
    if (config.invalidates && !['GET', 'HEAD'].includes(request.method) && reply.statusCode < 400) {
      app.cache.invalidate(config.invalidates);
    }
    const tags = config.cacheTags;
    if (!tags || request.method !== 'GET') return done(null, payload);
    reply.header('x-cache-tags', tags.join(','));
    if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    const entry: CachedResponse = {
      status: 200,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      body: Buffer.from(payload),
      encoded: {},
      tags,
    };
    app.cache.set(`api:${request.url}`, entry);
    const encoded = encodeCached(entry, request.headers['accept-encoding']);
    done(null, withCoding(reply.header('x-cache', 'miss'), encoded));
  });
}
