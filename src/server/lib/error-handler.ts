import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { sendNoticePage, wantsPage } from './notice-page';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function describeIssue(issue: Issue, context: string | undefined): string {
  const fromPath = issue.params?.issue?.path?.map(String).join('.');
  const field =
    fromPath || issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') || context || 'request';
  return `${field}: ${issue.message ?? 'is invalid'}`;
}

/** Drizzle wraps driver errors; the SQLSTATE code sits on the error or its cause. */
export function postgresCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * The database cannot be reached: the server is restarting or shutting down (57P01-57P03), the
 * connection failed or broke (class 08, refused, reset), or no connection came within the pool's
 * timeout (db/client.ts). Such a request may succeed in a few seconds, so it gets 503 + Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (/^(57P0[123]|08...)$/.test(code)) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(code))
      return true;
    // node-postgres and its pool say these without a code.
    if (
      typeof e.message === 'string' &&
      /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface ErrorAnswer {
  status: number;
  body: { message: string; code: string };
  headers?: Record<string, string>;
}

const answer = (status: number, body: ErrorAnswer['body']): ErrorAnswer => ({ status, body });

/** The body of every answer given while the database is unreachable. */
export const UNAVAILABLE_BODY = {
  message: 'The service is briefly unavailable. Please try again in a few seconds.',
  code: 'unavailable',
} as const;

const UNAVAILABLE: ErrorAnswer = {
  status: 503,
  body: UNAVAILABLE_BODY,
  headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
};

/** The status and `{ message, code }` body of an error; 5xx details go only to the log. */
function answerError(error: FastifyError, request: FastifyRequest): ErrorAnswer {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'service error');
    return { status: error.status, body: error.toBody() };
  }
  // Fastify's own bodies for these echo the raw URL back and have another shape.
  if (error.code === 'FST_ERR_BAD_URL') {
    return answer(400, {
      message: 'The URL is not valid: it has a malformed percent-encoding (write a literal % as %25).',
      code: 'bad_url',
    });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return answer(414, {
      message: 'The URL is not valid: a part of its path is too long.',
      code: 'url_too_long',
    });
  }
  // Zod issues (fastify-type-provider-zod) and JSON-schema ones alike: describeIssue reads both.
  if (error.validation) {
    const message = error.validation
      .map((i) => describeIssue(i as Issue, error.validationContext))
      .join('; ');
    return answer(400, { message: `Invalid input: ${message}`, code: 'validation_failed' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return answer(400, { message: 'The request body is not valid JSON.', code: 'invalid_json' });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return answer(413, { message: 'The request body is larger than 1 MB.', code: 'body_too_large' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return answer(415, { message: 'Unsupported content type.', code: 'unsupported_media_type' });
  }
  const pgCode = postgresCode(error);
  if (pgCode === '23503') {
    return answer(400, {
      message: 'The request refers to a record that does not exist.',
      code: 'unknown_reference',
    });
  }
  if (pgCode === '23505') {
    return answer(409, { message: 'This record already exists.', code: 'conflict' });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable: answered 503');
    return UNAVAILABLE;
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return answer(429, {
      message: 'Too many requests. Please wait a moment and try again.',
      code: 'rate_limited',
    });
  }
  if (status >= 400 && status < 500) {
    return answer(status, { message: error.message, code: error.code ?? 'bad_request' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return answer(500, { message: 'Something went wrong on our side. Please try again.', code: 'internal' });
}

const PAGE_TITLES: Record<number, string> = {
  400: 'This address is not valid',
  401: 'Please log in',
  403: 'Access denied',
  404: 'Page not found',
  414: 'This address is too long',
  429: 'Too many requests',
  503: 'Temporarily unavailable',
};

/**
 * The one place errors become responses: `{ message, code }` for the API and scripts, and a small
 * HTML page for a browser asking for a page (a malformed address, a failed render).
 * Also Fastify's `frameworkErrors` option: a URL the router cannot decode is answered before any
 * route or hook exists, so `setErrorHandler` never sees it.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendAnswer(request, reply, answerError(error, request));
}

/**
 * The answer to a request that needed the database while it was unreachable, when no error reached
 * the handler: a page whose session lookup or API answers said so (render/page-renderer.ts).
 */
export function sendUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendAnswer(request, reply, UNAVAILABLE);
}

function sendAnswer(request: FastifyRequest, reply: FastifyReply, { status, body, headers }: ErrorAnswer) {
  if (headers) reply.headers(headers);
  if (!wantsPage(request)) return reply.status(status).send(body);
  const title = PAGE_TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'This request was refused');
  return sendNoticePage(reply, status, { title, text: body.message });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
