import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The connection of REDIS_URL. The server does not need Redis to serve: while it is unreachable,
 * rate limits are counted in this process (lib/rate-limit.ts) and change events reach this
 * process only (lib/events.ts); ioredis reconnects by itself. Logs once when Redis goes away and
 * once when it is back. A command gets no answer within a second: Redis is taken as gone.
 */
export function openRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, commandTimeout: 1_000 });
  let up: boolean | undefined;
  redis.on('ready', () => {
    if (up === false) log.info('Redis reachable again: rate limits and change events are shared again');
    up = true;
  });
  redis.on('error', (err) => {
    if (up !== false)
      log.warn(
        { err },
        'Redis unavailable: rate limits are counted in this process and change events stay in it meanwhile',
      );
    up = false;
  });
  return redis;
}

/** Closes a connection at shutdown: politely when Redis answers, at once when it does not. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== 'ready') return redis.disconnect();
  await redis.quit().catch(() => redis.disconnect());
}
