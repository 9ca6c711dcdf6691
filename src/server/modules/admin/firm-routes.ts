import { z } from 'zod';
import {
  AdminFirmListQuerySchema,
  AdminFirmPageSchema,
  AdminFirmSchema,
  AdminUnlistedFirmSchema,
  FirmInputSchema,
  FirmOptionsSchema,
  FirmUpdateSchema,
  ResourceInputSchema,
  ResourceOptionSchema,
  UnlistedFirmInputSchema,
  UnlistedFirmUpdateSchema,
  VersionQuerySchema,
} from '../../../domain/admin-firms';
import { IdParamsSchema } from '../../../domain/ids';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { startRuleChangeEmails } from '../rule-changes/service';
import { getAdminFirm } from './firm-document';
import { listAdminFirms, listFirmOptions } from './firm-list';
import { createFirm, createResource, deleteFirm, updateFirm } from './firms';
import {
  createUnlistedFirm,
  deleteUnlistedFirm,
  listAdminUnlistedFirms,
  updateUnlistedFirm,
} from './unlisted';

const tags = ['admin'];

export async function adminFirmRoutes(app: Http): Promise<void> {
  const db = app.database.db;

  app.get(
    '/api/admin/firms',
    {
      schema: {
        operationId: 'listAdminFirms',
        tags,
        summary: 'Every firm, listed or not: search by name or slug, sort, 20 a page',
        querystring: AdminFirmListQuerySchema,
        response: { 200: AdminFirmPageSchema },
      },
    },
    (request) => listAdminFirms(db, request.query),
  );

  app.get(
    '/api/admin/firms/options',
    {
      schema: {
        operationId: 'listFirmOptions',
        tags,
        summary: 'Platforms and payout methods a firm can be given',
        response: { 200: FirmOptionsSchema },
      },
    },
    () => listFirmOptions(db),
  );

  app.get(
    '/api/admin/firms/:id',
    {
      schema: {
        operationId: 'getAdminFirm',
        tags,
        summary: 'One firm with every editable field, its funding models and accounts, and its version',
        params: IdParamsSchema,
        response: { 404: ErrorSchema, 200: AdminFirmSchema },
      },
    },
    (request) => getAdminFirm(db, request.params.id),
  );

  app.post(
    '/api/admin/firms',
    {
      schema: {
        operationId: 'createFirm',
        tags,
        summary: 'Create a firm',
        body: FirmInputSchema,
        response: { 409: ErrorSchema, 201: AdminFirmSchema },
      },
    },
    async (request, reply) => {
      const firm = await createFirm(db, app.changes, sessionUser(request), request.body);
      return reply.status(201).send(firm);
    },
  );

  app.put(
    '/api/admin/firms/:id',
    {
      schema: {
        operationId: 'updateFirm',
        tags,
        summary: 'Save a firm over the version it was edited from (409 when it has changed since)',
        description:
          "Funding models and accounts are saved with the firm: items with an id are updated, without one created, missing ones deleted. Changes to rules, prices and account sizes are recorded in the firm's public rule-change history and mailed to its followers.",
        params: IdParamsSchema,
        body: FirmUpdateSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema, 200: AdminFirmSchema },
      },
    },
    async (request) => {
      const saved = await updateFirm(
        db,
        app.changes,
        sessionUser(request),
        request.params.id,
        request.body.version,
        request.body.firm,
      );
      if (saved.ruleChanges.changes.length)
        void startRuleChangeEmails(
          app,
          [{ firmId: saved.firm.id, batchId: saved.ruleChanges.batchId }],
          request.log,
        );
      return saved.firm;
    },
  );

  app.delete(
    '/api/admin/firms/:id',
    {
      schema: {
        operationId: 'deleteFirm',
        response: { 204: z.null(), 404: ErrorSchema, 409: ErrorSchema },
        tags,
        summary:
          'Delete a firm with its funding models, accounts and reviews (409 when it has changed since)',
        params: IdParamsSchema,
        querystring: VersionQuerySchema,
      },
    },
    async (request, reply) => {
      await deleteFirm(db, app.changes, sessionUser(request), request.params.id, request.query.version);
      return reply.status(204).send(null);
    },
  );

  for (const kind of ['platforms', 'payout-methods'] as const) {
    app.post(
      `/api/admin/${kind}`,
      {
        schema: {
          operationId: kind === 'platforms' ? 'createPlatform' : 'createPayoutMethod',
          tags,
          summary: kind === 'platforms' ? 'Create a trading platform' : 'Create a payout method',
          body: ResourceInputSchema,
          response: { 201: ResourceOptionSchema },
        },
      },
      async (request, reply) => {
        const created = await createResource(db, app.changes, sessionUser(request), kind, request.body);
        return reply.status(201).send(created);
      },
    );
  }

  app.get(
    '/api/admin/unlisted-firms',
    {
      schema: {
        operationId: 'listAdminUnlistedFirms',
        tags,
        summary: 'The "Firms Not Yet Listed" entries',
        response: { 200: z.array(AdminUnlistedFirmSchema) },
      },
    },
    () => listAdminUnlistedFirms(db),
  );
  app.post(
    '/api/admin/unlisted-firms',
    {
      schema: {
        operationId: 'createUnlistedFirm',
        summary: 'Add an entry to "Firms Not Yet Listed"',
        tags,
        body: UnlistedFirmInputSchema,
        response: { 201: AdminUnlistedFirmSchema },
      },
    },
    async (request, reply) => {
      const created = await createUnlistedFirm(db, app.changes, sessionUser(request), request.body);
      return reply.status(201).send(created);
    },
  );
  app.put(
    '/api/admin/unlisted-firms/:id',
    {
      schema: {
        operationId: 'updateUnlistedFirm',
        tags,
        summary: 'Save over the version the form was loaded from (a newer one: 409 Conflict)',
        params: IdParamsSchema,
        body: UnlistedFirmUpdateSchema,
        response: { 404: ErrorSchema, 409: ErrorSchema, 200: AdminUnlistedFirmSchema },
      },
    },
    async (request) => {
      return updateUnlistedFirm(db, app.changes, sessionUser(request), request.params.id, request.body);
    },
  );
  app.delete(
    '/api/admin/unlisted-firms/:id',
    {
      schema: {
        operationId: 'deleteUnlistedFirm',
        response: { 204: z.null(), 404: ErrorSchema, 409: ErrorSchema },
        summary: 'Delete a "Firms Not Yet Listed" entry',
        tags,
        params: IdParamsSchema,
        querystring: VersionQuerySchema,
      },
    },
    async (request, reply) => {
      await deleteUnlistedFirm(
        db,
        app.changes,
        sessionUser(request),
        request.params.id,
        request.query.version,
      );
      return reply.status(204).send(null);
    },
  );
}
