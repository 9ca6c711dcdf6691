import { z } from 'zod';
import { FirmSlugParamsSchema } from '../../../domain/firms';
import { FollowedFirmListSchema, FollowStateSchema } from '../../../domain/rule-changes';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { sendNoticePage } from '../../lib/notice-page';
import { byIp, MINUTE, rateLimit } from '../../lib/rate-limit';
import { ruleChangeEmailsJob } from './jobs';
import { followFirm, isFollowing, listFollowedFirms, unfollowByToken, unfollowFirm } from './service';

const tags = ['firms'];
const TokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** Following a firm's rule changes by email (the history itself is the firm page's: firms/routes.ts). */
export async function ruleChangeRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  app.jobs.register(ruleChangeEmailsJob(app));

  const followSchema = {
    tags,
    params: FirmSlugParamsSchema,
    response: { 200: FollowStateSchema, 404: ErrorSchema },
  };
  app.get(
    '/api/firms/:slug/follow',
    {
      schema: {
        operationId: 'getFirmFollow',
        ...followSchema,
        summary: 'Whether the user follows the firm',
      },
      config: { access: 'user' },
    },
    async (request) => {
      return { following: await isFollowing(db, sessionUser(request).id, request.params.slug) };
    },
  );
  app.put(
    '/api/firms/:slug/follow',
    {
      schema: {
        operationId: 'followFirm',
        ...followSchema,
        summary: 'Follow a firm: one email whenever its rules or prices change',
      },
      config: { access: 'user' },
    },
    async (request) => {
      await followFirm(db, sessionUser(request).id, request.params.slug);
      return { following: true };
    },
  );
  app.delete(
    '/api/firms/:slug/follow',
    {
      schema: {
        operationId: 'unfollowFirm',
        ...followSchema,
        summary: 'Stop following a firm',
      },
      config: { access: 'user' },
    },
    async (request) => {
      await unfollowFirm(db, sessionUser(request).id, request.params.slug);
      return { following: false };
    },
  );

  app.get(
    '/api/profile/follows',
    {
      schema: {
        operationId: 'listFollowedFirms',
        tags,
        summary: 'The firms the user follows',
        response: { 200: FollowedFirmListSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listFollowedFirms(db, sessionUser(request).id),
  );

  const linkLimit = rateLimit(app, [byIp('firm-updates-link', 30, MINUTE)]);
  // Mail clients post 'List-Unsubscribe=One-Click' as a form; only the token in the URL matters.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  // GET is the link in the email; POST is RFC 8058 one-click unsubscribe from mail clients.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/firm-updates/unsubscribe',
      schema: { hide: true, querystring: TokenQuerySchema },
      preHandler: linkLimit,
      handler: async (request, reply) => {
        const name = await unfollowByToken(db, request.query.token);
        return name === null
          ? sendNoticePage(reply, 400, {
              title: 'Link not valid',
              text: 'This unsubscribe link is not valid, or you have already unsubscribed.',
            })
          : sendNoticePage(reply, 200, {
              title: 'You are unsubscribed',
              text: `You will not receive any more emails about ${name}'s rule changes.`,
              links: [{ href: '/profile', label: 'Firms you follow' }],
            });
      },
    });
  }
}
