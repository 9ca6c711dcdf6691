import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AnalyticsRangeQuerySchema,
  FirmAnalyticsDetailSchema,
  FirmAnalyticsSchema,
  SiteAnalyticsSchema,
} from '../../../domain/admin-analytics';
import {
  AcceptedSchema,
  ActivityLogSchema,
  FilterEventSchema,
  LinkClickEventSchema,
  PageViewSchema,
  SearchEventSchema,
} from '../../../domain/analytics';
import { IdParamsSchema } from '../../../domain/ids';
import { optionalSessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { getFirmAnalytics, getFirmAnalyticsDetail } from './firm-dashboards';
import { INGEST_DEFAULTS, IngestBuffer } from './ingest-buffer';
import { analyticsPruneJob, analyticsRollupJob } from './jobs';
import { INGEST_BUSY, queueActivity, queuePageView } from './service';
import { getSiteAnalytics } from './site-dashboard';

declare module 'fastify' {
  interface FastifyInstance {
    /** Analytics events accepted and waiting for their batched insert (tests flush it). */
    analyticsIngest: IngestBuffer;
  }
}

const accepted = { 202: AcceptedSchema, 503: ErrorSchema };

/** 202 when the event is queued; 503 with Retry-After when the buffer is full (decision 0031). */
function answer(reply: FastifyReply, queued: boolean) {
  if (queued) return reply.status(202).send({ ok: true });
  return reply
    .header('retry-after', String(INGEST_BUSY.retryAfterSeconds))
    .status(503)
    .send(INGEST_BUSY.body);
}

// A plugin without encapsulation, so the app (and tests) see the ingest buffer.
export const analyticsRoutes = fp(async (app: Http) => {
  const db = app.database.db;
  const buffer = new IngestBuffer(db, app.log, {
    ...INGEST_DEFAULTS,
    maxRows: app.env.ANALYTICS_BUFFER_ROWS,
  });
  app.decorate('analyticsIngest', buffer);
  app.addHook('onClose', async () => buffer.close());
  app.jobs.register(analyticsRollupJob);
  app.jobs.register(analyticsPruneJob(app.env.ANALYTICS_RAW_RETENTION_DAYS));

  const limited = rateLimit(app, [byIp('analytics', 120, MINUTE)]);
  const sessionUserId = async (request: FastifyRequest) => (await optionalSessionUser(request))?.id ?? null;

  app.post(
    '/api/analytics/pageview',
    {
      schema: {
        operationId: 'recordPageView',
        summary: 'Record a page view (the browser beacon)',
        tags: ['analytics'],
        body: PageViewSchema,
        response: accepted,
      },
      preHandler: limited,
    },
    async (request, reply) =>
      answer(
        reply,
        queuePageView(buffer, request.body, await sessionUserId(request), request.headers['user-agent']),
      ),
  );

  app.post(
    '/api/activity-logs',
    {
      schema: {
        operationId: 'recordActivity',
        summary: 'Record a user activity (a firm or coupon clicked, a post viewed ...)',
        tags: ['analytics'],
        body: ActivityLogSchema,
        response: accepted,
      },
      preHandler: limited,
    },
    async (request, reply) =>
      answer(reply, await queueActivity(db, buffer, request.body, await sessionUserId(request))),
  );

  // Search and filter events: the event's fields other than its type are stored as metadata.
  for (const [url, body, operationId, summary] of [
    [
      '/api/analytics/search',
      SearchEventSchema,
      'recordSearch',
      'Record a search and how many results it found',
    ],
    ['/api/analytics/filter', FilterEventSchema, 'recordFilter', 'Record a filter chosen on a list page'],
  ] as const) {
    app.post(
      url,
      {
        schema: { operationId, summary, tags: ['analytics'], body, response: accepted },
        preHandler: limited,
      },
      async (request, reply) => {
        const { activityType, ...metadata } = request.body;
        const entry = { activityType, metadata, referrerUrl: request.headers.referer };
        return answer(reply, await queueActivity(db, buffer, entry, await sessionUserId(request)));
      },
    );
  }

  app.post(
    '/api/analytics/link-click',
    {
      schema: {
        operationId: 'recordLinkClick',
        summary: 'Record a click on a link',
        tags: ['analytics'],
        body: LinkClickEventSchema,
        response: accepted,
      },
      preHandler: limited,
    },
    async (request, reply) => {
      const { propFirmId, ...metadata } = request.body;
      const entry = {
        activityType: 'link_click' as const,
        propFirmId: propFirmId ?? null,
        metadata,
        referrerUrl: request.headers.referer,
      };
      return answer(reply, await queueActivity(db, buffer, entry, await sessionUserId(request)));
    },
  );

  // The dashboards (admin only, like every /api/admin path).
  app.get(
    '/api/admin/analytics',
    {
      schema: {
        operationId: 'getSiteAnalytics',
        tags: ['admin'],
        summary: 'The site dashboard over a range of days, with the period before it to compare',
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: SiteAnalyticsSchema },
      },
    },
    async (request) => getSiteAnalytics(db, request.query),
  );

  app.get(
    '/api/admin/firm-analytics',
    {
      schema: {
        operationId: 'listFirmAnalytics',
        tags: ['admin'],
        summary: 'Every listed firm over a range of days: views, clicks out, coupon copies, reviews, entries',
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: FirmAnalyticsSchema },
      },
    },
    async (request) => getFirmAnalytics(db, request.query),
  );

  app.get(
    '/api/admin/firm-analytics/:id',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'getFirmAnalytics',
        tags: ['admin'],
        summary:
          "One firm over a range of days: its figures against the period before, by day, and its page's sources",
        params: IdParamsSchema,
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: FirmAnalyticsDetailSchema, 404: ErrorSchema },
      },
    },
    async (request) => getFirmAnalyticsDetail(db, request.params.id, request.query),
  );
});
