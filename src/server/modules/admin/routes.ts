import fp from 'fastify-plugin';
import { AdminOverviewSchema, AuditPageSchema, AuditQuerySchema } from '../../../domain/admin';
import {
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserQuerySchema,
  AdminUserSchema,
  RolePayloadSchema,
  SuspensionPayloadSchema,
  UserIdParamsSchema,
} from '../../../domain/admin-users';
import { sessionUser } from '../../lib/access';
import { ErrorSchema, type Http } from '../../lib/http';
import { adminCatalogRoutes } from './catalog-routes';
import { changeRequestsRoutes } from './change-request-routes';
import { adminContentRoutes } from './content-routes';
import { adminFirmRoutes } from './firm-routes';
import { adminPostRoutes } from './post-routes';
import { getAdminOverview, listAuditEntries } from './service';
import { getAdminUser, liftSuspension, listAdminUsers, setAdminRole, suspendUser } from './users';

/**
 * The admin API. Every /api/admin path, unknown ones included, is for admins only (lib/access.ts):
 * 401 signed out, 403 for anyone who is not an admin.
 */
export const adminRoutes = fp(
  async (app: Http) => {
    const db = app.database.db;
    const tags = ['admin'];

    app.get(
      '/api/admin/overview',
      {
        schema: {
          operationId: 'getAdminOverview',
          tags,
          summary: 'Counts of what the site holds and the queues waiting for an admin',
          response: { 200: AdminOverviewSchema },
        },
      },
      () => getAdminOverview(db),
    );

    app.get(
      '/api/admin/audit',
      {
        schema: {
          operationId: 'listAuditEntries',
          tags,
          summary: 'The audit log of admin writes, newest first, 25 a page, optionally for one entity',
          querystring: AuditQuerySchema,
          response: { 200: AuditPageSchema },
        },
      },
      (request) => listAuditEntries(db, request.query),
    );

    app.get(
      '/api/admin/users',
      {
        schema: {
          operationId: 'listUsers',
          tags,
          summary: 'Users, newest first, searched by email, name or username; 25 a page',
          querystring: AdminUserQuerySchema,
          response: { 200: AdminUserPageSchema },
        },
      },
      (request) => listAdminUsers(db, request.query),
    );
    app.get(
      '/api/admin/users/:id',
      {
        schema: {
          operationId: 'getUser',
          tags,
          summary: 'One user with their reviews, giveaway entries, cashback claims and latest points',
          params: UserIdParamsSchema,
          response: { 200: AdminUserDetailSchema, 404: ErrorSchema },
        },
      },
      (request) => getAdminUser(db, request.params.id),
    );
    app.put(
      '/api/admin/users/:id/role',
      {
        schema: {
          operationId: 'setUserRole',
          tags,
          summary: 'Grant or revoke admin; the last admin cannot be removed (409)',
          params: UserIdParamsSchema,
          body: RolePayloadSchema,
          response: { 200: AdminUserSchema, 404: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (request) =>
        setAdminRole(db, app.changes, sessionUser(request), request.params.id, request.body.admin),
    );

    app.put(
      '/api/admin/users/:id/suspension',
      {
        schema: {
          operationId: 'suspendUser',
          tags,
          summary:
            'Suspend a user (their sessions end at once; log-in refused with the reason); admins and yourself: 409',
          params: UserIdParamsSchema,
          body: SuspensionPayloadSchema,
          response: { 200: AdminUserSchema, 404: ErrorSchema, 409: ErrorSchema },
        },
      },
      async (request) => suspendUser(db, app.changes, sessionUser(request), request.params.id, request.body),
    );
    app.delete(
      '/api/admin/users/:id/suspension',
      {
        schema: {
          operationId: 'unsuspendUser',
          tags,
          summary: "Lift a user's suspension",
          params: UserIdParamsSchema,
          response: { 200: AdminUserSchema, 404: ErrorSchema },
        },
      },
      async (request) => liftSuspension(db, app.changes, sessionUser(request), request.params.id),
    );

    await app.register(adminFirmRoutes);
    await app.register(adminContentRoutes);
    await app.register(adminCatalogRoutes);
    await app.register(adminPostRoutes);
    await app.register(changeRequestsRoutes);
  },
  { name: 'admin', dependencies: ['accounts'] },
);
