import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function buildCsp(nonce: string, framable: boolean, dev: boolean): string {
  const script = dev ? `'self' 'nonce-${nonce}' 'unsafe-eval'` : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${script}`,
    // React and Radix position popovers with style attributes, which nonces cannot cover.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    framable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
}

function isCrossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  const own = `${request.protocol}://${request.host}`;
  return origin !== own && origin !== publicOrigin;
}

/** Security headers on every response and the same-origin rule for state-changing API calls. */
export function registerSecurity(app: FastifyInstance, options: { publicUrl: string; dev: boolean }): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    request.cspNonce = randomBytes(16).toString('base64');
    const framable = request.url.startsWith('/widget/');
    reply.header('content-security-policy', buildCsp(request.cspNonce, framable, options.dev));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
    if (!framable) reply.header('x-frame-options', 'DENY');
    if (!options.dev && request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (
      !SAFE_METHODS.has(request.method) &&
      request.url.startsWith('/api/') &&
      isCrossOrigin(request, publicOrigin)
    ) {
      return reply
        .status(403)
        .send({ message: 'Cross-origin requests are not allowed.', code: 'cross_origin' });
    }
  });
}
