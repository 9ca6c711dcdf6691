import { z } from 'zod';
import { FirmSlugParamsSchema } from '../../../domain/firms';
import { IdParamsSchema } from '../../../domain/ids';
import { PAYOUT_IMAGES_MAX, PAYOUT_REPORTS_PER_DAY } from '../../../domain/payout-rules';
import {
  AdminPayoutReportPageSchema,
  AdminPayoutReportQuerySchema,
  AdminPayoutReportSchema,
  OwnPayoutReportListSchema,
  OwnPayoutReportSchema,
  PayoutImageParamsSchema,
  PublicPayoutReportPageSchema,
  PublicPayoutReportQuerySchema,
  RejectPayoutReportSchema,
  RevokePayoutReportSchema,
  VerifyPayoutReportSchema,
} from '../../../domain/payouts';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byUser, HOUR, rateLimit } from '../../lib/rate-limit';
import { readImageForm, sendPrivateImage } from '../../lib/uploads';
import { decidePayoutReport } from './decisions';
import { payoutRecordsJob } from './jobs';
import { listAdminPayoutReports } from './queue';
import { createPayoutReportModel, listFirmPayoutReports } from './report-model';
import { listOwnPayoutReports, readPayoutReportImage } from './reports';
import type { PayoutDeps } from './service';
import { createPayoutReport, ReportLimitError } from './submission';

const DAY = 24 * HOUR;
const decisionErrors = { 404: ErrorSchema, 409: ErrorSchema };

export async function payoutsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const deps = (): PayoutDeps => ({
    db,
    storage: app.storage,
    changes: app.changes,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    log: app.log,
  });
  app.jobs.register(payoutRecordsJob(app.changes));
  const reportModel = app.readModels.register(createPayoutReportModel(db));

  app.get(
    '/api/firms/:slug/payout-reports',
    {
      schema: {
        operationId: 'listFirmPayoutReports',
        tags: ['payouts'],
        summary: "A listed firm's verified payout reports, newest first (never images or references)",
        params: FirmSlugParamsSchema,
        querystring: PublicPayoutReportQuerySchema,
        response: { 200: PublicPayoutReportPageSchema, 404: ErrorSchema },
      },
      config: { cacheTags: ['payouts', 'firms', 'users'] },
    },
    async (request) => listFirmPayoutReports(db, reportModel, request.params.slug, request.query),
  );

  app.post(
    '/api/firms/:slug/payout-reports',
    {
      schema: {
        operationId: 'createPayoutReport',
        tags: ['payouts'],
        summary: `Report a payout or a denial: a multipart form of the report's fields (domain/payouts.ts PayoutReportFieldsSchema) and up to ${PAYOUT_IMAGES_MAX} image files (5 MB each), kept private`,
        description: `A transaction or processor reference is reported once on the whole site (409 names it); at most ${PAYOUT_REPORTS_PER_DAY} reports a day per trader (429 with Retry-After). A refused report stores nothing.`,
        params: FirmSlugParamsSchema,
        response: {
          201: OwnPayoutReportSchema,
          404: ErrorSchema,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          429: ErrorSchema,
        },
      },
      // A guard against floods of requests; the daily rule itself counts stored reports.
      preHandler: rateLimit(app, [byUser('payout-report', 6 * PAYOUT_REPORTS_PER_DAY, DAY)]),
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const { fields, files } = await readImageForm(request, { maxFiles: PAYOUT_IMAGES_MAX });
      try {
        const report = await createPayoutReport(deps(), user.id, request.params.slug, fields, files);
        return reply.status(201).send(report);
      } catch (err) {
        if (err instanceof ReportLimitError) reply.header('retry-after', String(err.retryAfterSeconds));
        throw err;
      }
    },
  );

  app.get(
    '/api/profile/payout-reports',
    {
      schema: {
        operationId: 'listOwnPayoutReports',
        tags: ['payouts'],
        summary: "The signed-in trader's payout reports and where each stands, newest first",
        response: { 200: OwnPayoutReportListSchema },
      },
      config: { access: 'user' },
    },
    async (request) => listOwnPayoutReports(db, sessionUser(request).id),
  );

  app.get(
    '/api/payout-reports/:id/images/:n',
    {
      schema: {
        operationId: 'getPayoutReportImage',
        tags: ['payouts'],
        summary: "A report's n-th evidence image (WebP): only its reporter and admins",
        params: PayoutImageParamsSchema,
        response: { 200: z.any().describe('The image bytes (image/webp)'), 404: ErrorSchema },
      },
      config: { access: 'user' },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const bytes = await readPayoutReportImage(db, app.storage, request.params.id, request.params.n, {
        userId: user.id,
        isAdmin: user.isAdmin,
      });
      return sendPrivateImage(reply, bytes);
    },
  );

  // /api/admin/* is for admins only (lib/access.ts); the handlers read the admin for the record.
  app.get(
    '/api/admin/payout-reports',
    {
      schema: {
        operationId: 'listAdminPayoutReports',
        tags: ['payouts'],
        summary: 'The payout report queue: pending (oldest first), verified, rejected or flagged',
        querystring: AdminPayoutReportQuerySchema,
        response: { 200: AdminPayoutReportPageSchema },
      },
    },
    (request) => listAdminPayoutReports(db, request.query),
  );

  app.post(
    '/api/admin/payout-reports/:id/verify',
    {
      schema: {
        operationId: 'verifyPayoutReport',
        tags: ['payouts'],
        summary:
          'Verify a pending or rejected report with its evidence grade (a paid report earns points once)',
        params: IdParamsSchema,
        body: VerifyPayoutReportSchema,
        response: { 200: AdminPayoutReportSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      return decidePayoutReport(deps(), request.params.id, admin, {
        action: 'verify',
        grade: request.body.grade,
      });
    },
  );

  app.post(
    '/api/admin/payout-reports/:id/reject',
    {
      schema: {
        operationId: 'rejectPayoutReport',
        tags: ['payouts'],
        summary: 'Reject a pending report with a reason the reporter is shown and emailed',
        params: IdParamsSchema,
        body: RejectPayoutReportSchema,
        response: { 200: AdminPayoutReportSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      return decidePayoutReport(deps(), request.params.id, admin, {
        action: 'reject',
        reason: request.body.reason,
      });
    },
  );

  app.post(
    '/api/admin/payout-reports/:id/revoke',
    {
      schema: {
        operationId: 'revokePayoutReport',
        tags: ['payouts'],
        summary:
          "Revoke a report's verification with a reason: its points are taken back and the firm's record recomputed",
        params: IdParamsSchema,
        body: RevokePayoutReportSchema,
        response: { 200: AdminPayoutReportSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      return decidePayoutReport(deps(), request.params.id, admin, {
        action: 'revoke',
        reason: request.body.reason,
      });
    },
  );
}
