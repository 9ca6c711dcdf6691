import type { Database } from '../db/client';
import type { Env } from '../env';
import type { ResponseCache } from './cache';
import type { Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    database: Database;
    cache: ResponseCache;
    mailer: Mailer;
  }
  interface FastifyRequest {
    /** The response cache's mark when the request arrived (`ResponseCache.mark`). */
    cacheMark: number;
  }
  interface FastifyContextConfig {
    /** Anonymous GET responses of this route are cached and dropped when one of these tags changes. */
    cacheTags?: string[];
    /** A successful write through this route drops cached responses with these tags. */
    invalidates?: string[];
  }
}
