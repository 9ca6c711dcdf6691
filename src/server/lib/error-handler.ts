import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

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
 * The one place errors become responses: `{ message, code }`, 5xx details only in the log.
 * Also Fastify's `frameworkErrors` option: a URL the router cannot decode is answered before any
 * route or hook exists, so `setErrorHandler` never sees it.
 */
export function sendError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    if (error.status >= 500) request.log.error({ err: error }, 'service error');
    return reply.status(error.status).send(error.toBody());
  }
  // Fastify's own bodies for these echo the raw URL back and have another shape.
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({
      message: 'The URL is not valid: it has a malformed percent-encoding (write a literal % as %25).',
      code: 'bad_url',
    });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply
      .status(414)
      .send({ message: 'The URL is not valid: a part of its path is too long.', code: 'url_too_long' });
  }
  // Zod issues (fastify-type-provider-zod) and JSON-schema ones alike: describeIssue reads both.
  if (error.validation) {
    const message = error.validation
      .map((i) => describeIssue(i as Issue, error.validationContext))
      .join('; ');
    return reply.status(400).send({ message: `Invalid input: ${message}`, code: 'validation_failed' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return reply.status(400).send({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply
      .status(413)
      .send({ message: 'The request body is larger than 1 MB.', code: 'body_too_large' });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return reply.status(415).send({ message: 'Unsupported content type.', code: 'unsupported_media_type' });
  }
  const pgCode = postgresCode(error);
  if (pgCode === '23503') {
    return reply
      .status(400)
      .send({ message: 'The request refers to a record that does not exist.', code: 'unknown_reference' });
  }
  if (pgCode === '23505') {
    return reply.status(409).send({ message: 'This record already exists.', code: 'conflict' });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply
      .status(429)
      .send({ message: 'Too many requests. Please wait a moment and try again.', code: 'rate_limited' });
  }
  if (status >= 400 && status < 500) {
    return reply.status(status).send({ message: error.message, code: error.code ?? 'bad_request' });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply
    .status(500)
    .send({ message: 'Something went wrong on our side. Please try again.', code: 'internal' });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
