import {
  FirmIdParamsSchema,
  FirmSlugParamsSchema,
  OwnReviewSchema,
  ReviewListSchema,
  ReviewPayloadSchema,
  ReviewSchema,
  ReviewSummarySchema,
} from '../../../domain/firms';
import { ErrorSchema, type Http } from '../../lib/http';
import { byIp, byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { getSessionUser, requireUser } from '../accounts/service';
import { createReview, getFirmRating, getOwnFirmReview, listFirmReviews } from './service';

const tags = ['reviews'];

export async function reviewsRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/api/firms/:slug/reviews',
    {
      schema: {
        tags,
        summary: 'The newest 100 reviews of a listed firm, newest first',
        params: FirmSlugParamsSchema,
        response: { 200: ReviewListSchema },
      },
      config: { cacheTags: ['reviews'] },
    },
    (request) => listFirmReviews(db, request.params.slug),
  );

  app.get(
    '/api/firms/:slug/rating',
    {
      schema: {
        tags,
        summary: 'Rating summary of a listed firm; an all-digits value is taken as the firm id',
        params: FirmSlugParamsSchema,
        response: { 200: ReviewSummarySchema },
      },
      config: { cacheTags: ['reviews'] },
    },
    (request) => getFirmRating(db, request.params.slug),
  );

  app.get(
    '/api/firms/:slug/my-review',
    {
      schema: {
        tags,
        summary: "The signed-in user's review of a listed firm, or null when they have not reviewed it",
        params: FirmSlugParamsSchema,
        response: { 200: OwnReviewSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = await requireUser(app, request);
      return { review: await getOwnFirmReview(db, user.id, request.params.slug) };
    },
  );

  app.post(
    '/api/firms/:propFirmId/reviews',
    {
      schema: {
        tags,
        summary: 'Post a review: signed in, verified email, one per firm',
        params: FirmIdParamsSchema,
        body: ReviewPayloadSchema,
        response: {
          201: ReviewSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
      preHandler: rateLimit(app, [byUser('review', 10, 10 * MINUTE), byIp('review', 30, 10 * MINUTE)]),
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const user = await getSessionUser(app, request);
      const review = await createReview(db, app.changes, user, request.params.propFirmId, request.body);
      return reply.status(201).send(review);
    },
  );
}
