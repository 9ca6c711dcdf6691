import {
  CouponListSchema,
  CouponSchema,
  CouponSlugParamsSchema,
  CouponUseResultSchema,
  CouponVoteResultSchema,
  CouponVoteSchema,
} from '../../../domain/coupons';
import { IdParamsSchema } from '../../../domain/ids';
import { ErrorSchema, type Http } from '../../lib/http';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { deriveSecret } from '../../lib/secrets';
import { getCouponBySlug, listActiveCoupons, makeVisitorKey, recordCouponUse, voteOnCoupon } from './service';

export async function couponRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const visitorSecret = deriveSecret(app.env, 'coupon-visitor');

  app.get(
    '/api/coupons',
    {
      schema: {
        operationId: 'listCoupons',
        tags: ['coupons'],
        summary: 'Active, unexpired coupons, featured first',
        response: { 200: CouponListSchema },
      },
      config: { cacheTags: ['coupons', 'firms'] },
    },
    async () => listActiveCoupons(db),
  );

  app.get(
    '/api/coupons/slug/:slug',
    {
      schema: {
        operationId: 'getCoupon',
        tags: ['coupons'],
        summary: 'One coupon by slug',
        params: CouponSlugParamsSchema,
        response: { 404: ErrorSchema, 200: CouponSchema },
      },
      config: { cacheTags: ['coupons', 'firms'] },
    },
    async (request) => getCouponBySlug(db, request.params.slug),
  );

  app.post(
    '/api/coupons/:id/use',
    {
      schema: {
        operationId: 'recordCouponUse',
        tags: ['coupons'],
        summary: 'Counts a use of the coupon, once per visitor per day',
        params: IdParamsSchema,
        response: { 404: ErrorSchema, 200: CouponUseResultSchema },
      },
      preHandler: rateLimit(app, [byIp('coupon-use', 60, MINUTE)]),
    },
    async (request) =>
      recordCouponUse(
        db,
        app.changes,
        request.params.id,
        makeVisitorKey(visitorSecret, request.ip, request.headers['user-agent']),
      ),
  );

  app.post(
    '/api/coupons/:id/vote',
    {
      schema: {
        operationId: 'voteCoupon',
        tags: ['coupons'],
        summary: 'Did this code work? One vote per visitor per coupon',
        params: IdParamsSchema,
        body: CouponVoteSchema,
        response: { 404: ErrorSchema, 200: CouponVoteResultSchema },
      },
      preHandler: rateLimit(app, [byIp('coupon-vote', 20, MINUTE)]),
    },
    async (request) =>
      voteOnCoupon(
        db,
        app.changes,
        request.params.id,
        makeVisitorKey(visitorSecret, request.ip, request.headers['user-agent']),
        request.body.worked,
      ),
  );
}
