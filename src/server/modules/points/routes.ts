import { z } from 'zod';
import { SignedInHomeSchema } from '../../../domain/home';
import { IdParamsSchema } from '../../../domain/ids';
import {
  AdjustmentSchema,
  AdminCashOutSchema,
  CASH_OUT_STATUSES,
  CashOutRequestSchema,
  CashOutSchema,
  PageQuerySchema,
  PointsHistorySchema,
  PointsProgramSchema,
} from '../../../domain/points';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byUser, HOUR, rateLimit } from '../../lib/rate-limit';
import {
  adjustPoints,
  decideCashOut,
  listCashOutsForAdmin,
  listOwnCashOuts,
  requestCashOut,
} from './cash-outs';
import { listCashbackFirms } from './cashback';
import { cashbackRoutes } from './cashback-routes';
import { getPointsHistory } from './history';
import { getSignedInHome } from './home';
import { offerwallRoutes } from './offerwall-routes';
import { offerwallAvailability } from './offerwalls';
import { reviewAwardRoutes } from './review-award-routes';
import { getLastWeekWinners } from './review-awards';

const errors = { 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema };

export async function pointsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const decisionDeps = () => ({
    db,
    changes: app.changes,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    log: app.log,
  });
  await cashbackRoutes(app, decisionDeps);
  await reviewAwardRoutes(app);
  await offerwallRoutes(app);

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
    async (request) => getPointsHistory(db, sessionUser(request).id, request.query.page),
  );

  app.get(
    '/api/points/cash-outs',
    {
      schema: {
        operationId: 'listOwnCashOuts',
        tags: ['points'],
        summary: "The signed-in user's cash-outs, newest first",
        response: { 200: z.array(CashOutSchema), 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listOwnCashOuts(db, sessionUser(request).id),
  );

  app.post(
    '/api/points/cash-outs',
    {
      schema: {
        operationId: 'requestCashOut',
        tags: ['points'],
        summary: 'Ask for a cash-out (PayPal email or USDT address); the points are debited at once',
        body: CashOutRequestSchema,
        response: { 201: CashOutSchema, ...errors },
      },
      preHandler: rateLimit(app, [byUser('cash-out', 10, HOUR)]),
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      return reply
        .status(201)
        .send(await requestCashOut({ db, changes: app.changes }, user.id, request.body));
    },
  );

  app.get(
    '/api/admin/points/cash-outs',
    {
      schema: {
        operationId: 'listAdminCashOuts',
        tags: ['admin'],
        summary: 'Cash-outs of one status (pending: oldest first)',
        querystring: z.object({ status: z.enum(CASH_OUT_STATUSES).default('pending') }),
        response: { 200: z.array(AdminCashOutSchema) },
      },
    },
    (request) => listCashOutsForAdmin(db, request.query.status),
  );

  app.post(
    '/api/admin/points/cash-outs/:id/paid',
    {
      schema: {
        operationId: 'markCashOutPaid',
        tags: ['admin'],
        summary: 'Mark a pending cash-out paid, with the payment reference',
        params: IdParamsSchema,
        body: z.object({ reference: z.string().trim().min(3, 'Enter the payment reference').max(200) }),
        response: { 200: CashOutSchema, ...errors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      return decideCashOut(decisionDeps(), request.params.id, admin.id, {
        decision: 'paid',
        reference: request.body.reference,
      });
    },
  );

  app.post(
    '/api/admin/points/cash-outs/:id/reject',
    {
      schema: {
        operationId: 'rejectCashOut',
        tags: ['admin'],
        summary: 'Reject a pending cash-out: its points come back to the trader',
        params: IdParamsSchema,
        body: z.object({
          reason: z.string().trim().min(3, 'Give the trader a reason (3 characters or more)').max(500),
        }),
        response: { 200: CashOutSchema, ...errors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      return decideCashOut(decisionDeps(), request.params.id, admin.id, {
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
      const admin = sessionUser(request);
      return reply.status(201).send(await adjustPoints({ db, changes: app.changes }, admin.id, request.body));
    },
  );

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
    '/api/home',
    {
      schema: {
        operationId: 'getHome',
        tags: ['home'],
        summary:
          "The signed-in home: the user's points, open claims and cash-outs, giveaways, new coupons, reviews",
        response: { 200: SignedInHomeSchema, 401: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request) => getSignedInHome(db, sessionUser(request).id),
  );
}
