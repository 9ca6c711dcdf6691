import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Access, RouteAccess, SessionUser } from './access';
import type { ResponseCache } from './cache';
import type { Changes } from './events';
import type { Jobs } from './jobs';
import type { Mailer } from './mailer';
import type { ReadModels } from './read-model';
import type { Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    /** Shutdown's drain (main.ts): /readyz answers 503 when notReady; answers close their connection when closeConnections. */
    drain: { notReady: boolean; closeConnections: boolean };
    database: Database;
    cache: ResponseCache;
    /** Change events of this process and (with Redis) the cluster; services publish what they wrote. */
    changes: Changes;
    /** Data held in memory for reads, kept up to date by change events (lib/read-model.ts). */
    readModels: ReadModels;
    /** The named jobs of every module: scheduled once across processes, or run now with `run`. */
    jobs: Jobs;
    /** Uploaded files (lib/uploads.ts writes them; the local data folder by default). */
    storage: Storage;
    mailer: Mailer;
    /**
     * The signed-in user of a request, or null, looked up once per request (decorated by the
     * accounts module). Handlers read it through lib/access.ts: `sessionUser`, `optionalSessionUser`.
     */
    findSessionUser(request: FastifyRequest): Promise<SessionUser | null>;
    /** Every route with who may call it (lib/access.ts), in registration order. */
    routeAccess: RouteAccess[];
  }
  interface FastifyRequest {
    /** The response cache's mark when the request arrived (`ResponseCache.mark`). */
    cacheMark: number;
  }
  interface FastifyContextConfig {
    /** Anonymous GET responses of this route are cached and dropped when one of these tags changes. */
    cacheTags?: string[];
    /** Who may call the route (lib/access.ts); filled in at registration when not declared. */
    access?: Access;
  }
}
