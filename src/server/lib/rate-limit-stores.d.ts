// @fastify/rate-limit ships its two stores as files without type declarations; lib/rate-limit.ts
// combines them (Redis while it answers, this process's memory otherwise).
declare module '@fastify/rate-limit/store/*.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const Store: new (
    ...args: unknown[]
  ) => FastifyRateLimitStore & {
    read?: FastifyRateLimitStore['incr'];
  };
  export default Store;
}
