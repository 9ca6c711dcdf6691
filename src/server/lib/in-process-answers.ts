import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import FindMyWay from 'find-my-way';
import type { z } from 'zod';
import type { ApiResponse } from '../../domain/render';
import { answerTagsOf, storeApiAnswer } from './response-cache-plugin';

/** A public answer a page's render may take without the HTTP layer. */
interface AnswerableRoute {
  /** The route's options, whose `config` later hooks complete (lib/access.ts fills in `access`). */
  options: RouteOptions;
  tags: string[];
  params?: z.ZodType;
  querystring?: z.ZodType;
  handler: (request: FastifyRequest) => unknown;
  serialize: (data: unknown) => string;
}

/** Answers an API path in process, or returns undefined when it must go through `app.inject`. */
export type AnswerInProcess = (url: string) => Promise<ApiResponse | undefined>;

const ROUTE_HOOKS = [
  'onRequest',
  'preParsing',
  'preValidation',
  'preHandler',
  'preSerialization',
  'onSend',
  'onResponse',
  'onError',
  'onTimeout',
  'onRequestAbort',
] as const;

/**
 * A path of plain characters only: no percent-escapes, `+` or other characters that the app-wide
 * hooks look into (security.ts refuses malformed escapes, NUL characters and ill-formed text), so
 * skipping those hooks changes nothing. Any other path goes through the HTTP layer.
 */
const PLAIN_PATH = /^\/api\/[\w\-./~]*(?:\?[\w\-.~=&,]*)?$/;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A route that answers the same to every visitor from its params and query alone: a GET that
 * declares `cacheTags` (response-cache-plugin.ts holds such routes to that), has a response
 * schema, declares no hooks (a rate limit) and has a handler that takes the request only (not the
 * reply). Seen before the plugins registered later add their hooks (compression's, which an
 * in-process answer has no use for) and before its access is filled in (checked when answering).
 */
function answerable(route: RouteOptions): AnswerableRoute | undefined {
  const tags = route.config?.cacheTags;
  const schema = route.schema as
    | { params?: z.ZodType; querystring?: z.ZodType; response?: Record<string, z.ZodType> }
    | undefined;
  const response = schema?.response?.[200];
  if (route.method !== 'GET' || !tags || !response || route.handler.length > 1) return undefined;
  if (ROUTE_HOOKS.some((hook) => route[hook] !== undefined)) return undefined;
  return {
    options: route,
    tags,
    params: schema.params,
    querystring: schema.querystring,
    handler: route.handler as AnswerableRoute['handler'],
    serialize: serializerCompiler({ schema: response, method: 'GET', url: route.url, httpStatus: '200' }),
  };
}

/**
 * The public API answers of a page's render, taken in process (page-renderer.ts): the route is
 * matched, its input validated by its own schemas, its handler called and its answer serialized
 * and stored in the response cache exactly as a routed request would. A render asks for several
 * answers per page, and for a page nobody asked for lately (a crawler's) none is cached; through
 * `app.inject` each cost the server thread far more than its handler (light-my-request's request
 * and response, the hooks, the headers).
 *
 * Whatever is not plainly a success goes through the HTTP layer instead, which gives it the
 * answer a browser would get: invalid input, an error, a path with escapes, a route that is not
 * answerable. `collectInProcessAnswers` runs before the routes are registered and before the
 * plugins whose hooks it leaves out (app.ts).
 */
export function collectInProcessAnswers(app: FastifyInstance): AnswerInProcess {
  // Matched as Fastify's own router does (app.ts: routerOptions).
  const router = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route: RouteOptions) => {
    const found = answerable(route);
    if (found) router.on('GET', route.url, () => undefined, found);
  });

  return async (url) => {
    if (!PLAIN_PATH.test(url)) return undefined;
    const match = router.find('GET', url);
    if (!match) return undefined;
    const route = match.store as AnswerableRoute;
    const { url: routeUrl, config } = route.options;
    if (config?.access !== 'public') return undefined;
    const params = route.params
      ? route.params.safeParse(match.params)
      : { success: true, data: match.params };
    const query = route.querystring
      ? route.querystring.safeParse(match.searchParams)
      : { success: true, data: match.searchParams };
    if (!params.success || !query.success) return undefined;
    // Taken before the handler reads anything, as the cache plugin's onRequest hook does.
    const mark = app.cache.mark();
    const request = {
      method: 'GET',
      url,
      params: params.data,
      query: query.data,
      headers: {},
      log: app.log,
      routeOptions: { url: routeUrl, method: 'GET', config },
    } as unknown as FastifyRequest;
    let text: string;
    try {
      text = route.serialize(await route.handler.call(app, request));
    } catch (err) {
      // A not-found, or anything else: the HTTP layer answers it as it answers a browser.
      app.log.debug({ err, url }, 'in-process answer left to the HTTP layer');
      return undefined;
    }
    const tags = answerTagsOf(request, route.tags);
    storeApiAnswer(app.cache, url, { contentType: JSON_TYPE, text, tags, route: routeUrl }, mark);
    return { status: 200, contentType: JSON_TYPE, text, tags: [...tags] };
  };
}
