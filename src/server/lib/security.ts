import { randomBytes } from 'node:crypto';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The policy split around its nonce, so each response only joins three strings. */
function cspAround(
  framable: boolean,
  dev: boolean,
  frameSources: readonly string[] = [],
  imageSources: readonly string[] = [],
): [string, string] {
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-NONCE'${dev ? " 'unsafe-eval'" : ''}`,
    // React and Radix position popovers with style attributes, which nonces cannot cover.
    "style-src 'self' 'unsafe-inline'",
    // Any https image (admins link logos from anywhere) and the uploads' bucket, which may be plain http.
    `img-src 'self' data: https:${imageSources.map((origin) => ` ${origin}`).join('')}`,
    "font-src 'self' data:",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // The configured offerwalls are embedded in frames (modules/points/offerwalls.ts); nothing else is.
    ...(frameSources.length ? [`frame-src 'self' ${frameSources.join(' ')}`] : []),
    framable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
  const [before = '', after = ''] = policy.split('NONCE');
  return [before, after];
}

/** 16 random bytes per nonce, drawn from a block refilled every 256 nonces (one syscall, not 256). */
const NONCE_BYTES = 16;
let nonceBlock = Buffer.alloc(0);
let nonceOffset = 0;
export function createNonce(): string {
  if (nonceOffset + NONCE_BYTES > nonceBlock.length) {
    nonceBlock = randomBytes(NONCE_BYTES * 256);
    nonceOffset = 0;
  }
  const nonce = nonceBlock.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

function isCrossOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  const own = `${request.protocol}://${request.host}`;
  return origin !== own && origin !== publicOrigin;
}

/**
 * Whether the query string has a malformed percent-encoding (a % without two hex digits after it,
 * or escapes that are not UTF-8). The router refuses such a path, but its query parser keeps a bad
 * escape as raw text, which would then reach search and filters as if the visitor had typed it.
 */
function hasMalformedQuery(url: string): boolean {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return false;
  try {
    decodeURIComponent(url.slice(start + 1));
    return false;
  } catch {
    return true;
  }
}

/** Parsed fields to look into: objects and arrays, not raw bytes or streams (uploads). */
const hasFields = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

// String.prototype.isWellFormed is in Node 20 but not in the ES2023 library TypeScript is given.
const isWellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

/** JSON nested deeper than any form of the site; deeper input is refused before code recurses into it. */
export const MAX_INPUT_DEPTH = 64;

/**
 * What is wrong with parsed input (params, query or JSON body), if anything: a field whose text
 * holds a NUL character (PostgreSQL text cannot store NUL, so it would fail in the database), text
 * or a key that is not well-formed Unicode (a lone surrogate, which JSON can carry and PostgreSQL's
 * jsonb refuses), or nesting deeper than MAX_INPUT_DEPTH. Walks with its own stack: a recursive walk overflows on
 * hostile nesting, which is what it looks for.
 */
function inputProblem(value: unknown): string | undefined {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const [item, path, depth] = stack.pop() as [unknown, string, number];
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return `${path || 'the body'} must not contain a NUL character`;
      if (!isWellFormed(item)) return `${path || 'the body'} must be well-formed Unicode text`;
      continue;
    }
    if (!hasFields(item)) continue;
    if (depth >= MAX_INPUT_DEPTH)
      return `${path || 'the body'} is nested more than ${MAX_INPUT_DEPTH} levels deep`;
    // Reversed, so fields are checked in their order and the first bad one is named.
    for (const [key, child] of Object.entries(item).reverse()) {
      if (!isWellFormed(key)) return `${path || 'the body'} has a key that is not well-formed Unicode text`;
      stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
    }
  }
  return undefined;
}

/** The security headers of one response, by its URL (only the widget may be framed) and its CSP nonce. */
export type SecurityHeaders = (url: string, nonce: string) => Record<string, string>;

/**
 * The headers every response carries, routed or answered from the cache before routing
 * (response-cache-plugin.ts). Strict-Transport-Security goes with an https public address: browsers
 * ignore it over plain http, and the address, unlike a proxy's forwarded headers, cannot be spoofed.
 */
export function createSecurityHeaders(options: {
  publicUrl: string;
  dev: boolean;
  /** Origins pages may frame (the configured offerwalls). */
  frameSources?: readonly string[];
  /** Origins images come from besides this site and https (the public address of the uploads' bucket). */
  imageSources?: readonly string[];
}): SecurityHeaders {
  const pagePolicy = cspAround(false, options.dev, options.frameSources, options.imageSources);
  const widgetPolicy = cspAround(true, options.dev, [], options.imageSources);
  const hsts = !options.dev && new URL(options.publicUrl).protocol === 'https:';
  return (url, nonce) => {
    const framable = url.startsWith('/widget/');
    const [before, after] = framable ? widgetPolicy : pagePolicy;
    const headers: Record<string, string> = {
      'content-security-policy': before + nonce + after,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    };
    if (!framable) headers['x-frame-options'] = 'DENY';
    if (hsts) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
    return headers;
  };
}

/**
 * Security headers on every response, the same-origin rule for state-changing API calls, no
 * malformed percent-encoding in the query string and no NUL in input.
 */
export function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; securityHeaders: SecurityHeaders },
): void {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.decorateRequest('cspNonce', '');
  // Callback style, not async: this runs on every request and a promise per hook costs.
  app.addHook('onRequest', (request, reply, done) => {
    const nonce = createNonce();
    request.cspNonce = nonce;
    reply.headers(options.securityHeaders(request.url, nonce));
    // The router's own error for a bad path, so both get one answer from the error handler.
    if (hasMalformedQuery(request.url)) {
      done(new errorCodes.FST_ERR_BAD_URL(request.url));
      return;
    }
    if (
      !SAFE_METHODS.has(request.method) &&
      request.url.startsWith('/api/') &&
      isCrossOrigin(request, publicOrigin)
    ) {
      reply.status(403).send({ message: 'Cross-origin requests are not allowed.', code: 'cross_origin' });
      return;
    }
    done();
  });
  // Every route's input, before its schema: a NUL character is a 400 naming the field, never a
  // database error.
  app.addHook('preValidation', (request, reply, done) => {
    const problem =
      inputProblem(request.params) !== undefined
        ? 'the URL must not contain a NUL character'
        : (inputProblem(request.query) ?? inputProblem(request.body));
    if (problem === undefined) return done();
    reply.status(400).send({ message: `Invalid input: ${problem}`, code: 'validation_failed' });
  });
}
