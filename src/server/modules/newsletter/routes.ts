import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  AdminSubscriberPageSchema,
  DigestPreviewSchema,
  DigestSendListSchema,
  DigestSendSchema,
  SubscriberFilterSchema,
  SubscriberListQuerySchema,
} from '../../../domain/admin-subscribers';
import { IdParamsSchema } from '../../../domain/ids';
import { SubscribePayloadSchema, SubscribeResultSchema, TokenQuerySchema } from '../../../domain/newsletter';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { sendNoticePage } from '../../lib/notice-page';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { deriveSecret } from '../../lib/secrets';
import { listDigestSends, previewDigest, startDigestSend } from './digest';
import { WEEKLY_DEALS_JOB, weeklyDealsEmailJob } from './jobs';
import { confirmSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } from './service';
import { exportSubscribersCsv, listSubscribers, removeSubscriber } from './subscribers';

/** A minimal self-contained page for the links in emails, which land outside the app. */
const DEALS = [{ href: '/coupons', label: 'Browse the latest deals' }];

/** The page an email link opens: what it did, or that the link is not valid. */
function sendLinkResult(
  reply: FastifyReply,
  valid: boolean,
  page: { done: { title: string; text: string }; invalid: string },
) {
  return valid
    ? sendNoticePage(reply, 200, { ...page.done, links: DEALS })
    : sendNoticePage(reply, 400, { title: 'Link not valid', text: page.invalid, links: DEALS });
}

export async function newsletterRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const secret = deriveSecret(app.env, 'newsletter');
  const linkLimit = rateLimit(app, [byIp('newsletter-link', 30, MINUTE)]);
  const ctx = { mailer: app.mailer, secret, publicUrl: app.env.PUBLIC_URL.replace(/\/$/, '') };

  app.post(
    '/api/newsletter/subscribe',
    {
      schema: {
        operationId: 'subscribeNewsletter',
        tags: ['newsletter'],
        summary: 'Subscribes an address (double opt-in: a confirmation email is sent)',
        body: SubscribePayloadSchema,
        response: { 200: SubscribeResultSchema, 409: ErrorSchema, 422: ErrorSchema },
      },
      preHandler: rateLimit(app, [byIp('newsletter', 5, MINUTE)]),
    },
    async (request) => subscribeToNewsletter(db, ctx, request.body),
  );

  app.get(
    '/newsletter/confirm',
    {
      schema: { hide: true, querystring: TokenQuerySchema },
      preHandler: linkLimit,
    },
    async (request, reply) =>
      sendLinkResult(reply, await confirmSubscription(db, app.changes, secret, request.query.token), {
        done: {
          title: 'Subscription confirmed',
          text: 'You will receive our weekly prop firm deals. Every email has a one-click unsubscribe link.',
        },
        invalid: 'This confirmation link is not valid. Please subscribe again.',
      }),
  );

  // Mail clients post 'List-Unsubscribe=One-Click' as a form; only the token in the URL matters.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  // GET is the link in the email; POST is RFC 8058 one-click unsubscribe from mail clients.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/newsletter/unsubscribe',
      schema: { hide: true, querystring: TokenQuerySchema },
      preHandler: linkLimit,
      handler: async (request, reply) =>
        sendLinkResult(reply, await unsubscribeFromNewsletter(db, app.changes, secret, request.query.token), {
          done: { title: 'You are unsubscribed', text: 'You will not receive any more newsletters from us.' },
          invalid: 'This unsubscribe link is not valid.',
        }),
    });
  }

  app.jobs.register(weeklyDealsEmailJob(ctx));

  // Subscribers for admins (admin only, like every /api/admin path).
  app.get(
    '/api/admin/subscribers',
    {
      schema: {
        operationId: 'listSubscribers',
        tags: ['admin'],
        summary: 'Newsletter subscribers, newest first, by status, address and tag',
        querystring: SubscriberListQuerySchema,
        response: { 200: AdminSubscriberPageSchema },
      },
    },
    async (request) => listSubscribers(app.database.db, request.query),
  );

  app.get(
    '/api/admin/subscribers.csv',
    {
      schema: {
        operationId: 'exportSubscribers',
        tags: ['admin'],
        summary: 'Every subscriber the filter finds, as CSV',
        querystring: SubscriberFilterSchema,
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .header('cache-control', 'no-store')
        .send(await exportSubscribersCsv(app.database.db, request.query)),
  );

  app.delete(
    '/api/admin/subscribers/:id',
    {
      schema: {
        operationId: 'deleteSubscriber',
        tags: ['admin'],
        summary: 'Remove a subscriber for good',
        params: IdParamsSchema,
        response: { 204: z.null(), 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await removeSubscriber(app.database.db, app.changes, sessionUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // The weekly deals email for admins: preview, send now, the record of sends.
  app.get(
    '/api/admin/newsletter/digest',
    {
      schema: {
        operationId: 'previewDigest',
        tags: ['admin'],
        summary: 'The next weekly deals email as subscribers would get it, and how many would get it',
        response: { 200: DigestPreviewSchema },
      },
    },
    async (request) => previewDigest(app.database.db, ctx, sessionUser(request).email),
  );

  app.get(
    '/api/admin/newsletter/sends',
    {
      schema: {
        operationId: 'listDigestSends',
        tags: ['admin'],
        summary: 'The latest sends of the weekly deals email, newest first',
        response: { 200: DigestSendListSchema },
      },
    },
    async () => listDigestSends(app.database.db),
  );

  app.post(
    '/api/admin/newsletter/sends',
    {
      schema: {
        operationId: 'sendDigest',
        tags: ['admin'],
        summary:
          'Send the weekly deals email now to every confirmed subscriber (202; one send at a time: 409)',
        response: { 202: DigestSendSchema, 409: ErrorSchema },
      },
    },
    async (request, reply) => {
      const send = await startDigestSend(app.database.db, {
        trigger: 'admin',
        by: sessionUser(request).email,
      });
      // The send goes on after the answer; the admin page follows it through the list of sends.
      app.jobs.run(WEEKLY_DEALS_JOB, { sendId: send.id }).catch((err: unknown) => {
        request.log.error({ err, sendId: send.id }, 'deals email send failed');
      });
      return reply.status(202).send(send);
    },
  );
}
