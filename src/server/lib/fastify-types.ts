import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Access, RouteAccess } from './access';
import type { ResponseCache } from './cache';
import type { Changes } from './events';
import type { AnswerInProcess } from './in-process-answers';
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
    /** The signed-in user's id of a request, or undefined (decorated by the accounts module). */
    sessionUserId(request: FastifyRequest): Promise<string | undefined>;
    /** Every route with who may call it (lib/access.ts), in registration order. */
    routeAccess: RouteAccess[];
    /** A page render's public API answer without the HTTP layer, when it can be (lib/in-process-answers.ts). */
    answerInProcess: AnswerInProcess;
    /** Shared-memory slots holding a page body not yet sent, with render threads (render/page-bytes.ts). */
    pageSlotsInUse?: () => number;
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
