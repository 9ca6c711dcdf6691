import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from './access';
import { ErrorSchema } from './http';
import { isRateLimited } from './rate-limit';

/**
 * The OpenAPI document (@fastify/swagger, served at /api/docs). A route states what only it knows:
 * `operationId` (verb-noun camelCase, unique), `summary`, one module tag, and the error statuses
 * its own logic gives (404, 409 ...) with `ErrorSchema`. What follows from how it is declared is
 * added here, once, for every route: 400 when it validates input, 401/403 and the session cookie
 * from `config.access`, 403 for state-changing calls (the same-origin rule, lib/security.ts), 429
 * when a `rateLimit(...)` preHandler guards it, 503 (the database is unreachable), and a
 * description on every error response.
 */

export const SESSION_SCHEME = 'sessionCookie';
export const POSTBACK_SIGNATURE_SCHEME = 'offerwallSignature';

/** Better Auth's session cookie (`cookiePrefix` in modules/accounts/auth.ts; `__Secure-` first over https). */
const SESSION_COOKIE = 'pfc.session_token';

const securitySchemes = {
  [SESSION_SCHEME]: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: `The session cookie set by sign-up and log-in (\`__Secure-${SESSION_COOKIE}\` when the site is served over https). A state-changing call must also send an Origin header of this site.`,
  },
  [POSTBACK_SIGNATURE_SCHEME]: {
    type: 'apiKey',
    in: 'query',
    name: 'sig',
    description:
      "Offerwall postbacks: lowercase hex HMAC-SHA256 of `transaction_id:user_id:points:status` with the wall's shared secret (OFFERWALL_SECRET, ADSCEND_SECRET).",
  },
} as const;

const RETRY_AFTER = {
  'retry-after': { type: 'integer', description: 'Seconds to wait before trying again.' },
};

const descriptions: Record<string, string> = {
  400: 'The input is invalid: the message names the field and what is wrong with it.',
  401: 'Not signed in: no valid session cookie.',
  403: 'Forbidden.',
  404: 'Not found.',
  409: 'In conflict with the current state (already done, already taken, or changed meanwhile).',
  413: 'Too large.',
  415: 'Unsupported content type.',
  422: 'Well-formed, but refused by the rules (the message says which).',
  429: 'Too many requests: wait as many seconds as Retry-After says.',
  503: 'Briefly unavailable (the database cannot be reached): try again after Retry-After seconds.',
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Why a route can answer 403, as the response's description. */
function forbiddenReasons(access: Access, methods: string[], declared: boolean): string[] {
  const reasons: string[] = [];
  if (access === 'admin') reasons.push('Admin only: the signed-in user is not an admin.');
  if (access === 'verified') reasons.push('The email address of the signed-in user is not verified yet.');
  if (declared) reasons.push("The operation's rules forbid it for this caller or this item.");
  if (methods.some((method) => STATE_CHANGING.has(method)))
    reasons.push('The request came from another site (its Origin header is not this site).');
  return reasons;
}

const isZodSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

type Responses = Record<string, unknown>;

/** An error response: the error body, a description, and Retry-After where it applies. */
const errorResponse = (status: string, description: string, schema: z.ZodType = ErrorSchema) => ({
  description,
  content: { 'application/json': { schema } },
  ...(status === '429' || status === '503' ? { headers: RETRY_AFTER } : {}),
});

/** The route's schema with the central parts added (still zod: jsonSchemaTransform converts it after). */
export function completeRouteSchema(schema: FastifySchema & Record<string, unknown>, route: RouteOptions) {
  const access = (route.config as { access?: Access } | undefined)?.access ?? 'public';
  const methods = [route.method].flat().map(String);
  const declared = (schema.response ?? {}) as Responses;
  const responses: Responses = {};
  for (const [status, response] of Object.entries(declared)) {
    // A zod schema alone (`404: ErrorSchema`) gets the status's description.
    responses[status] =
      isZodSchema(response) && Number(status) >= 400
        ? errorResponse(status, descriptions[status] ?? `Error ${status}.`, response)
        : response;
  }
  const add = (status: number, description: string) => {
    responses[status] ??= errorResponse(String(status), description);
  };

  if (schema.body || schema.querystring || schema.params || schema.headers) add(400, descriptions[400]);
  if (schema.body) {
    add(413, 'The body is larger than 1 MB.');
    add(415, 'The body is not JSON (its Content-Type).');
  }
  if (access !== 'public') add(401, descriptions[401]);
  const forbidden = forbiddenReasons(access, methods, '403' in declared);
  if (forbidden.length) {
    const reasons = forbidden.join(' ');
    responses[403] = errorResponse('403', reasons, isZodSchema(declared[403]) ? declared[403] : ErrorSchema);
  }
  if (isRateLimited(route.preHandler)) add(429, descriptions[429]);
  add(503, descriptions[503]);
  if (!Object.keys(responses).some((status) => status.startsWith('2') || status.startsWith('3'))) {
    responses[200] = { description: 'Done.', content: { 'application/json': { schema: z.unknown() } } };
  }

  const admin = access === 'admin';
  return {
    ...schema,
    response: responses,
    security: schema.security ?? (access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }]),
    ...(admin
      ? {
          'x-admin-only': true,
          description: ['Admin only.', schema.description].filter(Boolean).join(' '),
        }
      : {}),
  };
}

/** An error response whose description is the route's own (what this route means by the status). */
export const describedError = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

/** The errors of a route that receives an uploaded image (lib/uploads.ts). */
export const UPLOAD_ERRORS = {
  400: describedError('No file, more than one, or an image that cannot be read.'),
  413: describedError('The file is larger than 5 MB.'),
  415: describedError('The file is not an image of an accepted type.'),
};

/** A response that is not JSON (an HTML page, a plain-text answer), for a route's `response`. */
export const textResponse = (type: 'text/html' | 'text/plain' | 'application/xml', description: string) => ({
  description,
  content: { [type]: { schema: z.string() } },
});

/** A file's bytes (an image), for a route's `response`: any value to the type checker, a binary string to the document. */
export const binaryResponse = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.any().meta({ type: 'string', format: 'binary' }) } },
});

/** A redirect (302) for a route's `response`; the document shows it without a body. */
export const redirectResponse = (description: string) => z.null().describe(description);

const transform: SwaggerTransform = (input) => {
  const schema = (input.schema ?? {}) as FastifySchema & Record<string, unknown>;
  if (schema.hide) return { schema: { hide: true }, url: input.url };
  return jsonSchemaTransform({ ...input, schema: completeRouteSchema(schema, input.route) });
};

const successDescriptions: Record<string, string> = {
  200: 'OK.',
  201: 'Created.',
  202: 'Accepted.',
  204: 'Done: no content.',
  302: 'Redirect to the Location header.',
};

/**
 * What zod's JSON Schema for OpenAPI 3.0 leaves imprecise, made exact: `{ nullable: true }` without a
 * type (`z.unknown().nullable()`, which 3.0 forbids), and records keyed by an enum (`required` keys
 * with no `properties`).
 */
function refineSchemas(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) refineSchemas(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  if (record.nullable === true && record.type === undefined && !record.$ref && !record.anyOf && !record.oneOf)
    delete record.nullable;
  const { required, properties, additionalProperties } = record;
  if (
    Array.isArray(required) &&
    !properties &&
    additionalProperties &&
    typeof additionalProperties === 'object'
  ) {
    record.properties = Object.fromEntries(required.map((name) => [name, additionalProperties]));
    record.additionalProperties = false;
  }
  for (const value of Object.values(record)) refineSchemas(value);
}

type Paths = Record<string, Record<string, { responses?: Record<string, Record<string, unknown>> }>>;

/** 204 answers without a body, and success responses described by their status, not "Default Response". */
function refineResponses(paths: Paths): void {
  for (const operation of Object.values(paths).flatMap((methods) => Object.values(methods))) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (status === '204' || status.startsWith('3')) delete response.content;
      if (response.description === 'Default Response')
        response.description = successDescriptions[status] ?? 'OK.';
    }
  }
}

/** The options of @fastify/swagger for this site. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Prop Firm Club API',
        version: '1.0.0',
        description:
          'The public and signed-in API of Prop Firm Club. Errors have the body `{ "message", "code" }`. Signed-in operations take the session cookie; admin-only operations say so (`x-admin-only`).',
      },
      // Relative: the site that serves the document (/api/docs/json) is the server.
      servers: [{ url: '/', description: 'This site' }],
      components: { securitySchemes },
    },
    transform,
    transformObject: (document) => {
      // The schemas given an id (ErrorSchema: `Error`) become components, referenced by every route.
      const openapiObject = jsonSchemaTransformObject(document) as {
        paths: Paths;
        components: { schemas: Record<string, unknown> };
      };
      refineSchemas(openapiObject.paths);
      refineResponses(openapiObject.paths);
      // Each one comes as input and output; only the variants some route uses are kept.
      const used = JSON.stringify(openapiObject.paths);
      for (const name of Object.keys(openapiObject.components.schemas)) {
        if (!used.includes(`"#/components/schemas/${name}"`)) delete openapiObject.components.schemas[name];
      }
      return openapiObject as ReturnType<SwaggerTransformObject>;
    },
  };
}
