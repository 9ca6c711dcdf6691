import http from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { findPackageRoot } from './db/migrate';
import type { Env } from './env';
import { ResponseCache } from './lib/cache';
import { registerErrorHandler, sendError } from './lib/error-handler';
import { Changes } from './lib/events';
import { Jobs } from './lib/jobs';
import { createMailer } from './lib/mailer';
import { registerMetrics } from './lib/metrics';
import { openApiOptions } from './lib/openapi';
import { ReadModels } from './lib/read-model';
import { MAX_UPLOAD_BYTES } from './lib/uploads';
import './lib/fastify-types';
import { collectRouteAccess } from './lib/access';
import { createStorage } from './lib/create-storage';
import { redisOrLocalStore } from './lib/rate-limit';
import { closeRedis, openRedis } from './lib/redis';
import {
  type CacheAnswer,
  createCacheAnswer,
  dropStaleAnswers,
  registerResponseCache,
} from './lib/response-cache-plugin';
import { createSecurityHeaders, registerSecurity } from './lib/security';
import { registerUploadServing } from './lib/serve-uploads';
import { offerwallFrameSources } from './modules/points/offerwalls';
import { registerModules } from './modules/register';
import { registerPageRendering } from './render/page-renderer';

export interface AppOptions {
  env: Env;
  database: Database;
  /** How pages are served: from the production build, through Vite, or not at all (API tests). */
  pages?: 'production' | 'development' | 'none';
  logger?: FastifyServerOptions['logger'];
  /** Prefix of this app's Redis keys and channels; tests give each app its own so runs never share counters. */
  redisPrefix?: string;
}

export async function buildApp(options: AppOptions) {
  const { env, database } = options;
  const redisPrefix = options.redisPrefix ?? env.REDIS_PREFIX;
  // Cache hits are answered before Fastify routes the request (response-cache-plugin.ts).
  let answerFromCache: CacheAnswer = () => false;
  // Shutdown's drain (main.ts, decision 0047): /readyz says 503 so balancers move traffic away,
  // and answers close their connection, so keep-alive clients open their next one elsewhere.
  const drain = { notReady: false, closeConnections: false };
  const app = Fastify({
    logger: options.logger ?? { level: env.LOG_LEVEL },
    // A request that came over no connection is a page's in-process request for its data
    // (app.inject, render/page-renderer.ts): the page's own request is logged, not each of these.
    logController: new LogController({
      disableRequestLogging: (request) => !(request.socket instanceof Socket),
    }),
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: sendError,
    serverFactory: (handler, serverOptions) => {
      const server = http.createServer((req, res) => {
        if (drain.closeConnections) res.setHeader('connection', 'close');
        if (!answerFromCache(req, res)) handler(req, res);
      });
      // What Fastify sets on a server it makes itself (its options come with its defaults filled in).
      const timeouts = serverOptions as Record<
        'keepAliveTimeout' | 'requestTimeout' | 'connectionTimeout',
        number
      >;
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      return server;
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('env', env);
  app.decorate('drain', drain);
  app.decorate('database', database);
  app.decorate('cache', new ResponseCache());
  app.decorate('changes', new Changes());
  app.decorate('readModels', new ReadModels(app.changes));
  // A request that wrote is answered once the read models have its change (decision 0055).
  // Its Server-Timing says how long it waited for them (`models`), so a client can tell the time
  // from the commit to the change being readable everywhere apart from the request's own.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const started = performance.now();
      await app.readModels.settled();
      reply.header('server-timing', `models;dur=${(performance.now() - started).toFixed(1)}`);
    }
    return payload;
  });
  app.decorate('jobs', new Jobs(database.db, app.log));
  // Tests trigger runs themselves (`app.jobs.run`), so no schedule fires in the middle of one.
  if (env.NODE_ENV !== 'test') app.addHook('onReady', async () => app.jobs.start());
  app.addHook('onClose', async () => app.jobs.stop());
  app.decorate('mailer', createMailer(env, app.log));
  const storage = await createStorage(env);
  app.decorate('storage', storage);
  app.addHook('onClose', async () => storage.close?.());

  const redis = env.REDIS_URL ? openRedis(env.REDIS_URL, app.log) : undefined;
  dropStaleAnswers(app.changes, app.cache, app.readModels);
  if (redis) {
    const disconnect = await app.changes.connectRedis(redis, `${redisPrefix}:changes`, app.log);
    app.addHook('onClose', async () => {
      await disconnect();
      await closeRedis(redis);
    });
  }

  registerErrorHandler(app);
  const securityHeaders = createSecurityHeaders({
    publicUrl: env.PUBLIC_URL,
    dev: options.pages === 'development',
    frameSources: offerwallFrameSources(env),
    imageSources: env.S3_PUBLIC_URL ? [new URL(env.S3_PUBLIC_URL).origin] : [],
  });
  const observeRequest = registerMetrics(app, env.METRICS_TOKEN);
  answerFromCache = createCacheAnswer(app.cache, securityHeaders, observeRequest);
  // First of the hooks: a hit a page's render asks for in process is sent as a socket's is, with
  // its own headers, before any other hook.
  registerResponseCache(app, answerFromCache);
  registerSecurity(app, { publicUrl: env.PUBLIC_URL, securityHeaders });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: redisOrLocalStore(redis, `${redisPrefix}-rl:`) } : {}),
  });
  await app.register(compress, { threshold: 1024 });
  // Limits again in lib/uploads.ts, per call; these bound any multipart request.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, parts: 25 } });

  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (drain.notReady) return reply.status(503).send({ message: 'Shutting down', code: 'draining' });
    try {
      await database.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ message: 'Database unavailable', code: 'not_ready' });
    }
  });

  app.decorate('routeAccess', collectRouteAccess(app));
  await registerModules(app);

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' }),
  );

  registerUploadServing(app);

  const root = findPackageRoot();

  const pages = options.pages ?? 'none';
  if (pages === 'production') {
    await app.register(fastifyStatic, {
      root: path.join(root, 'dist/client'),
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (vite.config.ts); they are sent as they are.
      preCompressed: true,
      decorateReply: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
  }
  if (pages !== 'none') await registerPageRendering(app, pages);

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
