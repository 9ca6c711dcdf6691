import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Records one answered request's duration (for answers sent outside Fastify's hooks, cache hits). */
export type ObserveRequest = (method: string, route: string, status: number, seconds: number) => void;

/** Whether an Authorization header carries the bearer token, compared in constant time. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  // Digests have one length whatever was sent, so the comparison's time tells nothing of the token.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Prometheus metrics at /metrics: process defaults and request durations by route. Only for the
 * monitoring that holds METRICS_TOKEN: without one configured the address does not exist (404).
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): ObserveRequest {
  const registry = new Registry();
  // `nodejs_eventloop_lag_max_seconds` is the longest stretch the server thread was held since the
  // last scrape. Its histogram samples at this interval and counts it in every sample, so at the
  // default 10 ms a 40 ms stall could read as 50 ms.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 1 });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const observe: ObserveRequest = (method, route, status, seconds) =>
    duration.observe({ method, route, status: String(status) }, seconds);
  app.addHook('onResponse', (request, reply, done) => {
    observe(
      request.method,
      request.routeOptions.url ?? 'unknown',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  // No cacheTags: the response cache never stores it; no-store keeps it out of any other cache.
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!token) {
      return reply.status(404).send({ message: 'No route for GET /metrics', code: 'not_found' });
    }
    if (!hasBearerToken(request.headers.authorization, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'A valid bearer token is required', code: 'unauthorized' });
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
  return observe;
}
