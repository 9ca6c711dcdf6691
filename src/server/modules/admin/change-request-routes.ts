import { AdminFirmSchema } from '../../../domain/admin-firms';
import {
  AdminChangeRequestListQuerySchema,
  AdminChangeRequestListSchema,
  AdminChangeRequestSchema,
  ApproveChangeRequestSchema,
  ChangeRequestCreatedSchema,
  ChangeRequestPayloadSchema,
  FirmConsoleOverviewSchema,
  RejectChangeRequestSchema,
} from '../../../domain/change-requests';
import { FirmSlugParamsSchema } from '../../../domain/firms';
import { IdParamsSchema } from '../../../domain/ids';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { byUser, HOUR, rateLimit } from '../../lib/rate-limit';
import { startRuleChangeEmails } from '../rule-changes/service';
import { decideChangeRequest, listAdminChangeRequests } from './change-request-decisions';
import { type ChangeRequestDeps, getFirmConsole, proposeFirmChange } from './change-requests';
import { getFirmConsoleOverview } from './firm-console';

const tags = ['firm-console'];
const refusals = { 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema };

export async function changeRequestsRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const deps = (): ChangeRequestDeps => ({
    db,
    changes: app.changes,
    mailer: app.mailer,
    publicUrl: app.env.PUBLIC_URL,
    log: app.log,
  });

  app.get(
    '/api/firm-console/:slug',
    {
      schema: {
        operationId: 'getFirmConsole',
        tags,
        summary: "A firm's data as the admin editor loads it, for its representatives and admins",
        params: FirmSlugParamsSchema,
        response: { 200: AdminFirmSchema, ...refusals },
      },
      config: { access: 'user' },
    },
    (request) => getFirmConsole(db, sessionUser(request), request.params.slug),
  );

  app.get(
    '/api/firm-console/:slug/overview',
    {
      schema: {
        operationId: 'getFirmConsoleOverview',
        tags,
        summary:
          "The console's figures (30 days against the 30 before), reviews and denied reports without a reply, coupons and corrections",
        params: FirmSlugParamsSchema,
        response: { 200: FirmConsoleOverviewSchema, ...refusals },
      },
      config: { access: 'user' },
    },
    (request) => getFirmConsoleOverview(db, sessionUser(request), request.params.slug),
  );

  app.post(
    '/api/firm-console/:slug/change-requests',
    {
      schema: {
        operationId: 'createChangeRequest',
        tags,
        summary: "Propose a correction of the firm's data for an admin to check and apply",
        description:
          "The body of `PUT /api/admin/firms/{id}` (`{ version, firm }`, the same checks and messages) plus `note` and `source`, a link to the firm's own page. Prop Firm Club's own fields (trust rating, featured, listing, its links and programmes) cannot be changed (400). 409 when the firm was saved since `version`, or a correction of it is already waiting.",
        params: FirmSlugParamsSchema,
        body: ChangeRequestPayloadSchema,
        response: { 201: ChangeRequestCreatedSchema, 400: ErrorSchema, 409: ErrorSchema, ...refusals },
      },
      preHandler: rateLimit(app, [byUser('change-request', 20, HOUR)]),
      config: { access: 'verified' },
    },
    async (request, reply) => {
      const created = await proposeFirmChange(
        deps(),
        sessionUser(request),
        request.params.slug,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  // /api/admin/* is for admins only (lib/access.ts); the handlers read the admin for the record.
  app.get(
    '/api/admin/change-requests',
    {
      schema: {
        operationId: 'listAdminChangeRequests',
        tags: ['admin'],
        summary: "Firms' corrections: pending ones with the dry run of applying them, or decided ones",
        querystring: AdminChangeRequestListQuerySchema,
        response: { 200: AdminChangeRequestListSchema },
      },
    },
    (request) => listAdminChangeRequests(db, sessionUser(request), request.query.status),
  );

  app.post(
    '/api/admin/change-requests/:id/approve',
    {
      schema: {
        operationId: 'approveChangeRequest',
        tags: ['admin'],
        summary: "Apply a firm's correction through the editor's save",
        description:
          "`version` is the firm's version the admin looked at: 409 when it was saved since (look at what changed, then approve again). Rule changes enter the firm's history as reported by the firm and checked by Prop Firm Club, and are mailed to its followers.",
        params: IdParamsSchema,
        body: ApproveChangeRequestSchema,
        response: { 200: AdminChangeRequestSchema, 400: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) => {
      const { request: decided, saved } = await decideChangeRequest(
        deps(),
        sessionUser(request),
        request.params.id,
        { action: 'approve', version: request.body.version },
      );
      if (saved?.ruleChanges.changes.length)
        void startRuleChangeEmails(
          app,
          [{ firmId: saved.firm.id, batchId: saved.ruleChanges.batchId }],
          request.log,
        );
      return decided;
    },
  );

  app.post(
    '/api/admin/change-requests/:id/reject',
    {
      schema: {
        operationId: 'rejectChangeRequest',
        tags: ['admin'],
        summary: "Reject a firm's correction with a reason its representatives read",
        params: IdParamsSchema,
        body: RejectChangeRequestSchema,
        response: { 200: AdminChangeRequestSchema, 404: ErrorSchema, 409: ErrorSchema },
      },
    },
    async (request) =>
      (
        await decideChangeRequest(deps(), sessionUser(request), request.params.id, {
          action: 'reject',
          reason: request.body.reason,
        })
      ).request,
  );
}
