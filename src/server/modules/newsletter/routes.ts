import type { FastifyReply } from 'fastify';
import { SubscribePayloadSchema, SubscribeResultSchema, TokenQuerySchema } from '../../../domain/newsletter';
import type { Http } from '../../lib/http';
import { sendNoticePage } from '../../lib/notice-page';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { deriveSecret } from '../../lib/secrets';
import { weeklyDealsEmailJob } from './jobs';
import { confirmSubscription, subscribeToNewsletter, unsubscribeFromNewsletter } from './service';

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
        tags: ['newsletter'],
        summary: 'Subscribes an address (double opt-in: a confirmation email is sent)',
        body: SubscribePayloadSchema,
        response: { 200: SubscribeResultSchema },
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
      sendLinkResult(reply, await confirmSubscription(db, secret, request.query.token), {
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
        sendLinkResult(reply, await unsubscribeFromNewsletter(db, secret, request.query.token), {
          done: { title: 'You are unsubscribed', text: 'You will not receive any more newsletters from us.' },
          invalid: 'This unsubscribe link is not valid.',
        }),
    });
  }

  app.jobs.register(weeklyDealsEmailJob(ctx));
}
