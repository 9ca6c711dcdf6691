import type { FastifyInstance } from 'fastify';
import { notFound } from './app-error';
import { contentTypeOf, IMMUTABLE, isStorageKey, UPLOADS_PATH } from './storage';

/**
 * Public uploads at `/uploads/<key>`, streamed from the storage whichever adapter holds them, so
 * every server behind a balancer answers for every file. Private files are never served here: the
 * routes that show them check who asks and read them with `storage.read`.
 */
export function registerUploadServing(app: FastifyInstance): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_PATH}*`,
    // HEAD answered here: Fastify's own would read the whole file to throw it away, or say length 0.
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const file = isStorageKey(key) ? await app.storage.open(key, 'public') : null;
      if (!file) throw notFound('File');
      reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', file.length)
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff');
      if (request.method === 'HEAD') {
        file.body.destroy();
        return reply.send();
      }
      return reply.send(file.body);
    },
  });
}
