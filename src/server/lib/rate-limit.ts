import type {
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitPluginOptions,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * One limit: at most `max` requests per `timeWindow` milliseconds for each key. A request whose key
 * is undefined (no session for a per-user limit, no email in the body) is not counted by it.
 */
export interface Limit {
  name: string;
  max: number;
  timeWindow: number;
  key: (request: FastifyRequest) => string | undefined | Promise<string | undefined>;
}

/** Per client address (the proxy's forwarded address when TRUST_PROXY is set). */
export const byIp = (name: string, max: number, timeWindow: number): Limit => ({
  name: `${name}:ip`,
  max,
  timeWindow,
  key: (request) => request.ip,
});

/** Per signed-in account; requests without a session are left to the other limits. */
export const byUser = (name: string, max: number, timeWindow: number): Limit => ({
  name: `${name}:user`,
  max,
  timeWindow,
  key: async (request) => (await request.server.findSessionUser(request))?.id,
});

/** Per any key the route derives from the request (an email in the body, a coupon id ...). */
export const byKey = (name: string, key: Limit['key'], max: number, timeWindow: number): Limit => ({
  name: `${name}:key`,
  max,
  timeWindow,
  key,
});

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment and try again.';

/** The preHandlers `rateLimit` made, so the API document can tell a rate-limited route (lib/openapi.ts). */
const rateLimitHandlers = new WeakSet<object>();

/** Whether a route's preHandler (one or a list) includes a `rateLimit(...)` check. */
export const isRateLimited = (preHandler: unknown): boolean =>
  [preHandler].flat().some((handler) => typeof handler === 'function' && rateLimitHandlers.has(handler));

/**
 * The one way a route is rate limited: `preHandler: rateLimit(app, [...])`. It runs after the
 * schema checks, so a key taken from the body is a validated value and a malformed request (a 400
 * that cost the server next to nothing) does not use up a person's attempts. It counts the request against every limit
 * (in Redis when REDIS_URL is set, so all processes share the counters; in memory otherwise) and
 * answers 429 with Retry-After at the first limit exceeded.
 */
export function rateLimit(app: FastifyInstance, limits: Limit[]) {
  const checks = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.timeWindow,
      keyGenerator: async (request) => `${limit.name}:${await limit.key(request)}`,
    }),
  }));
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const { limit, check } of checks) {
      if ((await limit.key(request)) === undefined) continue;
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
        throw new AppError(429, 'rate_limited', RATE_LIMITED_MESSAGE);
      }
    }
  };
  rateLimitHandlers.add(handler);
  return handler;
}

/**
 * A once-per-window gate in the limits' store (Redis when REDIS_URL is set, so across processes):
 * true the first time a key is noted, false again until `timeWindow` milliseconds have passed. For
 * work that must happen once though several requests may see its cause at the same moment (an alert
 * email).
 */
export function firstInWindow(app: FastifyInstance, name: string, timeWindow: number) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: 1,
    timeWindow,
    keyGenerator: (request) => `${name}:once:${keys.get(request)}`,
  });
  return async (request: FastifyRequest, key: string): Promise<boolean> => {
    keys.set(request, key);
    const result = await check(request);
    return result.isAllowed || !result.isExceeded;
  };
}

type StoreWithRead = FastifyRateLimitStore & { read?: FastifyRateLimitStore['incr'] };
type StoreCall = Parameters<FastifyRateLimitStore['incr']>;

/**
 * The counters' store with REDIS_URL: Redis while it answers, so every process shares them; this
 * process's memory while it does not (refused, reset, or no answer within the command timeout of
 * lib/redis.ts), so a Redis outage never fails or stalls a request and limits still hold per process.
 */
export function redisOrLocalStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class RedisOrLocalStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: StoreWithRead,
      private readonly local: StoreWithRead,
    ) {}

    private run(method: 'incr' | 'read', [key, callback, timeWindow, max]: StoreCall) {
      const local = () => this.local[method]?.(key, callback, timeWindow, max);
      if (redis.status !== 'ready') return local();
      this.shared[method]?.(
        key,
        (error, result) => (error ? local() : callback(null, result)),
        timeWindow,
        max,
      );
    }

    incr(...call: StoreCall) {
      this.run('incr', call);
    }

    read(...call: StoreCall) {
      this.run('read', call);
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new RedisOrLocalStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return class extends RedisOrLocalStore {
    constructor(options: RateLimitPluginOptions) {
      super(
        new RedisStore(options.continueExceeding, options.exponentialBackoff, redis, nameSpace),
        new LocalStore(options.continueExceeding, options.exponentialBackoff, options.cache),
      );
    }
  };
}
