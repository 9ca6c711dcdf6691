import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Records one answered request's duration (for answers sent outside Fastify's hooks, cache hits). */
export type ObserveRequest = (method: string, route: string, status: number, seconds: number) => void;

/** Prometheus metrics at /metrics: process defaults and request durations by route. */
export function registerMetrics(app: FastifyInstance): ObserveRequest {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
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
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', registry.contentType).send(await registry.metrics()),
  );
  return observe;
}
