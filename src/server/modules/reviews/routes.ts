import { z } from 'zod';
import {
  FirmIdParamsSchema,
  FirmRatingSchema,
  FirmSlugParamsSchema,
  OwnReviewSchema,
  PostedReviewSchema,
  ReviewListSchema,
  ReviewPayloadSchema,
} from '../../../domain/firms';
import { IdParamsSchema, rowIdParam } from '../../../domain/ids';
import {
  AdminReviewPageSchema,
  IntegrityReportSchema,
  ManualReviewPayloadSchema,
  ModerationPayloadSchema,
  ModerationQuerySchema,
  OwnReviewStatusSchema,
  ReportPayloadSchema,
} from '../../../domain/moderation';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byIp, byUser, HOUR, MINUTE, rateLimit } from '../../lib/rate-limit';
import { ONE_FIRM, tagFirmAnswer } from '../../lib/response-cache-plugin';
import {
  addManualReview,
  getIntegrityReport,
  listOwnReviewStatuses,
  listReviewsForModeration,
  moderateReview,
  reportReview,
} from './moderation';
import { createReviewModel, firmReviewsOf } from './review-model';
import {
  createReview,
  getOwnFirmReview,
  listFirmReviewsBefore,
  REVIEWS_PAGE_SIZE,
  updateReview,
} from './service';

const tags = ['reviews'];

const FirmReviewsQuerySchema = z.object({
  before: rowIdParam({ error: 'before must be a review id' })
    .optional()
    .describe('The id of the last review of the page before: gives the page after it'),
});

export async function reviewsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const model = app.readModels.register(createReviewModel(db));
  // Writing and editing reviews share one set of limits (and counters).
  const reviewLimits = rateLimit(app, [byUser('review', 10, 10 * MINUTE), byIp('review', 30, 10 * MINUTE)]);

  app.get(
    '/api/firms/:slug/reviews',
    {
      schema: {
        operationId: 'listFirmReviews',
        tags,
        summary: `A listed firm's published reviews, newest first, ${REVIEWS_PAGE_SIZE} a page: the newest, or those after the review \`before\``,
        params: FirmSlugParamsSchema,
        querystring: FirmReviewsQuerySchema,
        response: { 404: ErrorSchema, 200: ReviewListSchema },
      },
      // One firm's answer: a review, reply or helpful vote on another firm leaves it cached.
      config: { cacheTags: [ONE_FIRM] },
    },
    async (request) => {
      // The first page from the read model; the next ones by keyset from the table.
      const firm = await model.read((m) => firmReviewsOf(m, request.params.slug));
      tagFirmAnswer(request, firm.id);
      const { before } = request.query;
      return before === undefined ? firm.reviews : listFirmReviewsBefore(db, firm.id, before);
    },
  );

  app.get(
    '/api/firms/:slug/rating',
    {
      schema: {
        operationId: 'getFirmRating',
        tags,
        summary:
          'Rating summary of a listed firm and its reply figures; an all-digits value is taken as the firm id',
        params: FirmSlugParamsSchema,
        response: { 404: ErrorSchema, 200: FirmRatingSchema },
      },
      config: { cacheTags: [ONE_FIRM] },
    },
    async (request) =>
      model.read((m) => {
        const firm = firmReviewsOf(m, request.params.slug);
        tagFirmAnswer(request, firm.id);
        return { ...firm.summary, replies: firm.replies };
      }),
  );

  app.get(
    '/api/firms/:slug/my-review',
    {
      schema: {
        operationId: 'getOwnReview',
        tags,
        summary: "The signed-in user's review of a listed firm, or null when they have not reviewed it",
        params: FirmSlugParamsSchema,
        response: { 200: OwnReviewSchema, 401: ErrorSchema, 404: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => {
      return getOwnFirmReview(db, sessionUser(request).id, request.params.slug);
    },
  );

  app.post(
    '/api/firms/:slug/reviews',
    {
      schema: {
        operationId: 'createReview',
        tags,
        summary: 'Post a review: signed in, verified email, one per firm',
        params: FirmIdParamsSchema,
        body: ReviewPayloadSchema,
        response: {
          201: PostedReviewSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
        },
      },
      preHandler: reviewLimits,
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const review = await createReview(
        db,
        app.changes,
        sessionUser(request),
        request.params.slug,
        request.body,
      );
      return reply.status(201).send(review);
    },
  );

  app.put(
    '/api/reviews/:id',
    {
      schema: {
        operationId: 'updateReview',
        tags,
        summary:
          'Edit your review: the same body and checks as a new one (a link or copied text holds it); not once hidden or deleted',
        params: IdParamsSchema,
        body: ReviewPayloadSchema,
        response: {
          200: PostedReviewSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
      preHandler: reviewLimits,
      config: { access: 'verified' },
    },
    async (request) => updateReview(db, app.changes, sessionUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/reviews/:id/report',
    {
      schema: {
        operationId: 'reportReview',
        tags,
        summary: 'Report a review to the moderators: a reason from the list, once per user and review',
        params: IdParamsSchema,
        body: ReportPayloadSchema,
        response: {
          201: z.object({ reported: z.literal(true) }),
          401: ErrorSchema,
          403: ErrorSchema,
          404: ErrorSchema,
          409: ErrorSchema,
        },
      },
      config: { access: 'user' },
      preHandler: rateLimit(app, [byUser('review-report', 20, HOUR), byIp('review-report', 60, HOUR)]),
    },
    async (request, reply) => {
      return reply
        .status(201)
        .send(await reportReview(db, sessionUser(request).id, request.params.id, request.body));
    },
  );

  app.get(
    '/api/profile/reviews',
    {
      schema: {
        operationId: 'listOwnReviews',
        tags,
        summary:
          "The signed-in user's reviews with where each stands (shown, waiting for a check, removed and why)",
        response: { 200: z.array(OwnReviewStatusSchema), 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listOwnReviewStatuses(db, sessionUser(request).id),
  );

  app.get(
    '/api/review-integrity',
    {
      schema: {
        operationId: 'getReviewIntegrity',
        tags,
        summary:
          'How reviews are policed, per year: received, published, held, removed by reason, time to a decision',
        response: { 200: IntegrityReportSchema },
      },
      config: { cacheTags: ['reviews'] },
    },
    async () => getIntegrityReport(db),
  );

  // Moderation (admin only, like every /api/admin path).
  app.get(
    '/api/admin/reviews',
    {
      schema: {
        operationId: 'listReviewsForModeration',
        tags: ['admin'],
        summary: 'Reviews to moderate (held or reported: the queue), or by status, with reports and checks',
        querystring: ModerationQuerySchema,
        response: { 200: AdminReviewPageSchema },
      },
    },
    async (request) => listReviewsForModeration(db, request.query),
  );

  app.post(
    '/api/admin/reviews/:id/moderate',
    {
      schema: {
        operationId: 'moderateReview',
        tags: ['admin'],
        summary: 'Publish, hide or delete a review, with a reason from the fixed list',
        params: IdParamsSchema,
        body: ModerationPayloadSchema,
        response: { 409: ErrorSchema, 204: z.null(), 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      await moderateReview(db, app.changes, sessionUser(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/reviews',
    {
      schema: {
        operationId: 'createManualReview',
        tags: ['admin'],
        summary: 'Add a review from elsewhere (manual: author name and source), published at once',
        body: ManualReviewPayloadSchema,
        response: { 201: z.object({ id: z.number().int() }), 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await addManualReview(db, app.changes, sessionUser(request), request.body);
      return reply.status(201).send(created);
    },
  );
}
