import type { FastifyRequest } from 'fastify';
import {
  AnalyticsRangeQuerySchema,
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
import type { Http } from '../../lib/http';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { getSessionUser } from '../accounts/service';
import { getFirmAnalytics, getSiteAnalytics } from './dashboard';
import { recordActivity, recordPageView } from './service';

const accepted = { 202: AcceptedSchema };

export async function analyticsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const limited = rateLimit(app, [byIp('analytics', 120, MINUTE)]);
  const sessionUserId = async (request: FastifyRequest) => (await getSessionUser(app, request))?.id ?? null;

  app.post(
    '/api/analytics/pageview',
    { schema: { tags: ['analytics'], body: PageViewSchema, response: accepted }, preHandler: limited },
    async (request, reply) => {
      await recordPageView(db, request.body, await sessionUserId(request));
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/activity-logs',
    { schema: { tags: ['analytics'], body: ActivityLogSchema, response: accepted }, preHandler: limited },
    async (request, reply) => {
      await recordActivity(db, request.body, await sessionUserId(request));
      return reply.status(202).send({ ok: true });
    },
  );

  // Search and filter events: the event's fields other than its type are stored as metadata.
  for (const [url, body] of [
    ['/api/analytics/search', SearchEventSchema],
    ['/api/analytics/filter', FilterEventSchema],
  ] as const) {
    app.post(
      url,
      { schema: { tags: ['analytics'], body, response: accepted }, preHandler: limited },
      async (request, reply) => {
        const { activityType, ...metadata } = request.body;
        await recordActivity(
          db,
          { activityType, metadata, referrerUrl: request.headers.referer },
          await sessionUserId(request),
        );
        return reply.status(202).send({ ok: true });
      },
    );
  }

  app.post(
    '/api/analytics/link-click',
    {
      schema: { tags: ['analytics'], body: LinkClickEventSchema, response: accepted },
      preHandler: limited,
    },
    async (request, reply) => {
      const { propFirmId, ...metadata } = request.body;
      await recordActivity(
        db,
        {
          activityType: 'link_click',
          propFirmId: propFirmId ?? null,
          metadata,
          referrerUrl: request.headers.referer,
        },
        await sessionUserId(request),
      );
      return reply.status(202).send({ ok: true });
    },
  );

  // The dashboards (admin only, like every /api/admin path).
  app.get(
    '/api/admin/analytics',
    {
      schema: {
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
        tags: ['admin'],
        summary: 'Every listed firm over a range of days: views, clicks out, coupon copies, reviews, entries',
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: FirmAnalyticsSchema },
      },
    },
    async (request) => getFirmAnalytics(db, request.query),
  );
}
