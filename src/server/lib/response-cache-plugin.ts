import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../domain/render';

export function isAnonymous(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return !cookie?.includes(SESSION_COOKIE);
}

/**
 * Serves cached anonymous GET responses of routes that declare `cacheTags`, stores fresh ones,
 * and drops tagged entries after successful writes through routes that declare `invalidates`.
 */
export function registerResponseCache(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const tags = request.routeOptions.config?.cacheTags;
    if (!tags || request.method !== 'GET' || !isAnonymous(request)) return;
    const hit = app.cache.get(`api:${request.url}`);
    if (!hit) return;
    return reply
      .status(hit.status)
      .header('content-type', hit.contentType)
      .header('x-cache', 'hit')
      .header('x-cache-tags', hit.tags.join(','))
      .send(hit.body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (!config || reply.getHeader('x-cache') === 'hit') return payload;
    if (config.invalidates && !['GET', 'HEAD'].includes(request.method) && reply.statusCode < 400) {
      app.cache.invalidate(config.invalidates);
    }
    const tags = config.cacheTags;
    if (!tags || request.method !== 'GET') return payload;
    reply.header('x-cache-tags', tags.join(','));
    if (reply.statusCode === 200 && typeof payload === 'string' && isAnonymous(request)) {
      app.cache.set(`api:${request.url}`, {
        status: 200,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        body: payload,
        tags,
      });
      reply.header('x-cache', 'miss');
    }
    return payload;
  });
}
