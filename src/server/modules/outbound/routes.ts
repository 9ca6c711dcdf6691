import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { optionalSessionUser } from '../../lib/access';
import type { Http } from '../../lib/http';
import { redirectResponse, textResponse } from '../../lib/openapi';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { recordActivity } from '../analytics/service';
import { findCouponTarget, findFirmTarget, type OutboundTarget } from './service';

// Only the browser's analytics session id is read from the query (sent only with analytics
// consent, decision 0003); any url= or other value is ignored, so the redirect target always comes
// from the database. An id that is not a short opaque token is dropped, never an error.
const QuerySchema = z.object({
  sid: z
    .string()
    .max(200)
    .optional()
    .catch(undefined)
    .describe('Analytics session id, 8-64 of A-Z a-z 0-9 _ -'),
});
const SESSION_ID = /^[A-Za-z0-9_-]{8,64}$/;

const notFoundPage = (nonce: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Link Not Found | Prop Firm Club</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827}a{color:#2563eb}</style>
</head><body><h1>Link Not Found</h1>
<p>This link does not lead to a firm or deal we know. It may have been removed.</p>
<p><a href="/firms">Browse All Firms</a> · <a href="/coupons">See all deals</a></p></body></html>`;

const redirectAnswers = {
  302: redirectResponse("To the affiliate address stored for it (or the firm's website)"),
  404: textResponse('text/html', 'A "Link Not Found" page: no such firm or coupon.'),
};

export async function outboundRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const limited = rateLimit(app, [byIp('outbound', 120, MINUTE)]);

  async function redirect(
    request: FastifyRequest,
    reply: FastifyReply,
    target: OutboundTarget | null,
    sid: string | undefined,
  ) {
    reply.header('cache-control', 'no-store');
    if (!target) {
      return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage(request.cspNonce));
    }
    const user = await optionalSessionUser(request);
    await recordActivity(
      db,
      {
        activityType: target.couponId ? 'coupon_click' : 'firm_click',
        propFirmId: target.propFirmId,
        sessionId: sid && SESSION_ID.test(sid) ? sid : null,
        metadata: target.couponId ? { couponId: target.couponId } : {},
        referrerUrl: request.headers.referer?.slice(0, 2048) ?? null,
      },
      user?.id ?? null,
    );
    return reply.redirect(target.url, 302);
  }

  app.get(
    '/outbound/coupon/:couponId',
    {
      schema: {
        operationId: 'redirectToCoupon',
        tags: ['outbound'],
        summary: "302 to the coupon's affiliate URL, else its firm's; 404 page when unknown",
        params: z.object({ couponId: z.string().max(20) }),
        querystring: QuerySchema,
        response: redirectAnswers,
      },
      preHandler: limited,
    },
    async (request, reply) => {
      const id = request.params.couponId;
      const target = /^\d{1,9}$/.test(id) ? await findCouponTarget(db, Number(id)) : null;
      return redirect(request, reply, target, request.query.sid);
    },
  );

  app.get(
    '/outbound/:slugOrId',
    {
      schema: {
        operationId: 'redirectToFirm',
        tags: ['outbound'],
        summary: "302 to the firm's affiliate URL, else its website; 404 page when unknown",
        params: z.object({ slugOrId: z.string().max(200) }),
        querystring: QuerySchema,
        response: redirectAnswers,
      },
      preHandler: limited,
    },
    async (request, reply) =>
      redirect(request, reply, await findFirmTarget(db, request.params.slugOrId), request.query.sid),
  );
}
