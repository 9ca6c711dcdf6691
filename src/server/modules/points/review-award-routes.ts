import { z } from 'zod';
import { IdParamsSchema } from '../../../domain/ids';
import { AdminAwardSchema } from '../../../domain/points';
import { optionalSessionUser, sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byUser, HOUR, rateLimit } from '../../lib/rate-limit';
import {
  listAwardsForAdmin,
  listHelpfulVotes,
  revokeAward,
  voteHelpful,
  weeklyReviewAwardsJob,
} from './review-awards';

const ReasonSchema = z.object({
  reason: z.string().trim().min(3, 'Give a reason (3 characters or more)').max(500),
});
const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

/** 'Was this helpful?' votes and the weekly review awards they decide. */
export async function reviewAwardRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  app.jobs.register(weeklyReviewAwardsJob(app.changes));

  app.get(
    '/api/firms/:slug/helpful-votes',
    {
      schema: {
        operationId: 'listHelpfulVotes',
        tags: ['reviews'],
        summary: "'Was this helpful?' counts of a firm's reviews, and the viewer's own votes",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: {
          200: z.array(z.object({ reviewId: z.number(), helpfulCount: z.number(), voted: z.boolean() })),
        },
      },
    },
    async (request) => {
      const user = await optionalSessionUser(request);
      return listHelpfulVotes(db, request.params.slug, user?.id ?? null);
    },
  );

  app.post(
    '/api/reviews/:id/helpful',
    {
      schema: {
        operationId: 'voteReviewHelpful',
        tags: ['reviews'],
        summary: "Vote a member's review helpful: verified email, not your own, once per review",
        params: IdParamsSchema,
        response: { 200: z.object({ helpfulCount: z.number(), voted: z.boolean() }), ...errors },
      },
      preHandler: rateLimit(app, [byUser('helpful-vote', 60, HOUR)]),
      config: { access: 'verified' },
    },
    async (request) => {
      const user = sessionUser(request);
      return voteHelpful(db, app.changes, user.id, request.params.id);
    },
  );

  app.get(
    '/api/admin/review-awards',
    {
      schema: {
        operationId: 'listReviewAwards',
        tags: ['admin'],
        summary: 'Weekly review awards, newest week first',
        response: { 200: z.array(AdminAwardSchema) },
      },
    },
    () => listAwardsForAdmin(db),
  );

  app.post(
    '/api/admin/review-awards/:id/revoke',
    {
      schema: {
        operationId: 'revokeReviewAward',
        tags: ['admin'],
        summary: 'Revoke an award with a reason: a reversing ledger row naming the admin',
        params: IdParamsSchema,
        body: ReasonSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const admin = sessionUser(request);
      await revokeAward(db, app.changes, admin.id, request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  );
}
