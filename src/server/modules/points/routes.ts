import { z } from 'zod';
import { SignedInHomeSchema } from '../../../domain/home';
import { IdParamsSchema } from '../../../domain/ids';
import {
  AdjustmentSchema,
  AdminAwardSchema,
  AdminCashbackClaimSchema,
  AdminPayoutSchema,
  CashbackClaimSchema,
  CashbackFirmSchema,
  CLAIM_STATUSES,
  PAYOUT_STATUSES,
  PageQuerySchema,
  PayoutRequestSchema,
  PayoutSchema,
  PointsHistorySchema,
  PointsProgramSchema,
} from '../../../domain/points';
import { ErrorSchema, type Http } from '../../lib/http';
import { binaryResponse, POSTBACK_SIGNATURE_SCHEME, UPLOAD_ERRORS } from '../../lib/openapi';
import { byIp, byUser, HOUR, MINUTE, rateLimit } from '../../lib/rate-limit';
import { receiveImage, sendPrivateImage } from '../../lib/uploads';
import { getSessionUser, requireUser, requireVerifiedUser } from '../accounts/service';
import {
  createCashbackClaim,
  decideClaim,
  listCashbackFirms,
  listClaimsForAdmin,
  listOwnClaims,
  parseClaimFields,
  readClaimProof,
} from './cashback';
import { getPointsHistory } from './history';
import { getSignedInHome } from './home';
import { listPostbacks, offerwallAvailability, offerwallUrl, receivePostback } from './offerwalls';
import { adjustPoints, decidePayout, listOwnPayouts, listPayoutsForAdmin, requestPayout } from './payouts';
import {
  getLastWeekWinners,
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

/** A postback's plain-text answer, as the offerwall providers read it. */
const postbackAnswer = (description: string) => ({
  description,
  content: { 'text/plain': { schema: z.string() } },
});

export async function pointsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const decisionDeps = () => ({
    db,
    changes: app.changes,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    log: app.log,
  });

  app.get(
    '/api/cashback-firms',
    {
      schema: {
        operationId: 'listCashbackFirms',
        tags: ['points'],
        summary: 'Listed firms that pay cashback, with their percentage',
        response: { 200: z.array(CashbackFirmSchema) },
      },
      config: { cacheTags: ['firms'] },
    },
    () => listCashbackFirms(db),
  );

  app.get(
    '/api/cashback-claims',
    {
      schema: {
        operationId: 'listCashbackClaims',
        tags: ['points'],
        summary: "The signed-in trader's cashback claims, newest first",
        response: { 200: z.array(CashbackClaimSchema), 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listOwnClaims(db, (await requireUser(app, request)).id),
  );

  app.post(
    '/api/cashback-claims',
    {
      schema: {
        operationId: 'createCashbackClaim',
        tags: ['points'],
        summary:
          'File a cashback claim: multipart form with propFirmId, orderReference, amountSpent (dollars), purchaseDate (YYYY-MM-DD), then the receipt image as the file part',
        response: { 201: CashbackClaimSchema, ...errors, 413: UPLOAD_ERRORS[413], 415: UPLOAD_ERRORS[415] },
      },
      preHandler: rateLimit(app, [byUser('cashback-claim', 20, HOUR)]),
      preValidation: [
        // Who may claim is answered before the upload is read.
        async (request) => {
          await requireVerifiedUser(app, request);
        },
      ],
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const user = await requireVerifiedUser(app, request);
      const image = await receiveImage(request, { visibility: 'private' });
      try {
        const payload = parseClaimFields(image.fields);
        const claim = await createCashbackClaim(db, user.id, payload, image.key);
        return reply.status(201).send(claim);
      } catch (err) {
        // A refused claim leaves no receipt behind.
        await Promise.all(
          [image.key, ...image.variants.map((v) => v.key)].map((key) =>
            app.storage.delete(key, 'private').catch(() => undefined),
          ),
        );
        throw err;
      }
    },
  );

  app.get(
    '/api/cashback-claims/:id/proof',
    {
      schema: {
        operationId: 'getCashbackReceipt',
        response: { 200: binaryResponse('image/webp', 'The receipt image.'), 404: ErrorSchema },
        tags: ['points'],
        summary: "A claim's receipt image: only its claimant and admins",
        params: IdParamsSchema,
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = await requireUser(app, request);
      const bytes = await readClaimProof(db, app.storage, request.params.id, {
        userId: user.id,
        isAdmin: user.isAdmin,
      });
      return sendPrivateImage(reply, bytes);
    },
  );

  // /api/admin/* is guarded for admins by the accounts module; the handlers read the admin for the record.
  app.get(
    '/api/admin/cashback-claims',
    {
      schema: {
        operationId: 'listAdminCashbackClaims',
        tags: ['admin'],
        summary: 'Cashback claims of one status (pending: oldest first)',
        querystring: z.object({ status: z.enum(CLAIM_STATUSES).default('pending') }),
        response: { 200: z.array(AdminCashbackClaimSchema) },
      },
    },
    (request) => listClaimsForAdmin(db, request.query.status),
  );

  app.post(
    '/api/admin/cashback-claims/:id/approve',
    {
      schema: {
        operationId: 'approveCashbackClaim',
        tags: ['admin'],
        summary: 'Approve a pending claim: credits amount x percentage x the published rate',
        params: IdParamsSchema,
        response: { 200: CashbackClaimSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireUser(app, request);
      return decideClaim(decisionDeps(), request.params.id, admin.id, { decision: 'approve' });
    },
  );

  app.post(
    '/api/admin/cashback-claims/:id/reject',
    {
      schema: {
        operationId: 'rejectCashbackClaim',
        tags: ['admin'],
        summary: 'Reject a pending claim with a reason the trader sees',
        params: IdParamsSchema,
        body: z.object({
          reason: z.string().trim().min(3, 'Give the trader a reason (3 characters or more)').max(500),
        }),
        response: { 200: CashbackClaimSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireUser(app, request);
      return decideClaim(decisionDeps(), request.params.id, admin.id, {
        decision: 'reject',
        reason: request.body.reason,
      });
    },
  );

  app.get(
    '/api/points/history',
    {
      schema: {
        operationId: 'getPointsHistory',
        tags: ['points'],
        summary: "The signed-in user's balance and one page of their ledger, newest first",
        querystring: PageQuerySchema,
        response: { 200: PointsHistorySchema, 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => getPointsHistory(db, (await requireUser(app, request)).id, request.query.page),
  );

  app.get(
    '/api/payouts',
    {
      schema: {
        operationId: 'listPointsPayouts',
        tags: ['points'],
        summary: "The signed-in user's payouts, newest first",
        response: { 200: z.array(PayoutSchema), 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listOwnPayouts(db, (await requireUser(app, request)).id),
  );

  app.post(
    '/api/payouts',
    {
      schema: {
        operationId: 'requestPointsPayout',
        tags: ['points'],
        summary: 'Ask for a payout (PayPal email or USDT address); the points are debited at once',
        body: PayoutRequestSchema,
        response: { 201: PayoutSchema, ...errors },
      },
      preHandler: rateLimit(app, [byUser('payout', 10, HOUR)]),
      preValidation: [
        async (request) => {
          await requireVerifiedUser(app, request);
        },
      ],
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const user = await requireVerifiedUser(app, request);
      return reply.status(201).send(await requestPayout({ db, changes: app.changes }, user.id, request.body));
    },
  );

  app.get(
    '/api/admin/payouts',
    {
      schema: {
        operationId: 'listAdminPointsPayouts',
        tags: ['admin'],
        summary: 'Payouts of one status (pending: oldest first)',
        querystring: z.object({ status: z.enum(PAYOUT_STATUSES).default('pending') }),
        response: { 200: z.array(AdminPayoutSchema) },
      },
    },
    (request) => listPayoutsForAdmin(db, request.query.status),
  );

  app.post(
    '/api/admin/payouts/:id/paid',
    {
      schema: {
        operationId: 'markPointsPayoutPaid',
        tags: ['admin'],
        summary: 'Mark a pending payout paid, with the payment reference',
        params: IdParamsSchema,
        body: z.object({ reference: z.string().trim().min(3, 'Enter the payment reference').max(200) }),
        response: { 200: PayoutSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireUser(app, request);
      return decidePayout(decisionDeps(), request.params.id, admin.id, {
        decision: 'paid',
        reference: request.body.reference,
      });
    },
  );

  app.post(
    '/api/admin/payouts/:id/reject',
    {
      schema: {
        operationId: 'rejectPointsPayout',
        tags: ['admin'],
        summary: 'Reject a pending payout: its points come back to the trader',
        params: IdParamsSchema,
        body: z.object({
          reason: z.string().trim().min(3, 'Give the trader a reason (3 characters or more)').max(500),
        }),
        response: { 200: PayoutSchema, ...errors },
      },
    },
    async (request) => {
      const admin = await requireUser(app, request);
      return decidePayout(decisionDeps(), request.params.id, admin.id, {
        decision: 'reject',
        reason: request.body.reason,
      });
    },
  );

  app.post(
    '/api/admin/points/adjustments',
    {
      schema: {
        operationId: 'adjustPoints',
        tags: ['admin'],
        summary:
          "Change an account's balance by hand, with a required reason (a ledger row naming the admin)",
        body: AdjustmentSchema,
        response: { 201: z.object({ userId: z.string(), balance: z.number() }), ...errors },
      },
    },
    async (request, reply) => {
      const admin = await requireUser(app, request);
      return reply.status(201).send(await adjustPoints({ db, changes: app.changes }, admin.id, request.body));
    },
  );

  app.jobs.register(weeklyReviewAwardsJob(app.changes));

  app.get(
    '/api/points/program',
    {
      schema: {
        operationId: 'getPointsProgram',
        tags: ['points'],
        summary:
          'The public figures of the points program: cashback firms, last week’s top reviews, offerwalls',
        response: { 200: PointsProgramSchema },
      },
    },
    async () => ({
      cashbackFirms: await listCashbackFirms(db),
      lastWeek: await getLastWeekWinners(db),
      offerwalls: offerwallAvailability(app.env),
    }),
  );

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
      const user = await getSessionUser(app, request);
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
      const user = await requireVerifiedUser(app, request);
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
      const admin = await requireUser(app, request);
      await revokeAward(db, app.changes, admin.id, request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/offerwalls/:provider',
    {
      schema: {
        operationId: 'getOfferwallUrl',
        tags: ['points'],
        summary: "The offerwall's address for the signed-in user, or null when it is not configured",
        params: z.object({ provider: z.enum(['offerwall', 'adscend']) }),
        response: { 200: z.object({ url: z.string().nullable() }), 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => {
      const user = await requireUser(app, request);
      return { url: offerwallUrl(app.env, request.params.provider, user.id) };
    },
  );

  // Server-to-server callbacks of the offerwall providers, signed with the shared secret (no session).
  app.get(
    '/api/postbacks/:provider',
    {
      schema: {
        operationId: 'receivePostback',
        tags: ['points'],
        summary: 'Offerwall postback: credits or reverses the points of one offer transaction',
        description:
          'Query: transaction_id, user_id, points, status (1 credit, 2 reversal) and sig, the signature (security scheme offerwallSignature). Every postback is stored, refused ones with the reason; a repeated transaction credits nothing. The answer is plain text: `1 credited`, `1 reversed`, `1 duplicate` or `refused: <reason>`.',
        params: z.object({ provider: z.enum(['offerwall', 'adscend']) }),
        security: [{ [POSTBACK_SIGNATURE_SCHEME]: [] }],
        response: {
          200: postbackAnswer(
            'Accepted (credited, reversed, or a duplicate), or refused for an unknown user.',
          ),
          400: postbackAnswer('Refused: a parameter is missing or invalid.'),
          403: postbackAnswer('Refused: the signature does not match.'),
          404: postbackAnswer('Refused: this offerwall is not configured.'),
        },
      },
      preHandler: rateLimit(app, [byIp('postback', 600, MINUTE)]),
    },
    async (request, reply) => {
      const result = await receivePostback(
        { db, changes: app.changes, env: app.env },
        request.params.provider,
        request.query as Record<string, unknown>,
        request.ip,
      );
      return reply
        .status(result.status)
        .header('cache-control', 'no-store')
        .type('text/plain')
        .send(result.outcome === 'refused' ? `refused: ${result.refusalReason}` : `1 ${result.outcome}`);
    },
  );

  app.get(
    '/api/admin/postbacks',
    {
      schema: {
        operationId: 'listPostbacks',
        tags: ['admin'],
        summary: 'Offerwall postbacks, newest first: the refused ones, or all',
        querystring: z.object({ filter: z.enum(['refused', 'all']).default('refused') }),
      },
    },
    (request) => listPostbacks(db, request.query.filter),
  );

  app.get(
    '/api/home',
    {
      schema: {
        operationId: 'getHome',
        tags: ['home'],
        summary:
          "The signed-in home: the user's points, open claims and payouts, giveaways, new coupons, reviews",
        response: { 200: SignedInHomeSchema, 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => getSignedInHome(db, (await requireUser(app, request)).id),
  );
}
